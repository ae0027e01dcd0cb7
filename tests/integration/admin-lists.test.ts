// The admin list pages check every search, filter, sort and page value: bad ones fall back to the
// defaults, so a hand-edited URL is never a 500 (the queries themselves: features/admin/lists.server.test.ts).
import { describe, expect, it } from "vitest";

import * as usersPage from "~/routes/admin+/_index";
import * as activityPage from "~/routes/admin+/activity";
import * as metricsPage from "~/routes/admin+/metrics";
import * as collectionsPage from "~/routes/admin+/story-collections";
import * as errorsPage from "~/routes/admin+/system-errors";
import * as testimonialsPage from "~/routes/admin+/testimonials";

import { createTestAdmin } from "../utils/admin-helpers";
import { callRoute, makeRequest } from "../utils/auth";

describe("the list pages never fail on bad parameters", () => {
  const bad = "q=%25_%5C&sort=drop&page=-4&role=root&status=x&state=maybe&type=nope&severity=9&tab=zzz";
  it.each([
    ["/admin", usersPage.loader],
    ["/admin/story-collections", collectionsPage.loader],
    ["/admin/activity", activityPage.loader],
    ["/admin/system-errors", errorsPage.loader],
    ["/admin/testimonials", testimonialsPage.loader],
    ["/admin/metrics", metricsPage.loader],
  ])("%s", async (path, loader) => {
    const admin = await createTestAdmin();
    const response = await callRoute(loader, makeRequest(`${path}?${bad}`, { cookie: admin.cookie }));
    expect(response.status).toBe(200);
  });
});
