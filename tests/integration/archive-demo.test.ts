// The demo family (`npm run db:seed`) as its owner downloads it: every story of every collection is a
// page reachable from index.html, and no link leaves the zip or misses (issue 32).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contributions, users } from "#db/schema";
import { seedDemoData, DEMO_OWNER } from "#db/seed";
import { ArchiveSchema } from "~/features/archive/schema";
import { archiveResponse } from "~/features/archive/zip.server";
import { db, getDb } from "~/lib/db.server";
import { brokenLinks, readZip } from "../utils/archive-helpers";

test("the demo family's archive: every story reachable from index.html, 0 broken links", async () => {
  await seedDemoData(getDb());
  const owner = db.select().from(users).where(eq(users.email, DEMO_OWNER.email)).get()!;
  const response = (await archiveResponse(owner.id))!;
  const entries = await readZip(Buffer.from(await response.arrayBuffer()));
  const data = ArchiveSchema.parse(JSON.parse(entries.get("data.json")!.toString("utf8")));

  const seeded = db.select({ id: contributions.id }).from(contributions).where(eq(contributions.ownerId, owner.id)).all();
  expect(seeded.length).toBeGreaterThan(0);
  expect(data.stories.map((s) => s.id).sort()).toEqual(seeded.map((s) => s.id).sort());
  expect(brokenLinks(entries)).toEqual([]);

  // Reachable: a crawl from index.html by the pages' own links finds every page of the zip.
  const found = new Set(["index.html"]);
  const queue = ["index.html"];
  while (queue.length) {
    const page = queue.shift()!;
    for (const match of entries
      .get(page)!
      .toString("utf8")
      .matchAll(/href="([^"#]+)/g)) {
      const target = new URL(match[1]!, `file:///${page}`).pathname.slice(1);
      if (target.endsWith(".html") && !found.has(target)) {
        found.add(target);
        queue.push(target);
      }
    }
  }
  expect([...found].sort()).toEqual([...entries.keys()].filter((k) => k.endsWith(".html")).sort());
});
