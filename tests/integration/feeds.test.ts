// Private podcast feeds through the real loaders and actions: the family's and a collection's feed,
// what each holds, conditional requests, enclosures with ranges, and revocation taking effect at once.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";

import { ensureFeed } from "~/features/podcasts/listening/feeds.server";
import { qrSvg } from "~/features/podcasts/listening/qr-svg";
import { action as podcastAction, loader as podcastLoader } from "~/routes/_app+/podcast.$id";
import { loader as feedLoader } from "~/routes/_public+/feed.$token";
import { loader as feedAudio } from "~/routes/_public+/feed.$token.$podcastId.audio[.mp3]";
import { loader as feedChapters } from "~/routes/_public+/feed.$token.$podcastId.chapters[.json]";
import { loader as episodeCover } from "~/routes/_public+/feed.$token.$podcastId.cover[.jpg]";
import { loader as feedCover } from "~/routes/_public+/feed.$token.cover[.jpg]";
import { loader as feedQr } from "~/routes/_public+/feed.$token.qr[.svg]";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import { createCampaignFor, createCompletePodcast, createProcessingPodcast, makeMp3 } from "../utils/listening-helpers";

type Item = { title: string; guid: { "#text": string }; enclosure: Record<string, string>; "itunes:duration"?: number };

const getFeed = (token: string, headers: Record<string, string> = {}) =>
  callRoute(feedLoader, makeRequest(`/feed/${token}`, { headers }), { token });

async function feedItems(token: string): Promise<Item[]> {
  const response = await getFeed(token);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
  const channel = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(await response.text()).rss
    .channel;
  return channel.item === undefined ? [] : [channel.item].flat();
}

