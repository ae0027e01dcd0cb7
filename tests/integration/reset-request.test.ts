// /reset-password does the same work for known and unknown addresses. It used to wait for
// the mail provider only when the address had an account, so the time of the answer told who has one.
// Here the provider never answers until the test lets it: the page must answer first, either way.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { callRoute } from "../utils/auth";

const held: http.ServerResponse[] = [];
let provider: http.Server;

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => held.push(res));
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, {
    MAILGUN_API_KEY: "key-reset-test",
    MAILGUN_DOMAIN: "mg.storyhearth.test",
    MAILGUN_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
  });
  // The modules that read the environment, loaded against this provider.
  vi.resetModules();
});
afterAll(async () => {
  for (const res of held.splice(0)) res.destroy();
  await new Promise((resolve) => provider.close(resolve));
});

const load = async () => ({
  page: await import("~/routes/_auth+/reset-password._index"),
  api: await import("~/routes/api+/auth+/reset-password"),
  users: await import("~/models/user.server"),
  db: (await import("~/lib/db.server")).db,
});

const form = (email: string) =>
  new Request("http://localhost/reset-password", { method: "POST", body: new URLSearchParams({ email }) });
const json = (email: string) =>
  new Request("http://localhost/api/auth/reset-password", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });

describe("asking for a password reset", () => {
  it("answers a known address before the mail provider does, as it answers an unknown one; the mail still goes", async () => {
    const { page, api, users, db } = await load();
    const { emailOutbox } = await import("#db/schema");
    const { eq } = await import("drizzle-orm");
    const mailTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).all();
    const unknown = [`nobody-${randomUUID()}@example.com`, `nobody-${randomUUID()}@example.com`];
    const known = await users.createUser({
      email: `known-${randomUUID()}@example.com`,
      password: "the-right-password",
    });

    // The provider holds every request: an answer that waited for it would never come.
    const answers = await Promise.all([
      callRoute(page.action, form(known.email)),
      callRoute(page.action, form(unknown[0]!)),
      callRoute(api.action, json(known.email)),
      callRoute(api.action, json(unknown[1]!)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const [knownPage, unknownPage] = (await Promise.all(answers.slice(0, 2).map((a) => a.json()))) as Array<{
      sent: boolean;
    }>;
    expect(knownPage!.sent).toBe(true);
    expect(unknownPage!.sent).toBe(true);
    const [knownApi, unknownApi] = await Promise.all(answers.slice(2).map((a) => a.json()));
    expect(knownApi).toEqual(unknownApi);

    // Two resets for the known address reach the provider after the answers; let them through.
    await vi.waitFor(() => expect(held).toHaveLength(2), { timeout: 10_000 });
    for (const res of held.splice(0)) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: `<${randomUUID()}@mg.storyhearth.test>`, message: "Queued. Thank you." }));
    }
    await vi.waitFor(() => expect(mailTo(known.email).map((r) => r.status)).toEqual(["sent", "sent"]), {
      timeout: 10_000,
    });
    for (const address of unknown) expect(mailTo(address)).toEqual([]);
  });
});
