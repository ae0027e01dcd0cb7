// Shared by the family book's tests: a book asked for as the owner's form does and made by the real
// job, and the links its printed QR codes carry, read back by zbarimg from the PDF's pages.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { jobs } from "#db/schema";
import { eq } from "drizzle-orm";
import { expect } from "vitest";

import { jobHandlers } from "~/jobs/index.server";
import { db } from "~/lib/db.server";
import { action as bookAction, loader as bookLoader } from "~/routes/_app+/campaigns.$campaignId.book";
import { loader as downloadLoader } from "~/routes/_app+/campaigns.$campaignId.book.$bookId[.pdf]";

import { callRoute, makeRequest, type TestUser } from "./auth";

export const run = promisify(execFile);
export const pdfTool = async (tool: string, ...args: string[]) =>
  (await run(tool, args, { maxBuffer: 20 * 1024 * 1024 })).stdout;
export const bookPage = (campaignId: string) => `/campaigns/${campaignId}/book`;

/** Asks for a book as the form does, runs the job it queued, and downloads the PDF into a temp file (added to `scratch`). */
export async function makeBook(owner: TestUser, campaignId: string, form: Record<string, string>, scratch: string[]) {
  const page = bookPage(campaignId);
  const asked = await callRoute(bookAction, makeRequest(page, { cookie: owner.cookie, form }), { campaignId });
  expect(asked.status).toBe(302);
  const job = db.select().from(jobs).where(eq(jobs.type, "build-book")).all().at(-1)!;
  const queued = await (
    await callRoute(bookLoader, makeRequest(page, { cookie: owner.cookie }), { campaignId })
  ).json();
  const stories = queued.book.storyCount as number;
  expect(queued.book).toMatchObject({ status: "queued", storiesDone: 0 });
  await jobHandlers["build-book"]!(job.payload, job as never);
  const view = await (await callRoute(bookLoader, makeRequest(page, { cookie: owner.cookie }), { campaignId })).json();
  expect(view.book).toMatchObject({ status: "done", storiesDone: stories, storyCount: stories });
  const bookId = view.book.id as string;
  expect(view.book.href).toBe(`/campaigns/${campaignId}/book/${bookId}.pdf`);
  const response = await callRoute(downloadLoader, makeRequest(view.book.href, { cookie: owner.cookie }), {
    campaignId,
    bookId,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  const file = path.join(os.tmpdir(), `book-test-${randomUUID()}.pdf`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  scratch.push(file);
  return { file, bookId, pages: view.book.pageCount as number, view };
}

/** Every QR code printed in the PDF, as zbarimg decodes it from pages drawn at 150 dpi, in page order. */
export async function qrLinksOf(file: string, scratch: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "book-qr-"));
  scratch.push(dir);
  await pdfTool("pdftoppm", "-r", "150", "-png", file, path.join(dir, "p"));
  const pngs = fs
    .readdirSync(dir)
    .sort()
    .map((name) => path.join(dir, name));
  // zbarimg exits 4 when a page has no code; what it found is still on stdout.
  const decoded = await run("zbarimg", ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", ...pngs]).then(
    (r) => r.stdout,
    (error: { stdout: string }) => error.stdout,
  );
  return decoded.trim().split("\n").filter(Boolean);
}