describe("private podcast feeds", () => {
  it("gives each episode its chapters as Podcasting 2.0 JSON, read from the MP3", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, {
      title: "Chaptered",
      audio: {
        seconds: 6,
        chapters: [
          { title: "Aunt May", start: 0, end: 3 },
          { title: "Uncle Joe", start: 3, end: 6 },
        ],
      },
    });
    const { token } = ensureFeed(owner.id, null)!;
    const response = await callRoute(feedChapters, makeRequest(`/feed/${token}/${podcast.id}/chapters.json`), {
      token,
      podcastId: podcast.id,
    });
    expect(response.headers.get("Content-Type")).toBe("application/json+chapters");
    expect(await response.json()).toEqual({
      version: "1.2.0",
      chapters: [
        { startTime: 0, title: "Aunt May" },
        { startTime: 3, title: "Uncle Joe" },
      ],
    });
  });

  it("the family feed lists the owner's finished episodes only, with enclosures at this host", async () => {
    const owner = await createTestUser({ lastName: "Okafor" });
    const other = await createTestUser();
    const done = await createCompletePodcast(owner.id, { title: "Letters home" });
    createProcessingPodcast(owner.id, "Not yet");
    await createCompletePodcast(other.id, { title: "Someone else's" });
    const feed = ensureFeed(owner.id, null)!;
    expect(feed.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ensureFeed(owner.id, null)!.token).toBe(feed.token);

    const items = await feedItems(feed.token);
    expect(items.map((i) => i.title)).toEqual(["Letters home"]);
    expect(items[0]!.guid["#text"]).toBe(done.id);
    expect(items[0]!.enclosure).toEqual({
      url: `http://localhost/feed/${feed.token}/${done.id}/audio.mp3`,
      length: String(done.fileSize),
      type: "audio/mpeg",
    });
    expect(items[0]!["itunes:duration"]).toBe(done.duration);
    expect(done.duration).toBeGreaterThan(0);
  });

  it("a collection's feed holds that collection's episodes; a collection of someone else's has none", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const campaign = createCampaignFor(owner.id, "Summers at the farm");
    await createCompletePodcast(owner.id, { title: "Farm episode", campaignId: campaign.id });
    await createCompletePodcast(owner.id, { title: "Unrelated episode" });
    const feed = ensureFeed(owner.id, campaign.id)!;
    expect((await feedItems(feed.token)).map((i) => i.title)).toEqual(["Farm episode"]);
    expect(ensureFeed(stranger.id, campaign.id)).toBeNull();
    expect(ensureFeed(owner.id, null)!.token).not.toBe(feed.token);
  });

  it("answers a poll with 304 when nothing changed (ETag and Last-Modified)", async () => {
    const owner = await createTestUser();
    await createCompletePodcast(owner.id, { title: "Only one" });
    const { token } = ensureFeed(owner.id, null)!;
    const first = await getFeed(token);
    const etag = first.headers.get("ETag")!;
    const lastModified = first.headers.get("Last-Modified")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await getFeed(token, { "If-None-Match": etag })).status).toBe(304);
    expect((await getFeed(token, { "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await getFeed(token, { "If-None-Match": '"other"' })).status).toBe(200);
    await createCompletePodcast(owner.id, { title: "A new one", completedAt: new Date(Date.now() + 60_000) });
    expect((await getFeed(token, { "If-None-Match": etag })).status).toBe(200);
  });

  it("serves enclosures with ranges and covers, only for episodes in the feed", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const mine = await createCompletePodcast(owner.id, { title: "Mine" });
    const theirs = await createCompletePodcast(other.id, { title: "Theirs" });
    const { token } = ensureFeed(owner.id, null)!;
    const audio = (podcastId: string, range?: string) =>
      callRoute(
        feedAudio,
        makeRequest(`/feed/${token}/${podcastId}/audio.mp3`, { headers: range ? { Range: range } : {} }),
        { token, podcastId },
      );

    const part = await audio(mine.id, "bytes=0-9");
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals((await makeMp3()).subarray(0, 10))).toBe(true);
    expect((await audio(theirs.id)).status).toBe(404);
    const cover = await callRoute(episodeCover, makeRequest(`/feed/${token}/${mine.id}/cover.jpg`), {
      token,
      podcastId: mine.id,
    });
    expect(cover.headers.get("Content-Type")).toBe("image/jpeg");
    expect(
      (
        await callRoute(episodeCover, makeRequest(`/feed/${token}/${theirs.id}/cover.jpg`), {
          token,
          podcastId: theirs.id,
        })
      ).status,
    ).toBe(404);
    expect((await callRoute(feedCover, makeRequest(`/feed/${token}/cover.jpg`), { token })).status).toBe(200);
  });

  it("the owner revokes the feed from the podcast page: the old URL answers 404 at once, a new one works", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Revocable" });
    const open = async () =>
      (await (
        await callRoute(podcastLoader, makeRequest(`/podcast/${podcast.id}`, { cookie: owner.cookie }), {
          id: podcast.id,
        })
      ).json()) as { feed: { url: string; qrUrl: string } };
    const before = (await open()).feed;
    const oldToken = before.url.split("/feed/")[1]!;
    // The QR code is an image of its own, of the feed's URL at this host.
    expect(before.qrUrl).toBe(`/feed/${oldToken}/qr.svg`);
    const qr = await callRoute(feedQr, makeRequest(before.qrUrl), { token: oldToken });
    expect(qr.status).toBe(200);
    expect(qr.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(qr.headers.get("Cache-Control")).toBe("private, max-age=3600");
    const svg = await qr.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toBe(qrSvg(before.url));

    const revoked = await callRoute(
      podcastAction,
      makeRequest(`/podcast/${podcast.id}`, { cookie: owner.cookie, form: { intent: "revoke-feed" } }),
      { id: podcast.id },
    );
    expect(revoked.status).toBe(302);
    expect((await getFeed(oldToken)).status).toBe(404);
    const audio = await callRoute(feedAudio, makeRequest(`/feed/${oldToken}/${podcast.id}/audio.mp3`), {
      token: oldToken,
      podcastId: podcast.id,
    });
    expect(audio.status).toBe(404);
    expect((await callRoute(feedQr, makeRequest(before.qrUrl), { token: oldToken })).status).toBe(404);

    const after = (await open()).feed;
    expect(after.url).not.toBe(before.url);
    expect((await feedItems(after.url.split("/feed/")[1]!)).map((i) => i.title)).toEqual(["Revocable"]);
  });

  it("unknown and malformed tokens are 404", async () => {
    expect((await getFeed("x".repeat(43))).status).toBe(404);
    expect((await getFeed("../etc/passwd")).status).toBe(404);
  });
});
