// Every action of every route, fed bodies no browser would send, as a visitor, the owner and an
// administrator: the answer is never a 5xx nor an error thrown out of the action.
import { afterAll, describe, expect, it } from "vitest";

import { makeRequest } from "../utils/auth";
import { rolledBack } from "./db-fingerprint";
import { buildWorld, loadRouteModules, routePath } from "./route-fixtures";
import { sweepCall } from "./sweep-call";

const BODIES: Array<[string, () => { body?: BodyInit; headers?: Record<string, string> }]> = [
  ["broken JSON", () => ({ body: '{"title": ', headers: { "Content-Type": "application/json" } })],
  [
    "JSON of the wrong shape",
    () => ({ body: JSON.stringify([null, 1, { a: [] }]), headers: { "Content-Type": "application/json" } }),
  ],
  [
    "wrong types",
    () => ({
      body: JSON.stringify({
        title: 1,
        email: [],
        name: {},
        isActive: "maybe",
        ids: "x",
        collections: 5,
        sortOrder: "x",
        questions: "q",
        days: "forever",
      }),
      headers: { "Content-Type": "application/json" },
    }),
  ],
  [
    "huge values",
    () => ({
      body: JSON.stringify({
        title: "t".repeat(300_000),
        email: `${"a".repeat(10_000)}@x.io`,
        content: "c".repeat(300_000),
      }),
      headers: { "Content-Type": "application/json" },
    }),
  ],
  ["unknown content type", () => ({ body: "hello", headers: { "Content-Type": "text/plain" } })],
  [
    "truncated multipart",
    () => ({
      body: '--B\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
      headers: { "Content-Type": "multipart/form-data; boundary=B" },
    }),
  ],
  [
    "form with odd intents",
    () => ({
      body: "intent=%00%FF&intent=delete&id=&title=" + "x".repeat(5000),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  ],
  [
    "bad encoding",
    () => ({
      body: Buffer.from([0xff, 0xfe, 0x3d, 0xc3, 0x28]),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  ],
];

const modules = await loadRouteModules();
const world = await buildWorld();
const withActions = modules.filter((m) => m.action);
let tried = 0;
afterAll(() =>
  console.log(
    `malformed-body sweep: ${withActions.length} actions × 4 methods × ${BODIES.length} bodies × 3 identities, ${tried} requests`,
  ),
);

describe.each(withActions.map((m) => [m.file, m] as const))("%s", (file, mod) => {
  const params = world.paramsFor(file);
  const who: Array<[string, string | undefined]> = [
    ["visitor", undefined],
    ["owner", world.owner.cookie],
    ["admin", `${world.adminCookie}; ${world.admin.cookie}`],
  ];
  it.each(who)("as %s: malformed bodies answer 4xx, never 500", async (_label, cookie) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const [name, make] of BODIES) {
        const { body, headers } = make();
        const request = makeRequest(routePath(file, params), { method, cookie, body, headers });
        // Rolled back: a logout or delete that succeeds must not sign out or empty the routes after it.
        const { status } = await rolledBack(() => sweepCall(mod.action!, request, params, `(${name})`));
        tried++;
        // Bodies whose odd fields are simply ignored may succeed with defaults; none may fail with a 5xx.
        expect(status < 500, `${method} ${file} (${name}) answered ${status}`).toBe(true);
      }
    }
  });
});
