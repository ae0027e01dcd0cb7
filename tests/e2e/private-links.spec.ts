// Private links are never printed (decision 0190), with JavaScript on and off: a reply that quoted the
// invitation becomes a book page, a listening page and an archive page holding only the relative's words.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";

import { readZip } from "../utils/archive-helpers";
import { FAKE_MP3 } from "../utils/newsletter-helpers";
import { createRepliedCollection, privateParts, RELATIVE_WORDS } from "../utils/private-links-helpers";
import { expect, jsOn, signInAs, test, visit } from "./fixtures";

const run = promisify(execFile);
const flat = (text: string) => text.replace(/\s+/g, " ").trim();

function expectNoPrivateParts(text: string, token: string) {
  for (const part of privateParts({ token })) expect(text).not.toContain(part);
  expect(text).not.toContain("Sent from my iPhone");
}

test("a reply quoting the invitation is printed in the book, its listening page and the archive as the relative's words only", async ({
  page,
  user,
  browser,
}) => {
  const family = await createRepliedCollection(user.id, "Tess Tester", FAKE_MP3);
  const token = family.robert.token;
  await signInAs(page, user);

  await visit(page, `/campaigns/${family.campaign.id}/book`);
  await page.getByRole("button", { name: "Make the book" }).click();
  await expect(page.getByText(/Your book is ready: \d+ pages\./)).toBeVisible({
    timeout: 25_000,
  });
  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  const text = (await run("pdftotext", [await pdf.path(), "-"])).stdout;
  expect(flat(text)).toContain(flat(RELATIVE_WORDS.robert));
  expect(flat(text)).toContain(flat(RELATIVE_WORDS.june));
  expectNoPrivateParts(text, token);

  // The QR link's page, for someone holding the printed book.
  const link = new URL(/http\S+\/b\/[\w-]+/.exec(text)![0]).pathname;
  const stranger = await browser.newContext({ javaScriptEnabled: jsOn() });
  const phone = await stranger.newPage();
  await phone.goto(link);
  await expect(phone.getByText("From Robert")).toBeVisible();
  await expect(phone.getByText("Grandpa kept bees behind the chapel.")).toBeVisible();
  expectNoPrivateParts(await phone.content(), token);
  await stranger.close();

  await visit(page, `/campaigns/${family.campaign.id}/stories`);
  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download everything" }).click(),
  ]);
  const entries = await readZip(await fs.readFile(await zip.path()));
  const data = JSON.parse(entries.get("data.json")!.toString("utf8")) as {
    stories: Array<{ id: string; text: string; page: string }>;
  };
  expect(data.stories.map((s) => s.text)).toEqual([RELATIVE_WORDS.robert, RELATIVE_WORDS.june]);
  expect(entries.get(data.stories.find((s) => s.id === family.robertStory.id)!.page)!.toString("utf8")).toContain(
    "Grandpa kept bees behind the chapel.",
  );
  for (const [name, bytes] of entries)
    if (name.endsWith(".html") || name.endsWith(".json")) expectNoPrivateParts(bytes.toString("utf8"), token);
});
