import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";

import { probe } from "~/audio/ffmpeg.server";
import type { RenderInput } from "~/audio/render.server";
import { audioResponse } from "~/features/podcasts/listening/audio-response.server";
import { getStorage } from "~/lib/storage/storage.server";

import { ensureSampleEpisode, SAMPLE_EPISODE, sampleEpisodeInput, sampleEpisodeKey } from "./sample-episode.server";

describe("the landing page's sample episode", () => {
  test("is written by the built-in script writer for two hosts, from the sample story", () => {
    const input = sampleEpisodeInput("site/x.mp3");
    expect(input.segments).toHaveLength(6);
    expect(new Set(input.segments.map((s) => s.speaker))).toEqual(new Set(["host1", "host2"]));
    const spoken = input.segments.map((s) => s.text).join(" ");
    for (const sentence of SAMPLE_EPISODE.story.split(/(?<=\.) /)) expect(spoken).toContain(sentence.trim());
    expect(input.hosts).toEqual(SAMPLE_EPISODE.hosts);
  });

  test("is rendered once, even when asked for twice at once, then served from storage", async () => {
    await getStorage().remove(sampleEpisodeKey());
    const calls: RenderInput[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const render = async (input: RenderInput) => {
      calls.push(input);
      await gate;
      const { size } = await getStorage().put(input.audioKey!, Buffer.from("ID3 sample"));
      return { audioKey: input.audioKey!, duration: 1, fileSize: size, engine: "espeak" as const, voices: {} as never };
    };
    const both = Promise.all([ensureSampleEpisode(render), ensureSampleEpisode(render)]);
    release();
    expect(await both).toEqual([sampleEpisodeKey(), sampleEpisodeKey()]);
    expect(calls).toHaveLength(1);
    expect(await ensureSampleEpisode(render)).toBe(sampleEpisodeKey());
    expect(calls).toHaveLength(1);
    await getStorage().remove(sampleEpisodeKey());
  });

  test("a failed render is not remembered: the next request tries again", async () => {
    await getStorage().remove(sampleEpisodeKey());
    await expect(ensureSampleEpisode(() => Promise.reject(new Error("no voice")))).rejects.toThrow("no voice");
    let rendered = 0;
    await ensureSampleEpisode(async (input) => {
      rendered++;
      const { size } = await getStorage().put(input.audioKey!, Buffer.from("ID3"));
      return { audioKey: input.audioKey!, duration: 1, fileSize: size, engine: "espeak" as const, voices: {} as never };
    });
    expect(rendered).toBe(1);
    await getStorage().remove(sampleEpisodeKey());
  });

  test("the real pipeline makes an MP3 of the story, served whole and by range", async () => {
    await getStorage().remove(sampleEpisodeKey());
    const request = (headers: Record<string, string> = {}) =>
      new Request("http://localhost/sample-episode", { headers });
    const whole = await audioResponse(request(), await ensureSampleEpisode());
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    const bytes = Buffer.from(await whole.arrayBuffer());
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sample-episode-")), "sample.mp3");
    fs.writeFileSync(file, bytes);
    const info = await probe(file);
    expect(info.streams[0]!.codec_name).toBe("mp3");
    expect(Number(info.format.duration)).toBeGreaterThan(10);
    expect(Number(info.format.duration)).toBeLessThan(90);

    const part = await audioResponse(request({ Range: "bytes=0-99" }), await ensureSampleEpisode());
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 0-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
  }, 180_000);
});
