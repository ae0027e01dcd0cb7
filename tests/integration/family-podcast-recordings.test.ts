// Relatives' own voices in the family podcast (decision 0139), with the real flite,
// ffmpeg and renderer: a recorded answer is heard in the episode, inside its relative's chapter, and
// marked in the transcript; one whose removal was asked for is neither heard nor marked. Recordings
// without text are transcribed by an OpenAI-compatible server (a local fake), and a failed
// transcription fails nothing.
import fs from "node:fs";
import path from "node:path";
import { jobs, podcasts } from "#db/schema";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { ffmpeg, pcmBytes } from "~/audio/ffmpeg.server";
import { fliteModule, fliteSpeakHere } from "~/audio/flite.server";
import { probeAudio } from "~/audio/recording.server";
import { renderPodcastAudio } from "~/audio/render.server";
import type { FliteVoice } from "~/audio/voices.server";
import {
  convertRecording,
  keepRecording,
  removalToken,
  requestRecordingRemoval,
} from "~/features/contributions/recordings.server";
import { PodcastRequestError } from "~/features/podcasts/errors";
import { createGeneratePodcastHandler } from "~/features/podcasts/generation/generate.server";
import { requestFamilyPodcast } from "~/features/podcasts/generation/requests.server";
import { chaptersFromProbe } from "~/features/podcasts/listening/chapters.server";
import { getPodcast } from "~/features/podcasts/podcasts.server";
import { clipLength, type ScriptSegment } from "~/features/podcasts/script/script";
import { changeSegments, getScriptReview } from "~/features/podcasts/script/script-review.server";
import { advanceClock, setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { JobRunner } from "~/lib/queue/runner.server";
import { getStorage } from "~/lib/storage/storage.server";
import { getOwnedCampaign, type Campaign } from "~/models/campaign.server";
import { getRecording, recordingOfContribution } from "~/models/contribution-recording.server";

import { startFakeOpenAI, type FakeOpenAI } from "../mocks/openai-server";
import { decodeMono, probe, storedPath, tempDir } from "../utils/audio-helpers";
import { createTestUser, type TestUser } from "../utils/auth";
import { findClip } from "../utils/cross-correlation";
import { withoutPiperVoices } from "../utils/no-piper-voices";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

withoutPiperVoices("family-recordings-");

const RATE = 8000;
let alice: TestUser;
let fake: FakeOpenAI;
let scratch: string;

beforeAll(async () => {
  alice = await createTestUser({ podcastLimit: 100 });
  fake = await startFakeOpenAI();
  scratch = tempDir("family-recordings-memos-");
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => setClock(null));
// Each test runs only its own generation job (conversions are run by hand).
beforeEach(() => {
  db.update(jobs)
    .set({ status: "done" })
    .where(inArray(jobs.status, ["queued", "running"]))
    .run();
});

/**
 * A voice memo of `text` as a relative would send it: spoken by another flite voice than the
 * narrator's (slt), its pitch raised, with silence around it, as an iPhone's m4a.
 */
async function spokenMemo(text: string, voice: FliteVoice["voice"]) {
  const { sampleRate, segments } = fliteSpeakHere(await fliteModule(), { voice, durationStretch: 1 }, [text], 1);
  const pcm = Float32Array.from(segments[0]!.flatMap((s) => [...s]));
  const file = path.join(scratch, `${voice}-${Math.random().toString(36).slice(2)}.m4a`);
  await ffmpeg(
    [
      "-f",
      "f32le",
      "-ar",
      String(sampleRate),
      "-ac",
      "1",
      "-i",
      "pipe:0",
      "-af",
      `asetrate=${Math.round(sampleRate * 1.12)},aresample=44100,volume=0.4,adelay=700:all=1,apad=pad_dur=0.8`,
      "-c:a",
      "aac",
      "-b:a",
      "64k",
      "-f",
      "ipod",
      file,
    ],
    { stdin: pcmBytes(pcm) },
  );
  return file;
}

/** Kept and converted as the intake does it; `transcription` as the convert job would have it. */
async function recordAnswer(
  contributionId: string,
  file: string,
  transcription: Parameters<typeof convertRecording>[1] = null,
) {
  const facts = (await probeAudio(file))!;
  await keepRecording(contributionId, { path: file, fileName: "memo.m4a", size: fs.statSync(file).size }, facts, {
    thank: false,
  });
  const recording = recordingOfContribution(contributionId)!;
  await convertRecording(recording.id, transcription);
  return getRecording(recording.id)!;
}

/** The real job; `inWorker`: rendered in the audio worker process, as in production (else in this process, faster). */
const runner = (transcription: Parameters<typeof convertRecording>[1] = null, inWorker = false) =>
  new JobRunner({
    handlers: {
      "generate-podcast": createGeneratePodcastHandler({
        openAI: null,
        transcription,
        ...(inWorker ? {} : { render: renderPodcastAudio }),
      }),
    },
  });

async function requestFor(campaign: Campaign, backgroundMusic: "warm" | "none") {
  const owned = (await getOwnedCampaign(alice.id, campaign.id))!;
  return requestFamilyPodcast(alice.id, owned, {
    voiceConfig: { primaryVoice: "female-warm", primaryAccent: "american", primarySpeed: 1 },
    options: { backgroundMusic },
  });
}

async function makeFamilyPodcast(
  campaign: Campaign,
  backgroundMusic: "warm" | "none",
  transcription: Parameters<typeof convertRecording>[1] = null,
  inWorker = false,
) {
  const podcast = await requestFor(campaign, backgroundMusic);
  await runner(transcription, inWorker).runUntilIdle();
  const done = (await getPodcast(podcast.id))!;
  expect(done.status).toBe("complete");
  return done;
}

const fakeConfig = () => ({ apiKey: fake.apiKey, baseURL: fake.url, model: "whisper-1" });

describe("a family podcast with a recorded answer", () => {
  test("plays the recording in the relative's chapter and marks it; a removal-requested one is never heard", async () => {
    const campaign = createTestCampaign(alice.id, {
      status: "collecting",
      prompt: "What do you remember about the orchard?",
    });
    insertTestContribution(campaign.id, {
      contributorName: "Uncle Bo",
      storyContent: "We built a ladder from old fence posts.",
      submittedAt: new Date("2026-01-01"),
    });
    const rose = insertTestContribution(campaign.id, {
      contributorName: "Rose Smith",
      storyContent: "The apples were small and sour, and we loved them.",
      submittedAt: new Date("2026-01-02"),
    });
    const may = insertTestContribution(campaign.id, {
      contributorName: "Aunt May",
      storyContent: "I climbed the tallest tree once and stayed up there until supper.",
      submittedAt: new Date("2026-01-03"),
    });

    const roseMemo = await recordAnswer(
      rose.id,
      await spokenMemo(
        "Oh, the orchard. Every autumn we picked apples until our fingers were sticky, and Father pressed cider in the barn.",
        "awb",
      ),
    );
    const mayMemo = await recordAnswer(
      may.id,
      await spokenMemo("I was nine, and I climbed so high that I could see the church tower over the hill.", "rms"),
    );
    expect(roseMemo.status).toBe("ready");
    expect((await requestRecordingRemoval(removalToken(mayMemo.id)))?.id).toBe(mayMemo.id);

    const podcast = await makeFamilyPodcast(campaign, "warm", null, true);
    const script = podcast.script as ScriptSegment[];
    const roseLength = clipLength(roseMemo.durationSeconds!);
    expect(script.filter((s) => s.chapter === "Rose Smith").map((s) => [s.text, s.clip?.recordingId ?? null])).toEqual([
      ["Thank you, Uncle Bo. Next, Rose Smith. In their own voice.", null],
      ["The apples were small and sour, and we loved them.", roseMemo.id],
    ]);
    // The transcript marks Rose's own voice; May's words are read by the narrator, unmarked.
    expect(podcast.transcript).toContain(
      `[Recording — Rose Smith, ${roseLength}] The apples were small and sour, and we loved them.`,
    );
    expect(podcast.transcript).toContain(
      "Grace: Aunt May wrote: “I climbed the tallest tree once and stayed up there until supper.”",
    );
    expect(podcast.transcript).not.toContain("[Recording — Aunt May");
    expect(script.some((s) => s.clip?.recordingId === mayMemo.id)).toBe(false);

    // The audio: Rose's normalized clip is found in the episode, inside her chapter; May's is not in it.
    const episodeFile = storedPath(podcast.audioKey!);
    const episode = await decodeMono(episodeFile, RATE);
    const chapters = chaptersFromProbe(await probe(episodeFile));
    const roseChapter = chapters.findIndex((c) => c.title === "Rose Smith");
    const chapterEnd = chapters[roseChapter + 1]?.start ?? episode.length / RATE;
    const roseClip = await decodeMono(storedPath(roseMemo.normalizedKey!), RATE);
    const mayClip = await decodeMono(storedPath(mayMemo.normalizedKey!), RATE);
    const found = findClip(episode, roseClip, RATE);
    const absent = findClip(episode, mayClip, RATE);
    console.info(
      `cross-correlation: included clip ${found.score.toFixed(3)} at ${found.offset.toFixed(2)} s (Rose's chapter ${chapters[roseChapter]!.start.toFixed(2)}–${chapterEnd.toFixed(2)} s); removal-requested clip ${absent.score.toFixed(3)}`,
    );
    expect(found.score).toBeGreaterThan(0.6);
    expect(absent.score).toBeLessThan(0.3);
    expect(chapters[roseChapter]!.start).toBeGreaterThan(0);
    expect(found.offset).toBeGreaterThanOrEqual(chapters[roseChapter]!.start);
    expect(found.offset + roseClip.length / RATE).toBeLessThanOrEqual(chapterEnd);

    // The script page shows the clip as Rose's recording, which no edit can change.
    const review = (await getScriptReview(alice.id, podcast.id))!;
    const clipLine = review.segments.find((s) => s.recording)!;
    expect(clipLine.recording).toEqual({ name: "Rose Smith", length: roseLength });
    db.update(podcasts).set({ status: "script_ready" }).where(eq(podcasts.id, podcast.id)).run();
    expect(() =>
      changeSegments(alice.id, podcast.id, { lines: [{ index: clipLine.index, text: "Something else" }] }),
    ).toThrow(PodcastRequestError);
    db.update(podcasts).set({ status: "complete" }).where(eq(podcasts.id, podcast.id)).run();
  }, 60_000);
});

describe("recordings without text", () => {
  test("are transcribed after conversion by an OpenAI-compatible server; a failure leaves the recording ready", async () => {
    const campaign = createTestCampaign(alice.id, { status: "collecting" });
    const nell = insertTestContribution(campaign.id, { contributorName: "Nell", storyContent: "" });
    const ivy = insertTestContribution(campaign.id, { contributorName: "Ivy", storyContent: "" });
    const memo = await spokenMemo("We kept bees behind the orchard wall.", "awb");

    fake.setTranscript("We kept bees behind the orchard wall.");
    const before = fake.transcriptions.length;
    const transcribed = await recordAnswer(nell.id, memo, fakeConfig());
    expect(transcribed).toMatchObject({ status: "ready", transcript: "We kept bees behind the orchard wall." });
    const sent = fake.transcriptions[before]!;
    expect(sent.fields.model).toBe("whisper-1");
    expect(sent.file!.bytes.equals(fs.readFileSync(storedPath(transcribed.normalizedKey!)))).toBe(true);

    // The client tries twice.
    fake.failNextTranscription(500);
    fake.failNextTranscription(500);
    const failed = await recordAnswer(ivy.id, memo, fakeConfig());
    expect(failed).toMatchObject({ status: "ready", transcript: null });

    // No server: the transcript says how long the recorded answer is, and the owner can type its text.
    const withoutServer = await makeFamilyPodcast(campaign, "none", null);
    expect(withoutServer.transcript).toContain(
      `[Recording — Nell, ${clipLength(transcribed.durationSeconds!)}] We kept bees behind the orchard wall.`,
    );
    // Her line is the recording's mark alone: no placeholder words stand in for hers.
    expect(withoutServer.transcript).toContain(`[Recording — Ivy, ${clipLength(failed.durationSeconds!)}]\n\n`);
    expect(withoutServer.transcript).not.toContain("recorded answer");

    // With one, the recording converted while it was down is transcribed when the podcast is made; failing again fails nothing.
    fake.failNextTranscription(503);
    fake.failNextTranscription(503);
    const stillDown = await makeFamilyPodcast(campaign, "none", fakeConfig());
    expect(stillDown.transcript).toContain(`[Recording — Ivy, ${clipLength(failed.durationSeconds!)}]\n\n`);
    fake.setTranscript("The hives hummed all summer.");
    const up = await makeFamilyPodcast(campaign, "none", fakeConfig());
    expect(up.transcript).toContain(
      `[Recording — Ivy, ${clipLength(failed.durationSeconds!)}] The hives hummed all summer.`,
    );
    expect(getRecording(failed.id)!.transcript).toBe("The hives hummed all summer.");
  }, 60_000);
});

describe("a removal asked for after the script was written", () => {
  test("the next attempt writes the script again without the recording, and it is not played", async () => {
    setClock(new Date("2027-03-01T00:00:00Z"));
    const campaign = createTestCampaign(alice.id, { status: "collecting" });
    const june = insertTestContribution(campaign.id, {
      contributorName: "June",
      storyContent: "We swam in the mill pond.",
    });
    const memo = await recordAnswer(june.id, await spokenMemo("The mill pond was cold even in August.", "rms"));
    // The first attempt writes the script with June's clip, then fails: its file is gone from storage.
    await getStorage().remove(memo.normalizedKey!);
    const podcast = await requestFor(campaign, "none");
    await runner().runUntilIdle();
    const first = (await getPodcast(podcast.id))!;
    expect(first.status).toBe("queued");
    expect(first.transcript).toContain("[Recording — June");

    await requestRecordingRemoval(removalToken(memo.id));
    advanceClock(60_000);
    await runner().runUntilIdle();
    const done = (await getPodcast(podcast.id))!;
    expect(done.status).toBe("complete");
    expect(done.transcript).not.toContain("[Recording");
    expect(done.transcript).toContain("June wrote: “We swam in the mill pond.”");
    expect((done.script as ScriptSegment[]).some((s) => s.clip)).toBe(false);
  }, 30_000);
});
