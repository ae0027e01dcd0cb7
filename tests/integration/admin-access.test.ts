// Every administrator page and /api/admin call of this area refuses a signed-out visitor and an
// ordinary user (also an admin-role user signed in only through the ordinary login).
import { describe, expect, it } from "vitest";

import * as activity from "~/routes/admin+/activity";
import * as apiKeysPage from "~/routes/admin+/api-keys";
import * as createPage from "~/routes/admin+/create";
import * as metricsPage from "~/routes/admin+/metrics";
import * as templatesPage from "~/routes/admin+/prompt-templates";
import * as settingsPage from "~/routes/admin+/settings";
import * as collectionsPage from "~/routes/admin+/story-collections";
import * as errorsPage from "~/routes/admin+/system-errors";
import * as activityApi from "~/routes/api+/admin+/activity";
import * as keys from "~/routes/api+/admin+/api-keys";
import * as keyById from "~/routes/api+/admin+/api-keys.$id";
import * as keyDeactivate from "~/routes/api+/admin+/api-keys.$id.deactivate";
import * as keyToggle from "~/routes/api+/admin+/api-keys.$id.toggle";
import * as docs from "~/routes/api+/admin+/documentation";
import * as metrics from "~/routes/api+/admin+/metrics";
import * as templates from "~/routes/api+/admin+/prompt-templates";
import * as templateById from "~/routes/api+/admin+/prompt-templates.$id";
import * as templateDefault from "~/routes/api+/admin+/prompt-templates.$id.set-default";
import * as collections from "~/routes/api+/admin+/story-collections";
import * as collectionById from "~/routes/api+/admin+/story-collections.$id";
import * as collectionToggle from "~/routes/api+/admin+/story-collections.$id.toggle";
import * as reorder from "~/routes/api+/admin+/story-collections.reorder";
import * as errors from "~/routes/api+/admin+/system-errors";
import * as errorResolve from "~/routes/api+/admin+/system-errors.$id.resolve";
import * as unresolved from "~/routes/api+/admin+/system-errors.unresolved";
import * as topUsers from "~/routes/api+/admin+/top-users";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";

type Fn = Parameters<typeof callRoute>[0];
type Call = { name: string; fn: Fn; method: string; path: string; params?: Record<string, string>; json?: unknown };

const id = { id: "some-id" };
const apiCalls: Call[] = [
  { name: "GET story-collections", fn: collections.loader, method: "GET", path: "/api/admin/story-collections" },
  {
    name: "POST story-collections",
    fn: collections.action,
    method: "POST",
    path: "/api/admin/story-collections",
    json: { title: "T", prompt: "P" },
  },
  {
    name: "GET story-collection",
    fn: collectionById.loader,
    method: "GET",
    path: "/api/admin/story-collections/some-id",
    params: id,
  },
  {
    name: "PUT story-collection",
    fn: collectionById.action,
    method: "PUT",
    path: "/api/admin/story-collections/some-id",
    params: id,
    json: { title: "T" },
  },
  {
    name: "DELETE story-collection",
    fn: collectionById.action,
    method: "DELETE",
    path: "/api/admin/story-collections/some-id",
    params: id,
  },
  {
    name: "POST toggle collection",
    fn: collectionToggle.action,
    method: "POST",
    path: "/api/admin/story-collections/some-id/toggle",
    params: id,
    json: { isActive: false },
  },
  { name: "GET api-keys", fn: keys.loader, method: "GET", path: "/api/admin/api-keys" },
  { name: "POST api-keys", fn: keys.action, method: "POST", path: "/api/admin/api-keys", json: { name: "K" } },
  { name: "DELETE api-key", fn: keyById.action, method: "DELETE", path: "/api/admin/api-keys/some-id", params: id },
  {
    name: "POST api-key toggle",
    fn: keyToggle.action,
    method: "POST",
    path: "/api/admin/api-keys/some-id/toggle",
    params: id,
    json: { isActive: true },
  },
  {
    name: "POST api-key deactivate",
    fn: keyDeactivate.action,
    method: "POST",
    path: "/api/admin/api-keys/some-id/deactivate",
    params: id,
  },
  { name: "GET prompt-templates", fn: templates.loader, method: "GET", path: "/api/admin/prompt-templates" },
  {
    name: "POST prompt-templates",
    fn: templates.action,
    method: "POST",
    path: "/api/admin/prompt-templates",
    json: { name: "N", systemPrompt: "S" },
  },
  {
    name: "GET prompt-template",
    fn: templateById.loader,
    method: "GET",
    path: "/api/admin/prompt-templates/some-id",
    params: id,
  },
  {
    name: "PUT prompt-template",
    fn: templateById.action,
    method: "PUT",
    path: "/api/admin/prompt-templates/some-id",
    params: id,
    json: { name: "N" },
  },
  {
    name: "DELETE prompt-template",
    fn: templateById.action,
    method: "DELETE",
    path: "/api/admin/prompt-templates/some-id",
    params: id,
  },
  {
    name: "POST set-default",
    fn: templateDefault.action,
    method: "POST",
    path: "/api/admin/prompt-templates/some-id/set-default",
    params: id,
  },
  { name: "GET system-errors", fn: errors.loader, method: "GET", path: "/api/admin/system-errors" },
  {
    name: "GET system-errors/unresolved",
    fn: unresolved.loader,
    method: "GET",
    path: "/api/admin/system-errors/unresolved",
  },
  {
    name: "POST resolve",
    fn: errorResolve.action,
    method: "POST",
    path: "/api/admin/system-errors/some-id/resolve",
    params: id,
  },
  { name: "GET metrics", fn: metrics.loader, method: "GET", path: "/api/admin/metrics" },
  { name: "GET activity", fn: activityApi.loader, method: "GET", path: "/api/admin/activity" },
  { name: "GET top-users", fn: topUsers.loader, method: "GET", path: "/api/admin/top-users" },
  { name: "GET documentation", fn: docs.loader, method: "GET", path: "/api/admin/documentation" },
];

