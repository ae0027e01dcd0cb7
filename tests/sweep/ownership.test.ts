// Ownership sweep: owner A's ids, asked for by user B, by a signed-out visitor and (for the admin
// area) by an ordinary user, on every loader and action of every route. New routes are covered
// automatically; only the routes below are public by design.
import { afterAll, describe, expect, it } from "vitest";

import { makeRequest } from "../utils/auth";
import { buildWorld, loadRouteModules, paramNames, routePath, type RouteModule } from "./route-fixtures";

/** Public by design: reached by an unguessable link or token, or with no data of anyone's. */
const PUBLIC = [
  /^contribute\./, // public story form (unguessable public id)
  /^testimonials\./, // public testimonial flow
  /^api\.testimonials\./,
  /^unsubscribe\./, // per-recipient token
  /^webhooks\./, // signed by Mailgun
  /^dev\./, // outside production only
  /^api\.external\./, // API keys (401 without one, checked below)
  /^(login|logout|reset-password|change-password|admin-login|admin\.logout|auth\.callback|resources\.theme|dashboard|_index|\$)/,
  /^api\.(login|logout|register|auth\.)/,
];
const isPublic = (file: string) => PUBLIC.some((p) => p.test(file));
const isAdmin = (file: string) => /^(admin|api\.admin)/.test(file);

async function statusOf(fn: RouteModule["loader"], request: Request, params: Record<string, string>) {
  requests++;
  try {
    const result = await fn!({ request, params, context: { cspNonce: "" } });
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const modules = (await loadRouteModules()).filter(
  (m) => !isPublic(m.file) && (paramNames(m.file).length > 0 || isAdmin(m.file)),
);
const world = await buildWorld();
let requests = 0;
afterAll(() => {
  const actions = modules.filter((m) => m.action).length;
  const loaders = modules.filter((m) => m.loader).length;
  console.log(
    `ownership sweep: ${modules.length} routes with owner A's ids (${loaders} loaders, ${actions} actions), ${requests} requests as user B or a visitor`,
  );
});

describe.each(modules.map((m) => [m.file, m] as const))("%s", (file, mod) => {
  const params = world.paramsFor(file);
  const path = routePath(file, params);
  // Any 4xx leaves the data alone (checked below: owner A's rows are unchanged afterwards).
  const refused = (status: number) => status >= 400 && status < 500;
  const toLogin = (status: number) => status === 302;

  it("user B cannot read or change owner A's data", async () => {
    if (mod.loader)
      expect(
        refused(await statusOf(mod.loader, makeRequest(path, { cookie: world.other.cookie }), params)),
        `GET ${path}`,
      ).toBe(true);
    if (mod.action) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const request = makeRequest(path, {
          method,
          cookie: world.other.cookie,
          form: { intent: "delete", title: "hijack", name: "hijack" },
        });
        expect(refused(await statusOf(mod.action, request, params)), `${method} ${path}`).toBe(true);
      }
    }
  });

  it("a signed-out visitor gets 401/403/404 or the sign-in page", async () => {
    if (mod.loader) {
      const status = await statusOf(mod.loader, makeRequest(path), params);
      expect(refused(status) || toLogin(status), `GET ${path} → ${status}`).toBe(true);
    }
    if (mod.action) {
      const status = await statusOf(
        mod.action,
        makeRequest(path, { method: "POST", form: { intent: "delete" } }),
        params,
      );
      expect(refused(status) || toLogin(status), `POST ${path} → ${status}`).toBe(true);
    }
  });
});

describe("the external API refuses calls without a valid key", async () => {
  const external = (await loadRouteModules()).filter((m) => m.file.startsWith("api.external."));
  it.each(external.map((m) => [m.file, m] as const))("%s", async (file, mod) => {
    const params = world.paramsFor(file);
    const fn = mod.action ?? mod.loader;
    const request = makeRequest(routePath(file, params), {
      method: mod.action ? "POST" : "GET",
      headers: { Authorization: "Bearer not-a-key" },
      cookie: world.owner.cookie,
      json: mod.action ? { title: "t", content: "c" } : undefined,
    });
    expect(await statusOf(fn, request, params)).toBe(401);
  });
});

describe("owner A's data after the sweep", () => {
  it("is unchanged", () => {
    expect(world.snapshot()).toEqual(world.initialSnapshot);
  });
});
