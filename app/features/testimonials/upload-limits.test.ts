import { describe, expect, it } from "vitest";

import {
  chosenFileProblem,
  CHUNK_BYTES,
  chunkCount,
  chunkRange,
  formatMegabytes,
  isLargeVideo,
  isPlainFileName,
  isTooLarge,
  isValidUploadId,
  makeUploadId,
  MAX_CHUNKS,
  missingChunks,
  shouldUseChunks,
} from "./upload-limits";

const MB = 1024 * 1024;

describe("upload limits", () => {
  it("uses 15 MB chunks above 30 MB, at most 500 MB, warning above 300 MB", () => {
    expect(CHUNK_BYTES).toBe(15_728_640);
    expect(MAX_CHUNKS).toBe(34);
    expect(shouldUseChunks(30 * MB)).toBe(false);
    expect(shouldUseChunks(30 * MB + 1)).toBe(true);
    expect(isTooLarge(500 * MB)).toBe(false);
    expect(isTooLarge(500 * MB + 1)).toBe(true);
    expect(isLargeVideo(300 * MB)).toBe(false);
    expect(isLargeVideo(300 * MB + 1)).toBe(true);
    expect(formatMegabytes(1.5 * MB)).toBe("1.50");
  });

  it("splits a file into chunk ranges", () => {
    const size = 100 * MB;
    expect(chunkCount(size)).toBe(7);
    expect(chunkRange(0, size)).toEqual({ start: 0, end: CHUNK_BYTES });
    expect(chunkRange(6, size)).toEqual({ start: 6 * CHUNK_BYTES, end: size });
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(0)).toBe(1);
  });

  it("lists the missing chunks", () => {
    expect(missingChunks([0, 2, 2, 5], 6)).toEqual([1, 3, 4]);
    expect(missingChunks([], 2)).toEqual([0, 1]);
  });
});

describe("upload ids and file names", () => {
  it("accepts only plain ids", () => {
    expect(isValidUploadId(makeUploadId())).toBe(true);
    expect(isValidUploadId("../../etc")).toBe(false);
    expect(isValidUploadId("abc/def-123")).toBe(false);
    expect(isValidUploadId("short")).toBe(false);
    expect(isValidUploadId(".incoming")).toBe(false);
    expect(makeUploadId()).not.toBe(makeUploadId());
  });

  it("accepts only plain file names", () => {
    expect(isPlainFileName("my video.webm")).toBe(true);
    expect(isPlainFileName("../secret")).toBe(false);
    expect(isPlainFileName("a/b.webm")).toBe(false);
    expect(isPlainFileName("a\\b.webm")).toBe(false);
    expect(isPlainFileName("bad\u0000.webm")).toBe(false);
    expect(isPlainFileName("")).toBe(false);
  });
});

describe("a chosen file", () => {
  it("is refused at once when it is not a video or is too large", () => {
    expect(chosenFileProblem({ name: "notes.txt", type: "text/plain", size: 10 })).toBe("not-a-video");
    expect(chosenFileProblem({ name: "photo.jpg", type: "image/jpeg", size: 10 })).toBe("not-a-video");
    expect(chosenFileProblem({ name: "clip.webm", type: "video/webm", size: 501 * MB })).toBe("too-large");
    expect(chosenFileProblem({ name: "clip.webm", type: "video/webm", size: 10 })).toBeNull();
  });

  it("accepts a video the system gave no type by its name", () => {
    expect(chosenFileProblem({ name: "holiday.MKV", type: "", size: 10 })).toBeNull();
    expect(chosenFileProblem({ name: "holiday.mov", type: "application/octet-stream", size: 10 })).toBeNull();
    expect(chosenFileProblem({ name: "holiday", type: "", size: 10 })).toBe("not-a-video");
  });
});