const pages: Array<{ name: string; module: { loader: Fn; action?: Fn }; path: string }> = [
  { name: "/admin/story-collections", module: collectionsPage, path: "/admin/story-collections" },
  { name: "/admin/create", module: createPage, path: "/admin/create" },
  { name: "/admin/settings", module: settingsPage, path: "/admin/settings" },
  { name: "/admin/api-keys", module: apiKeysPage, path: "/admin/api-keys" },
  { name: "/admin/prompt-templates", module: templatesPage, path: "/admin/prompt-templates" },
  { name: "/admin/system-errors", module: errorsPage, path: "/admin/system-errors" },
  { name: "/admin/metrics", module: metricsPage, path: "/admin/metrics" },
  { name: "/admin/activity", module: activity, path: "/admin/activity" },
];

async function messageOf(response: Response) {
  return ((await response.json()) as { message?: unknown }).message;
}

describe("/api/admin calls refuse non-administrators", () => {
  it.each(apiCalls)(
    "$name: 401 for a visitor, 403 for an ordinary user and for an admin without an admin session",
    async (call) => {
      const user = await createTestUser();
      const adminRoleUser = await createTestUser({ role: "admin" });
      const request = (cookie?: string) => makeRequest(call.path, { method: call.method, cookie, json: call.json });

      const visitor = await callRoute(call.fn, request(), call.params);
      expect(visitor.status).toBe(401);
      expect(await messageOf(visitor)).toBe("Unauthorized");

      for (const cookie of [user.cookie, adminRoleUser.cookie]) {
        const refused = await callRoute(call.fn, request(cookie), call.params);
        expect(refused.status).toBe(403);
        expect(typeof (await messageOf(refused))).toBe("string");
      }
    },
  );

  it("the reorder call is 401 for a visitor and owner-scoped for an ordinary user (their own ids only)", async () => {
    const visitor = await callRoute(
      reorder.action,
      makeRequest("/api/admin/story-collections/reorder", { json: { collections: [{ id: "x", sortOrder: 1 }] } }),
    );
    expect(visitor.status).toBe(401);
    const user = await createTestUser();
    const foreign = await callRoute(
      reorder.action,
      makeRequest("/api/admin/story-collections/reorder", {
        cookie: user.cookie,
        json: { collections: [{ id: "x", sortOrder: 1 }] },
      }),
    );
    expect(foreign.status).toBe(404);
  });
});

describe("admin pages refuse non-administrators with the not-allowed view (403)", () => {
  it.each(pages)("$name", async ({ module, path }) => {
    const user = await createTestUser();
    const adminRoleUser = await createTestUser({ role: "admin" });
    for (const cookie of [undefined, user.cookie, adminRoleUser.cookie]) {
      const page = await callRoute(module.loader, makeRequest(path, { cookie }));
      expect(page.status).toBe(403);
      expect(await messageOf(page)).toBe("Admin Access Required");
      if (module.action) {
        const posted = await callRoute(
          module.action,
          makeRequest(path, { cookie, form: { intent: "create", id: "x" } }),
        );
        expect(posted.status).toBe(403);
      }
    }
  });
});
