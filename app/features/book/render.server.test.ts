import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";

import { renderBook, type BookInput, type BookStory } from "./render.server";

const run = promisify(execFile);
const scratch: string[] = [];
afterAll(() => scratch.forEach((file) => fs.rmSync(file, { force: true })));

const story = (fields: Partial<BookStory>): BookStory => ({
  contributorName: "Aunt Rosa",
  submittedAt: new Date("2026-03-01T12:00:00Z"),
  title: "A story",
  text: "We cooked.",
  photoKeys: [],
  listenUrl: null,
  ...fields,
});

async function render(stories: BookStory[], extra: Partial<BookInput> = {}, photos = new Map<string, Buffer>()) {
  const file = path.join(os.tmpdir(), `book-render-${randomUUID()}.pdf`);
  scratch.push(file);
  const pages = await renderBook(
    {
      trim: "6x9",
      bleed: false,
      title: "Sundays",
      familyName: "Russo",
      description: null,
      madeOn: new Date("2026-04-01T12:00:00Z"),
      cover: null,
      stories,
      loadPhoto: async (key) => photos.get(key) ?? null,
      ...extra,
    },
    fs.createWriteStream(file),
  );
  const text = (await run("pdftotext", ["-layout", file, "-"], { maxBuffer: 20 * 1024 * 1024 })).stdout;
  return { file, pages, byPage: text.split("\f") };
}

async function imagePages(file: string) {
  const rows = (await run("pdfimages", ["-list", file])).stdout.trim().split("\n").slice(2);
  return rows.map((row) => Number(row.trim().split(/\s+/)[0]));
}

describe("the book's contents", () => {
  test("list each story's title with its teller and the page it starts on", async () => {
    const { byPage } = await render([
      story({ title: "The Sunday sauce", contributorName: "Aunt Rosa" }),
      story({ title: "Fishing at dawn", contributorName: "Uncle Sal" }),
      story({ title: "A family story", contributorName: null }),
    ]);
    const contents = byPage[2]!;
    expect(contents).toContain("Contents");
    expect(contents).not.toContain("From Aunt Rosa");
    for (const line of ["The Sunday sauce — Aunt Rosa", "Fishing at dawn — Uncle Sal", "A family story"]) {
      const number = Number(new RegExp(`${line}\\s+(\\d+)`).exec(contents)?.[1]);
      expect(byPage[number - 1]!.trimStart().startsWith(line.split(" — ")[0]!)).toBe(true);
    }
  });

  test("a title too long for one line wraps in the contents and keeps its page number", async () => {
    const long = "The summer we drove the blue truck all the way to the lake and back without a map";
    const { byPage } = await render([
      story({ title: long, contributorName: "Grandpa Joe" }),
      story({ title: "Short", contributorName: "Aunt May" }),
    ]);
    const contents = byPage[2]!.replace(/\s+/g, " ");
    expect(contents).toContain(`${long} — Grandpa Joe`);
    expect(contents).toMatch(/Short — Aunt May \d+/);
  });
});

describe("a story's photos", () => {
  test("sit directly after its words: none is more than a page past the page its words end on", async () => {
    const portrait = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#7a9" } })
      .jpeg()
      .toBuffer();
    const photos = new Map(["a", "b", "c"].map((key) => [key, portrait] as const));
    const words = `${"We rolled the pasta on the kitchen table while the sauce went on for hours. ".repeat(30)}THE LAST WORDS.`;
    const { file, byPage } = await render(
      [story({ title: "The Sunday sauce", text: words, photoKeys: ["a", "b", "c"] }), story({ title: "After" })],
      {},
      photos,
    );
    const lastWords = byPage.findIndex((page) => page.includes("THE LAST WORDS.")) + 1;
    const next = byPage.findIndex((page) => page.trimStart().startsWith("After")) + 1;
    const pages = await imagePages(file);
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page).toBeGreaterThanOrEqual(lastWords);
      expect(page).toBeLessThanOrEqual(lastWords + 1);
      expect(page).toBeLessThan(next);
    }
  });
});

describe("a story told by voice alone", () => {
  test("with a transcript: the transcript, and 'Listen to Nonna Lucia's voice' beside the QR code", async () => {
    const { byPage } = await render([
      story({
        title: "In the olive grove",
        contributorName: "Nonna Lucia",
        voiceOnly: true,
        text: "We picked olives until the light went.",
        lengthLabel: "2 min listen",
        listenUrl: "https://example.com/b/abc",
      }),
    ]);
    const chapter = byPage[3]!;
    expect(chapter).toContain("We picked olives until the light went.");
    expect(chapter).toContain("Listen to Nonna Lucia's voice");
    expect(chapter).not.toContain("Listen to this story");
    expect(chapter).toContain("https://example.com/b/abc");
  });

  test("without one: an invitation to listen, with the QR code and the recording's length", async () => {
    const { byPage } = await render([
      story({
        title: "In Nonna Lucia's own voice",
        contributorName: "Nonna Lucia",
        voiceOnly: true,
        text: "",
        lengthLabel: "7 sec listen",
        listenUrl: "https://example.com/b/abc",
      }),
    ]);
    const chapter = byPage[3]!.replace(/\s+/g, " ");
    expect(chapter).toContain("Listen to Nonna Lucia's voice");
    expect(chapter).toContain("Scan the code with a phone's camera to hear the recording (7 sec listen).");
    expect(chapter).toContain("https://example.com/b/abc");
  });

  test("a story with words and a recording keeps 'Listen to this story'", async () => {
    const { byPage } = await render([
      story({ title: "Carols", text: "We sang.", listenUrl: "https://example.com/b/xyz" }),
    ]);
    expect(byPage[3]).toContain("Listen to this story");
  });
});

describe("the dedication and the foreword", () => {
  test("each is printed on its own page after the title page, before the contents", async () => {
    const { byPage } = await render([story({ title: "The Sunday sauce" })], {
      dedication: "For Nonna, who kept every letter.",
      foreword: "These are our stories.\n\nRead them aloud.",
    });
    expect(byPage[1]).toContain("Sundays");
    expect(byPage[2]!.trim()).toMatch(/^For Nonna, who kept every letter\.\s+3$/);
    expect(byPage[3]).toContain("Foreword");
    expect(byPage[3]).toContain("These are our stories.");
    expect(byPage[3]).toContain("Read them aloud.");
    expect(byPage[4]).toContain("Contents");
    expect(Number(/The Sunday sauce — Aunt Rosa\s+(\d+)/.exec(byPage[4]!)?.[1])).toBe(6);
  });

  test("empty or blank, neither has a page", async () => {
    const { byPage, pages } = await render([story({ title: "The Sunday sauce" })], { dedication: "  ", foreword: "" });
    expect(byPage[2]).toContain("Contents");
    expect(pages).toBe(4);
    expect(byPage.join("")).not.toContain("Foreword");
  });
});
