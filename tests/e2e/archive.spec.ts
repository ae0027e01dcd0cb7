// "Download everything", JavaScript on and off: the owner saves a collection's archive and the
// account's from their pages, and the collection's opens from disk (file://) with JavaScript off; an
// administrator imports one, and is told why one that is not safe to import is refused.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Page } from "@playwright/test";
import { books } from "#db/schema";
import { ZipFile } from "yazl";

import { ArchiveSchema } from "~/features/archive/schema";
import { archiveResponse } from "~/features/archive/zip.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { getUserByEmail } from "~/models/user.server";

import { signInAsAdmin } from "../utils/admin-helpers";
import { brokenLinks, createArchiveFamily, readZip } from "../utils/archive-helpers";
import { axeViolations } from "../utils/axe-scan";
import { overflow } from "../utils/layout-checks";
import { expect, expectToast, makeUser, signInAs, test, visit } from "./fixtures";

async function downloadFrom(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download everything" }).click(),
  ]);
  const entries = await readZip(await fs.readFile(await download.path()));
  return { name: download.suggestedFilename(), entries };
}

test.describe("download everything", () => {
  test("the owner saves a collection's archive from its page; it opens from disk with JavaScript off", async ({
    page,
    user,
    browser,
  }) => {
    const family = await createArchiveFamily(user.id);
    const { summer } = family;
    await signInAs(page, user);
    await visit(page, `/campaigns/${summer.campaign.id}/stories`);
    const { name, entries } = await downloadFrom(page);

    expect(name).toMatch(/^storyhearth-summers-at-the-lake-[a-z0-9-]+\.zip$/);
    const data = ArchiveSchema.parse(JSON.parse(entries.get("data.json")!.toString("utf8")));
    expect(data.stories).toHaveLength(3);
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining([
        "index.html",
        "data.schema.json",
        "style.css",
        `collections/01-${summer.campaign.title.toLowerCase().replace(/ /g, "-")}.html`,
        "episodes/01-summer-at-the-lake.html",
        data.episodes[0]!.audio,
      ]),
    );
    expect(brokenLinks(entries)).toEqual([]);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-archive-"));
    try {
      for (const [entry, bytes] of entries) {
        await fs.mkdir(path.join(dir, path.dirname(entry)), {
          recursive: true,
        });
        await fs.writeFile(path.join(dir, entry), bytes);
      }
      const offline = await browser.newContext({ javaScriptEnabled: false });
      const disk = await offline.newPage();
      await disk.goto(pathToFileURL(path.join(dir, "index.html")).href);
      await disk
        .getByRole("region", { name: "Story collections" })
        .getByRole("link", { name: summer.campaign.title })
        .click();
      // Each story is listed by its title, with its teller beside it.
      await expect(disk.getByRole("listitem").filter({ hasText: "By Grandpa Joe" }).getByRole("link")).toHaveText(
        "Growing Up on the Farm",
      );
      await disk.getByRole("link", { name: "Growing Up on the Farm" }).click();
      await expect(disk.getByText("When I was little, the children walked to school across the fields.")).toBeVisible();
      await expect(disk.getByRole("img", { name: "farm.png" })).toBeVisible();
      // The photo really loaded from the folder (a broken image has no natural width).
      expect(
        await disk.getByRole("img", { name: "farm.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBe(1);
      await disk.getByRole("link", { name: `Back to ${summer.campaign.title}` }).click();
      await disk.getByRole("link", { name: "Every Christmas Eve we sang carols by the fire" }).click();
      await expect(disk.locator("audio")).toHaveAttribute("src", `../${data.stories[1]!.recording!.file}`);
      await disk.goBack();
      await disk.getByRole("link", { name: "Summer at the lake" }).click();
      await expect(disk.getByRole("link", { name: "0:03 Aunt May" })).toBeVisible();
      await expect(disk.getByText("Grandpa let everyone steer the blue truck on the gravel road.")).toBeVisible();
      await offline.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test("opened from disk, the archive is styled like the product by its one stylesheet and links to the family book, at 390 and 1280 px", async ({
    page,
    user,
    browser,
  }) => {
    const { summer } = await createArchiveFamily(user.id);
    // The family book as the job leaves a finished one.
    const fileKey = `books/e2e-${randomUUID()}.pdf`;
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    await getStorage().put(fileKey, pdf);
    db.insert(books)
      .values({ ownerId: user.id, campaignId: summer.campaign.id, trim: "6x9", status: "done", pageCount: 12, fileKey })
      .run();
    await signInAs(page, user);
    await visit(page, `/campaigns/${summer.campaign.id}/stories`);
    const { entries } = await downloadFrom(page);
    expect(entries.get("book.pdf")!.equals(pdf)).toBe(true);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-archive-"));
    try {
      for (const [entry, bytes] of entries) {
        await fs.mkdir(path.join(dir, path.dirname(entry)), { recursive: true });
        await fs.writeFile(path.join(dir, entry), bytes);
      }
      // Opened from the folder, in this project's browser (JavaScript on or off), with nothing else to reach.
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(pathToFileURL(path.join(dir, "index.html")).href);
        // The product's body font and background, from style.css.
        const body = await page.locator("body").evaluate((el) => ({
          font: getComputedStyle(el).fontFamily,
          background: getComputedStyle(el).backgroundColor,
        }));
        expect(body.font).toContain("system-ui");
        expect(body.background).toBe("rgb(253, 250, 245)");
        const book = page.getByRole("link", { name: "Open the family book (PDF)" });
        const href = await book.evaluate((a: HTMLAnchorElement) => a.href);
        expect(href).toBe(pathToFileURL(path.join(dir, "book.pdf")).href);
        expect((await fs.readFile(fileURLToPath(href))).equals(pdf)).toBe(true);
        expect(await overflow(page, `archive index at ${width}`)).toEqual([]);

        await page
          .getByRole("region", { name: "Story collections" })
          .getByRole("link", { name: summer.campaign.title })
          .click();
        await page.getByRole("link", { name: "Growing Up on the Farm" }).click();
        expect(page.url()).toBe(
          pathToFileURL(path.join(dir, "stories/01-growing-up-on-the-farm-grandpa-joe.html")).href,
        );
        // The story's words in the product's serif, its links in the product's colour.
        expect(
          await page
            .getByText("When I was little, the children walked to school across the fields.")
            .evaluate((el) => getComputedStyle(el).fontFamily),
        ).toContain("Georgia");
        expect(
          await page
            .getByRole("link", { name: `Back to ${summer.campaign.title}` })
            .evaluate((el) => getComputedStyle(el).color),
        ).toBe("rgb(154, 63, 18)");
        expect(
          await page.getByRole("img", { name: "farm.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth),
        ).toBe(1);
        expect(await overflow(page, `archive story at ${width}`)).toEqual([]);
      }
      expect(requests.filter((url) => !url.startsWith("file://"))).toEqual([]);
      // axe runs its checks as a script in the page, which a file:// page with scripts off never lets
      // finish; the pages carry no script, so they are the same pages with scripts on.
      const scanner = await browser.newContext({ javaScriptEnabled: true });
      const scan = await scanner.newPage();
      for (const width of [390, 1280]) {
        await scan.setViewportSize({ width, height: 844 });
        for (const file of ["index.html", "stories/01-growing-up-on-the-farm-grandpa-joe.html"]) {
          await scan.goto(pathToFileURL(path.join(dir, file)).href);
          expect([file, width, await axeViolations(scan)]).toEqual([file, width, []]);
        }
      }
      await scanner.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test("the owner saves the whole account's archive from Manage Story Collections", async ({ page, user }) => {
    const family = await createArchiveFamily(user.id);
    await signInAs(page, user);
    await visit(page, "/manage-collections");
    const { entries } = await downloadFrom(page);
    const data = ArchiveSchema.parse(JSON.parse(entries.get("data.json")!.toString("utf8")));
    expect(data.scope).toBe("account");
    expect(data.collections.map((c) => c.title)).toEqual([family.summer.campaign.title, family.kitchen.campaign.title]);
    expect(brokenLinks(entries)).toEqual([]);
  });

  test("an administrator imports a family's archive from Admin settings", async ({ page, user }) => {
    await createArchiveFamily(user.id);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-archive-upload-")), "family.zip");
    await fs.writeFile(file, Buffer.from(await (await archiveResponse(user.id))!.arrayBuffer()));
    const admin = await makeUser({ role: "admin" });
    await signInAsAdmin(page, admin);
    await visit(page, "/admin/settings");
    await page.getByRole("link", { name: "Import an archive" }).click();
    const form = page.getByRole("form", { name: "Import an archive" });
    const email = `imported-${Date.now()}-${test.info().project.name}@example.com`;
    await form.getByLabel("Owner's e-mail").fill(email);
    await form.getByLabel("Archive (.zip)").setInputFiles(file);
    await form.getByRole("button", { name: "Import" }).click();
    await expectToast(page, "Archive imported", `4 stories and 1 episode for ${email}.`);
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  });

  test("an archive whose 'photo' is a web page is refused on the import page with the reason, on a phone; nothing is imported", async ({
    page,
    user,
  }) => {
    await createArchiveFamily(user.id);
    const entries = await readZip(Buffer.from(await (await archiveResponse(user.id))!.arrayBuffer()));
    const data = ArchiveSchema.parse(JSON.parse(entries.get("data.json")!.toString("utf8")));
    const photo = data.stories.find((s) => s.photos.length)!.photos[0]!;
    entries.delete(photo.file);
    Object.assign(photo, {
      file: `media/photos/${photo.id}.svg`,
      fileName: "drawing.svg",
      contentType: "image/svg+xml",
    });
    entries.set(photo.file, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'));
    entries.set("data.json", Buffer.from(JSON.stringify(data)));
    const zip = new ZipFile();
    for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
    zip.end();
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-archive-upload-")), "family.zip");
    await pipeline(zip.outputStream, createWriteStream(file));

    const admin = await makeUser({ role: "admin" });
    await signInAsAdmin(page, admin);
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/admin/import-archive");
    const form = page.getByRole("form", { name: "Import an archive" });
    const email = `refused-${Date.now()}-${test.info().project.name}@example.com`;
    await form.getByLabel("Owner's e-mail").fill(email);
    await form.getByLabel("Archive (.zip)").setInputFiles(file);
    await form.getByRole("button", { name: "Import" }).click();
    await expect(form.getByRole("alert")).toHaveText(`Nothing was imported: ${photo.file} is not a photo`);
    expect(await overflow(page, "refused import")).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await getUserByEmail(email)).toBeUndefined();
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  });
});
