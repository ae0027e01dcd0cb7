// A decompression bomb and a 50,000-page PDF are refused (decision 0142); a real story still reads.
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

import { createTestUser } from "../../../tests/utils/auth";
import { manyPages, onePage, zerosDeflated } from "../../../tests/utils/pdf-samples";
import { PodcastRequestError } from "./errors";
import { podcastMessages } from "./messages";
import { extractPdfText } from "./pdf-text.server";
import { createPdfStory } from "./stories.server";

const MB = 1024 * 1024;

async function refusal(bytes: Uint8Array) {
  const user = await createTestUser();
  return createPdfStory(user.id, { bytes, name: "story.pdf" }).then(
    () => null,
    (e: unknown) => e,
  );
}

describe("PDF caps", () => {
  it("refuses a decompression bomb (1 MB that inflates to 1 GB) with the unreadable-PDF message", async () => {
    const bomb = onePage(await zerosDeflated(1024 * MB));
    expect(bomb.byteLength).toBeLessThan(1.5 * MB);
    const error = await refusal(bomb);
    expect(error).toBeInstanceOf(PodcastRequestError);
    expect((error as PodcastRequestError).status).toBe(422);
    expect((error as PodcastRequestError).message).toBe(podcastMessages.upload.unreadablePdf.description);
    await expect(extractPdfText(bomb)).rejects.toThrow(/inflates to more than/);
  }, 120_000);

  it("refuses a 50,000-page PDF with the unreadable-PDF message", async () => {
    const pdf = manyPages(50_000);
    const error = await refusal(pdf);
    expect(error).toBeInstanceOf(PodcastRequestError);
    expect((error as PodcastRequestError).message).toBe(podcastMessages.upload.unreadablePdf.description);
    await expect(extractPdfText(pdf)).rejects.toThrow(/50000 pages, more than 1000/);
  }, 120_000);

  it("still reads an ordinary compressed story", async () => {
    const text = zlib.deflateSync(Buffer.from("BT /F1 12 Tf 72 720 Td (Grandma crossed the ocean in 1952.) Tj ET"));
    const read = await extractPdfText(onePage(text));
    expect(read.text).toBe("Grandma crossed the ocean in 1952.");
    expect(read.pages).toBe(1);
  });
});
