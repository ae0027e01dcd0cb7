// The demo family (`npm run db:seed`) as its owner makes a book of all its collections
// (decision 0170): the trim size, every font embedded, each collection's title page and every story
// in the contents, and as many QR codes as recorded stories.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { contributions, jobs, users } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";

import { requestAccountBook } from "~/features/book/build.server";
import { jobHandlers } from "~/jobs/index.server";
import { db, getDb } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { getBook, listBookStories } from "~/models/book.server";
import { listCampaigns } from "~/models/campaign.server";
import { DEMO_OWNER, seedDemoData } from "~/seed/demo.server";

const run = promisify(execFile);
const tool = async (name: string, ...args: string[]) => (await run(name, args, { maxBuffer: 20 * 1024 * 1024 })).stdout;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "book-demo-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("the demo family's book of all collections: 8.5 × 11 in with bleed, fonts embedded, every story in the contents", async () => {
  await seedDemoData(getDb());
  const owner = db.select().from(users).where(eq(users.email, DEMO_OWNER.email)).get()!;
  const form = new FormData();
  form.set("intent", "all");
  form.set("trim", "letter");
  form.set("bleed", "on");
  const asked = requestAccountBook(owner.id, form);
  expect(asked.ok).toBe(true);
  if (!asked.ok) return;
  const job = db.select().from(jobs).where(eq(jobs.type, "build-book")).all().at(-1)!;
  await jobHandlers["build-book"]!(job.payload, job as never);
  const book = getBook(asked.book.id)!;
  expect(book.status).toBe("done");

  const file = path.join(dir, `${randomUUID()}.pdf`);
  const stored = (await getStorage().read(book.fileKey!))!;
  const parts: Buffer[] = [];
  for await (const chunk of stored.stream) parts.push(Buffer.from(chunk as Buffer));
  fs.writeFileSync(file, Buffer.concat(parts));

  // 8.5 × 11 in is 612 × 792 pt; 3 mm of bleed on each side adds 17.008 pt.
  const info = await tool("pdfinfo", "-box", file);
  expect(info).toMatch(/Page size:\s+629\.008 x 809\.008 pts/);
  expect(info).toMatch(/TrimBox:\s+8\.50\s+8\.50\s+620\.50\s+800\.50/);
  const fonts = (await tool("pdffonts", file)).trim().split("\n").slice(2);
  expect(fonts.length).toBeGreaterThanOrEqual(3);
  for (const row of fonts) expect(row).toMatch(/DejaVu\S*\s+CID TrueType\s+Identity-H\s+yes\s+yes/);

  const text = (await tool("pdftotext", file, "-")).replace(/\s+/g, " ");
  const withStories = listCampaigns(owner.id).filter((c) => listBookStories(c.id).length > 0);
  const stories = db
    .select({ id: contributions.id })
    .from(contributions)
    .where(eq(contributions.ownerId, owner.id))
    .all();
  expect(withStories.length).toBeGreaterThan(0);
  expect(book.storyCount).toBe(stories.length);
  for (const c of withStories) expect(text).toContain(c.title);
  for (const s of withStories.flatMap((c) => listBookStories(c.id)))
    if (s.contributorName?.trim()) expect(text).toContain(`From ${s.contributorName.trim()}`);

  // One QR code per recorded story (the demo family has none yet, so none are printed).
  const recorded = withStories.flatMap((c) => listBookStories(c.id)).filter((s) => s.recordingKey).length;
  await tool("pdftoppm", "-r", "100", "-gray", "-png", file, path.join(dir, "p"));
  const decoded = await run("zbarimg", [
    "--raw",
    "-q",
    "-Sdisable",
    "-Sqrcode.enable",
    ...fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".png"))
      .map((f) => path.join(dir, f)),
  ]).then(
    (r) => r.stdout,
    (error: { stdout: string }) => error.stdout,
  );
  expect(decoded.trim().split("\n").filter(Boolean)).toHaveLength(recorded);
});
