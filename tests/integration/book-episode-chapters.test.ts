// The family book's QR codes for stories told in an episode (decision 0170): a family
// episode made by the real job (flite, ffmpeg) records which story each chapter tells; the book prints
// a code for each, whose page plays the episode from that story's chapter, without a sign-in, until
// the owner turns the links off. An episode made before (no stories recorded) gives no code.
import fs from "node:fs";
import { podcasts } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { renderPodcastAudio } from "~/audio/render.server";
import { createGeneratePodcastHandler } from "~/features/podcasts/generation/generate.server";
import { requestFamilyPodcast } from "~/features/podcasts/generation/requests.server";
import { getPodcast, type Podcast } from "~/features/podcasts/podcasts.server";
import { db } from "~/lib/db.server";
import { JobRunner } from "~/lib/queue/runner.server";
import { getStorage } from "~/lib/storage/storage.server";
import { getOwnedCampaign, type Campaign } from "~/models/campaign.server";
import { action as bookAction } from "~/routes/_app+/campaigns.$campaignId.book";
import { loader as listenLoader } from "~/routes/_public+/b.$token";
import { loader as listenAudio } from "~/routes/_public+/b.$token.audio";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { bookPage, makeBook, qrLinksOf } from "../utils/book-helpers";
import { withoutPiperVoices } from "../utils/no-piper-voices";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

withoutPiperVoices("book-chapters-");

let alice: TestUser;
let campaign: Campaign;
let episode: Podcast;
let bo: { id: string };
let may: { id: string };
const scratch: string[] = [];
afterAll(() => scratch.forEach((p) => fs.rmSync(p, { recursive: true, force: true })));

async function storedBytes(key: string) {
  const file = (await getStorage().read(key))!;
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

beforeAll(async () => {
  alice = await createTestUser({ podcastLimit: 100 });
  campaign = createTestCampaign(alice.id, { status: "collecting", prompt: "What do you remember about the orchard?" });
  bo = insertTestContribution(campaign.id, {
    contributorName: "Uncle Bo",
    storyContent: "We built a ladder from old fence posts.",
    submittedAt: new Date("2026-01-01"),
  });
  may = insertTestContribution(campaign.id, {
    contributorName: "Aunt May",
    storyContent: "I climbed the tallest tree once and stayed up there until supper.",
    submittedAt: new Date("2026-01-02"),
  });
  const owned = (await getOwnedCampaign(alice.id, campaign.id))!;
  const asked = await requestFamilyPodcast(alice.id, owned, {
    voiceConfig: { primaryVoice: "female-warm", primaryAccent: "american", primarySpeed: 1 },
    options: { backgroundMusic: "none" },
  });
  // The real job, rendering in this process (the worker's work, without its start-up).
  await new JobRunner({
    handlers: {
      "generate-podcast": createGeneratePodcastHandler({
        openAI: null,
        transcription: null,
        render: renderPodcastAudio,
      }),
    },
  }).runUntilIdle();
  episode = (await getPodcast(asked.id))!;
  expect(episode.status).toBe("complete");
}, 180_000);

describe("a story told in a finished episode", () => {
  test("the episode records each chapter's story, from the chapter's real start", () => {
    const chapters = episode.chapterStories!;
    expect(chapters.map((c) => [c.title, c.contributionIds])).toEqual([
      ["Uncle Bo", [bo.id]],
      ["Aunt May", [may.id]],
    ]);
    expect(chapters[0]!.start).toBe(0);
    expect(chapters[1]!.start).toBeGreaterThan(1);
    expect(chapters[1]!.start).toBeLessThan(episode.duration!);
  });

  // pdftoppm and zbarimg over every page: slow on a shared machine, so more than the default 20 s.
  test("the book prints a QR code per story whose page plays the episode from that chapter; turned off, 404", async () => {
    const { file } = await makeBook(alice, campaign.id, { trim: "6x9" }, scratch);
    const links = await qrLinksOf(file, scratch);
    expect(links).toHaveLength(2);
    const episodeBytes = await storedBytes(episode.audioKey!);
    const tokens = links.map((link) => new URL(link).pathname.split("/")[2]!);
    for (const [i, token] of tokens.entries()) {
      expect(new URL(links[i]!).pathname).toMatch(/^\/b\/[\w-]{16}$/);
      const listen = await callRoute(listenLoader, makeRequest(`/b/${token}`), { token });
      expect(listen.status).toBe(200);
      const start = episode.chapterStories![i]!.start;
      // The start is in the audio's address (a media fragment), so the browser seeks there with scripts off.
      expect(await listen.json()).toMatchObject({
        name: ["Uncle Bo", "Aunt May"][i],
        audio: `/b/${token}/audio${i === 0 ? "" : `#t=${Math.floor(start * 1000) / 1000}`}`,
        episode: `Heard in the episode “${episode.title}”, from this story's chapter.`,
      });
      const audio = await callRoute(listenAudio, makeRequest(`/b/${token}/audio`), { token });
      expect(audio.status).toBe(200);
      expect(audio.headers.get("Content-Type")).toBe("audio/mpeg");
      expect(Buffer.from(await audio.arrayBuffer()).equals(episodeBytes)).toBe(true);
    }

    const off = await callRoute(
      bookAction,
      makeRequest(bookPage(campaign.id), { cookie: alice.cookie, form: { intent: "revoke" } }),
      { campaignId: campaign.id },
    );
    expect(off.status).toBe(302);
    for (const token of tokens) {
      expect((await callRoute(listenLoader, makeRequest(`/b/${token}`), { token })).status).toBe(404);
      expect((await callRoute(listenAudio, makeRequest(`/b/${token}/audio`), { token })).status).toBe(404);
    }
  }, 180_000);

  test("an episode made before chapters named their stories gives no QR code, and the book is still made", async () => {
    db.update(podcasts).set({ chapterStories: null }).where(eq(podcasts.id, episode.id)).run();
    try {
      const { file } = await makeBook(alice, campaign.id, { trim: "6x9" }, scratch);
      expect(await qrLinksOf(file, scratch)).toEqual([]);
    } finally {
      db.update(podcasts).set({ chapterStories: episode.chapterStories }).where(eq(podcasts.id, episode.id)).run();
    }
  }, 180_000);
});
