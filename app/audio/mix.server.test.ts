import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";

import { episodeLayout, ffmetadata } from "./mix.server";

describe("episode layout and tags", () => {
  test("stings add their length before and after the speech", () => {
    expect(episodeLayout(60, "none")).toEqual({ speechStart: 0, speechEnd: 60, total: 60 });
    expect(episodeLayout(60, "standard")).toEqual({ speechStart: 3, speechEnd: 63, total: 66 });
    expect(episodeLayout(60, "minimal").total).toBeCloseTo(62.4);
    expect(episodeLayout(60, "custom")).toEqual(episodeLayout(60, "standard"));
  });

  test("ffmetadata carries the tags and one chapter per story, with special characters escaped", () => {
    const meta = ffmetadata({
      title: "Grandma's Garden; Part=1",
      artist: "Miller",
      album: "Miller Family Stories",
      chapters: [
        { title: "The Garden #1", start: 0, end: 12.3456 },
        { title: "Winter", start: 12.3456, end: 30 },
      ],
    });
    expect(meta.split("\n")).toEqual([
      ";FFMETADATA1",
      "title=Grandma's Garden\\; Part\\=1",
      "artist=Miller",
      "album=Miller Family Stories",
      "genre=Podcast",
      "[CHAPTER]",
      "TIMEBASE=1/1000",
      "START=0",
      "END=12346",
      "title=The Garden \\#1",
      "[CHAPTER]",
      "TIMEBASE=1/1000",
      "START=12346",
      "END=30000",
      "title=Winter",
      "",
    ]);
  });
});

describe("ffmpeg resolution", () => {
  // ffmpeg-static wins when its binary was really downloaded (it cannot be here, it may be elsewhere).
  const staticBinary = (() => {
    try {
      const found = createRequire(import.meta.url)("ffmpeg-static") as unknown;
      return typeof found === "string" && fs.existsSync(found) ? found : null;
    } catch {
      return null;
    }
  })();

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  test("without ffmpeg-static's binary: FFMPEG_PATH, and the ffprobe beside it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ffmpeg-bin-"));
    for (const tool of ["ffmpeg", "ffprobe"]) fs.writeFileSync(path.join(dir, tool), "");
    vi.stubEnv("FFMPEG_PATH", path.join(dir, "ffmpeg"));
    vi.stubEnv("FFPROBE_PATH", "");
    const { ffmpegBinaries } = await import("./ffmpeg.server");
    expect(ffmpegBinaries()).toEqual(
      staticBinary
        ? { ffmpeg: staticBinary, ffprobe: "ffprobe" }
        : { ffmpeg: path.join(dir, "ffmpeg"), ffprobe: path.join(dir, "ffprobe") },
    );
    fs.rmSync(dir, { recursive: true });
  });

  test("nothing configured: the names on PATH; FFPROBE_PATH always wins for ffprobe", async () => {
    vi.stubEnv("FFMPEG_PATH", "");
    vi.stubEnv("FFPROBE_PATH", "/opt/tools/ffprobe");
    const { ffmpegBinaries } = await import("./ffmpeg.server");
    expect(ffmpegBinaries()).toEqual({ ffmpeg: staticBinary ?? "ffmpeg", ffprobe: "/opt/tools/ffprobe" });
  });
});

describe("the cover in the MP3", () => {
  test("encodeMp3 embeds the cover as the ID3 front cover, beside the chapters", async () => {
    const { encodeMp3 } = await import("./mix.server");
    const { ffmpeg, probe } = await import("./ffmpeg.server");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-cover-"));
    try {
      const wav = path.join(dir, "in.wav");
      const cover = path.join(dir, "cover.jpg");
      await ffmpeg(["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=300:duration=1", wav]);
      await ffmpeg(["-loglevel", "error", "-f", "lavfi", "-i", "color=c=orange:s=64x64", "-frames:v", "1", cover]);
      const out = path.join(dir, "out.mp3");
      await encodeMp3(
        wav,
        -20,
        "standard",
        { title: "t", artist: "a", album: "b", chapters: [{ title: "One", start: 0, end: 1 }], coverFile: cover },
        out,
      );
      const probed = (await probe(out)) as unknown as {
        streams: Array<{ codec_type: string; disposition?: { attached_pic?: number } }>;
      };
      expect(probed.streams.map((s) => [s.codec_type, s.disposition?.attached_pic ?? 0])).toEqual([
        ["audio", 0],
        ["video", 1],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
