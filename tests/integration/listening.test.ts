// Listening, sharing and downloads, through the real loaders and actions: My Podcasts (search, tabs,
// filter, menu actions), the podcast page (listens, share panel, library pins), the JSON calls
// (share, download, transcript PDF, audio ranges), the public share page, and ownership.
import fs from "node:fs";
import { podcasts, shareLinks } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { matchesSearch } from "~/features/podcasts/library/library-view";
import { podcastActionMessages } from "~/features/podcasts/library/podcast-action-messages";
import { isNewVisit, markVisit, VISIT_MS } from "~/features/podcasts/listening/listen-visits";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { db } from "~/lib/db.server";
import { action as libraryAction, loader as libraryLoader } from "~/routes/_app+/my-podcasts";
import { action as podcastAction, loader as podcastLoader } from "~/routes/_app+/podcast.$id";
import { action as sharePageAction, loader as sharePageLoader } from "~/routes/_public+/s.$token";
import { loader as shareAudioLoader } from "~/routes/_public+/s.$token.audio";
import { action as detailApiAction, loader as detailApiLoader } from "~/routes/api+/podcasts+/$podcastId";
import { loader as audioLoader } from "~/routes/api+/podcasts+/$podcastId.audio";
import { loader as downloadLoader } from "~/routes/api+/podcasts+/$podcastId.download";
import { action as shareApi } from "~/routes/api+/podcasts+/$podcastId.share";
import { loader as transcriptLoader } from "~/routes/api+/podcasts+/$podcastId.transcript";

import { storedPath } from "../utils/audio-helpers";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import {
  createCampaignFor,
  createCompletePodcast,
  createNewsletterFor,
  createProcessingPodcast,
  getPodcastRow,
  makeMp3,
  pdfText,
  setShareExpiry,
  shareRow,
} from "../utils/listening-helpers";

const DAY = 86_400_000;

/** The name=value pairs a response sets, merged over a Cookie header (a tiny cookie jar). */
function withCookies(cookie: string, response: Response) {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}

type LibraryData = {
  view: { tab: string; status: string; q: string; page: number };
  total: number;
  paging: { page: number; offset: number; matching: number; searchedHere: boolean };
  items: Array<{
    id: string;
    title: string;
    group: string;
    listens: number;
    campaignTitle: string | null;
    pinned: boolean;
  }>;
  dialog: { kind: string; podcast: { id: string } } | null;
  campaigns: Array<{ id: string; title: string }>;
};

async function loadLibrary(user: TestUser, query = "", cookie = user.cookie) {
  const response = await callRoute(libraryLoader, makeRequest(`/my-podcasts${query}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as LibraryData;
}

const postLibrary = (user: TestUser, form: Record<string, string>, query = "") =>
  callRoute(libraryAction, makeRequest(`/my-podcasts${query}`, { cookie: user.cookie, form }));

const openPodcast = (cookie: string, id: string, query = "") =>
  callRoute(podcastLoader, makeRequest(`/podcast/${id}${query}`, { cookie }), { id });
const postPodcast = (cookie: string, id: string, form: Record<string, string>) =>
  callRoute(podcastAction, makeRequest(`/podcast/${id}`, { cookie, form }), { id });

async function createShare(user: TestUser, podcastId: string, json: Record<string, unknown> = {}) {
  const response = await callRoute(
    shareApi,
    makeRequest(`/api/podcasts/${podcastId}/share`, { cookie: user.cookie, json }),
    { podcastId },
  );
  expect(response.status).toBe(201);
  const { shareUrl } = (await response.json()) as { shareUrl: string };
  return { shareUrl, token: shareUrl.split("/s/")[1]! };
}

describe("My Podcasts", () => {
  it("lists the owner's podcasts newest first, with the processing badge state, and only theirs", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const old = await createCompletePodcast(owner.id, {
      title: "Winter Stories",
      createdAt: new Date(Date.now() - 3 * DAY),
    });
    const fresh = await createCompletePodcast(owner.id, {
      title: "Summer at the Lake",
      createdAt: new Date(Date.now() - DAY),
    });
    const busy = createProcessingPodcast(owner.id, "Grandma's Kitchen");
    await createCompletePodcast(other.id, { title: "Not yours" });

    const data = await loadLibrary(owner);
    expect(data.total).toBe(3);
    expect(data.items.map((i) => i.id)).toEqual([busy.id, fresh.id, old.id]);
    expect(data.items.find((i) => i.id === busy.id)?.group).toBe("processing");
    expect(data.items.find((i) => i.id === fresh.id)?.group).toBe("ready");
    expect(data.items.some((i) => i.title === "Not yours")).toBe(false);
  });

  it("search is a case-insensitive title match, read from ?q= (the header's GET form)", async () => {
    const owner = await createTestUser();
    await createCompletePodcast(owner.id, { title: "Summer at the LAKE" });
    await createCompletePodcast(owner.id, { title: "Winter Stories" });
    const data = await loadLibrary(owner, "?q=lake");
    expect(data.view.q).toBe("lake");
    // The page shows the items that match the query (the same rule filters as you type).
    expect(data.items.filter((i) => matchesSearch(i.title, data.view.q)).map((i) => i.title)).toEqual([
      "Summer at the LAKE",
    ]);
    expect(data.items.filter((i) => matchesSearch(i.title, "nothing like it"))).toEqual([]);
  });

  it("shows 24 podcasts a page; ?q= searches the whole library; a page past the end shows the last (decision 0146)", async () => {
    const owner = await createTestUser();
    const made = Array.from({ length: 30 }, (_, i) =>
      db
        .insert(podcasts)
        .values({
          ownerId: owner.id,
          title: i === 29 ? "Oldest lake trip" : `Episode ${i + 1}`,
          status: "complete",
          createdAt: new Date(Date.now() - i * DAY),
        })
        .returning()
        .get(),
    );
    const first = await loadLibrary(owner);
    expect(first.total).toBe(30);
    expect(first.items.map((i) => i.id)).toEqual(made.slice(0, 24).map((p) => p.id));
    expect(first.paging).toEqual({ page: 1, offset: 0, matching: 30, searchedHere: true });

    const second = await loadLibrary(owner, "?page=2");
    expect(second.items.map((i) => i.id)).toEqual(made.slice(24).map((p) => p.id));
    expect(second.view.page).toBe(2);
    expect((await loadLibrary(owner, "?page=99")).paging).toEqual({
      page: 2,
      offset: 24,
      matching: 30,
      searchedHere: true,
    });
    expect((await loadLibrary(owner, "?page=nope")).paging.page).toBe(1);

    // The oldest podcast is on page 2, yet a search from page 1 finds it.
    const found = await loadLibrary(owner, "?q=LAKE");
    expect(found.items.map((i) => i.title)).toEqual(["Oldest lake trip"]);
    expect(found.paging).toEqual({ page: 1, offset: 0, matching: 1, searchedHere: true });
  });

  it("tabs: Recently Created (30 days), Most Listened, Collections; and the status filter", async () => {
    const owner = await createTestUser();
    const campaign = createCampaignFor(owner.id, "Lake Memories");
    const ancient = await createCompletePodcast(owner.id, {
      title: "Ancient",
      createdAt: new Date(Date.now() - 45 * DAY),
      listens: 50,
    });
    const popular = await createCompletePodcast(owner.id, {
      title: "Popular",
      listens: 9,
      campaignId: campaign.id,
      createdAt: new Date(Date.now() - 2 * DAY),
    });
    const quiet = await createCompletePodcast(owner.id, {
      title: "Quiet",
      listens: 1,
      createdAt: new Date(Date.now() - DAY),
    });
    const busy = createProcessingPodcast(owner.id, "Busy");

    const recent = await loadLibrary(owner, "?tab=recent");
    expect(recent.items.map((i) => i.id)).not.toContain(ancient.id);
    expect(recent.items.map((i) => i.id)).toEqual([busy.id, quiet.id, popular.id]);

    const most = await loadLibrary(owner, "?tab=most-listened");
    expect(most.items.map((i) => i.id).slice(0, 3)).toEqual([ancient.id, popular.id, quiet.id]);

    const collections = await loadLibrary(owner, "?tab=collections");
    expect(collections.items.find((i) => i.id === popular.id)?.campaignTitle).toBe("Lake Memories");
    expect(collections.items.find((i) => i.id === quiet.id)?.campaignTitle).toBeNull();

    expect((await loadLibrary(owner, "?status=processing")).items.map((i) => i.id)).toEqual([busy.id]);
    expect((await loadLibrary(owner, "?status=ready")).items).toHaveLength(3);
    expect((await loadLibrary(owner, "?status=failed")).items).toEqual([]);
    // Unknown values fall back to the defaults rather than failing.
    expect((await loadLibrary(owner, "?tab=nope&status=nope")).view).toMatchObject({ tab: "all", status: "all" });
  });

  it("Edit Details saves the title and description; a blank title is refused with the message", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Old title" });
    const dialog = await loadLibrary(owner, `?dialog=edit&id=${podcast.id}`);
    expect(dialog.dialog).toMatchObject({ kind: "edit", podcast: { id: podcast.id } });

    const bad = await postLibrary(
      owner,
      { intent: "edit", podcastId: podcast.id, title: "  " },
      `?dialog=edit&id=${podcast.id}`,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(podcastActionMessages.edit.titleRequired);

    const ok = await postLibrary(
      owner,
      { intent: "edit", podcastId: podcast.id, title: "New title", description: "About the lake" },
      `?tab=recent&dialog=edit&id=${podcast.id}`,
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/my-podcasts?tab=recent");
    expect(getPodcastRow(podcast.id)).toMatchObject({ title: "New title", description: "About the lake" });
  });

  it("Add to Collection sets the owner's campaign, refuses a foreign one, and can remove it", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Collect me" });
    const mine = createCampaignFor(owner.id, "Mine");
    const theirs = createCampaignFor(other.id, "Theirs");

    const dialog = await loadLibrary(owner, `?dialog=collection&id=${podcast.id}`);
    expect(dialog.campaigns).toEqual([{ id: mine.id, title: "Mine" }]);

    expect(
      (await postLibrary(owner, { intent: "collection", podcastId: podcast.id, campaignId: mine.id })).status,
    ).toBe(302);
    expect(getPodcastRow(podcast.id)?.campaignId).toBe(mine.id);

    const foreign = await postLibrary(owner, { intent: "collection", podcastId: podcast.id, campaignId: theirs.id });
    expect(foreign.status).toBe(400);
    expect(getPodcastRow(podcast.id)?.campaignId).toBe(mine.id);

    expect((await postLibrary(owner, { intent: "collection", podcastId: podcast.id, campaignId: "" })).status).toBe(
      302,
    );
    expect(getPodcastRow(podcast.id)?.campaignId).toBeNull();
  });

  it("Generate Transcript rebuilds the transcript from the stored script; without a script it says so", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Scripted", transcript: "stale text" });
    expect((await postLibrary(owner, { intent: "transcript", podcastId: podcast.id })).status).toBe(302);
    const transcript = getPodcastRow(podcast.id)?.transcript ?? "";
    // Each line by the voice's name (the default voices: Grace, then Henry), never "Host 1".
    expect(transcript).toMatch(/^Grace: Welcome back\./);
    expect(transcript).toContain("Henry: Grandpa let everyone steer");

    const busy = createProcessingPodcast(owner.id, "No script yet");
    const refused = await postLibrary(owner, { intent: "transcript", podcastId: busy.id });
    // Back to the list with the 'Transcript Not Available' toast.
    expect(refused.status).toBe(302);
    expect(refused.headers.getSetCookie().join()).toContain("__toast=");
    expect(getPodcastRow(busy.id)?.transcript).toBeNull();
  });

  it("Delete removes the podcast and its audio file (after the confirmation dialog)", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Delete me" });
    expect(fs.existsSync(storedPath(podcast.audioKey!))).toBe(true);
    expect((await loadLibrary(owner, `?dialog=delete&id=${podcast.id}`)).dialog?.kind).toBe("delete");
    const response = await postLibrary(
      owner,
      { intent: "delete", podcastId: podcast.id },
      `?dialog=delete&id=${podcast.id}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-podcasts");
    expect(getPodcastRow(podcast.id)).toBeUndefined();
    expect(fs.existsSync(storedPath(podcast.audioKey!))).toBe(false);
  });

  it("signed out, the list sends the visitor to sign in", async () => {
    const response = await callRoute(libraryLoader, makeRequest("/my-podcasts?q=x"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/my-podcasts?q=x")}`);
  });
});

describe("the podcast page", () => {
  it("shows the facts, tabs, similar podcasts and the newsletter link", async () => {
    const owner = await createTestUser();
    const campaign = createCampaignFor(owner.id, "Lake");
    const podcast = await createCompletePodcast(owner.id, { title: "Summer at the Lake", campaignId: campaign.id });
    const sibling = await createCompletePodcast(owner.id, { title: "Another evening", campaignId: campaign.id });
    const wordMatch = await createCompletePodcast(owner.id, { title: "The Lake in Winter" });
    await createCompletePodcast(owner.id, { title: "Unrelated" });
    createProcessingPodcast(owner.id, "Lake (still making)");
    const newsletter = createNewsletterFor(owner.id, podcast.id);

    const response = await openPodcast(owner.cookie, podcast.id, "?tab=transcript");
    expect(response.status).toBe(200);
    const data = (await response.json()) as {
      podcast: {
        title: string;
        hostLabel: string;
        duration: string;
        transcript: Array<{ speaker: string; text: string }>;
      };
      tab: string;
      similar: Array<{ id: string }>;
      newsletterHref: string | null;
    };
    expect(data.podcast).toMatchObject({ title: "Summer at the Lake", hostLabel: "Two voices", duration: "0:02" });
    expect(data.tab).toBe("transcript");
    // Its line times are estimated over the episode (decision 0134).
    expect(data.podcast.transcript[0]).toEqual({
      speaker: "Grace",
      text: "Welcome back. Today we hear about the summer at the lake.",
      start: 0,
    });
    expect(data.similar.map((s) => s.id)).toEqual([sibling.id, wordMatch.id]);
    expect(data.newsletterHref).toBe(`/newsletter/${newsletter.publicId}`);

    const lonely = await createCompletePodcast(owner.id, { title: "Zebra crossing", description: null });
    const lonelyData = (await (await openPodcast(owner.cookie, lonely.id)).json()) as {
      similar: unknown[];
      newsletterHref: null;
    };
    expect(lonelyData.similar).toEqual([]);
    expect(lonelyData.newsletterHref).toBeNull();
  });

  it("records a listen once per visit: reloads with the visit cookie do not count again", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Counted" });
    const first = await openPodcast(owner.cookie, podcast.id);
    expect(getPodcastRow(podcast.id)?.listens).toBe(1);
    const cookie = withCookies(owner.cookie, first);
    await openPodcast(cookie, podcast.id);
    await openPodcast(cookie, podcast.id, "?tab=technical");
    expect(getPodcastRow(podcast.id)?.listens).toBe(1);
    // Another browser (no visit cookie) is another visit.
    await openPodcast(owner.cookie, podcast.id);
    expect(getPodcastRow(podcast.id)?.listens).toBe(2);
    // A podcast still being made has nothing to listen to.
    const busy = createProcessingPodcast(owner.id, "Busy");
    await openPodcast(owner.cookie, busy.id);
    expect(getPodcastRow(busy.id)?.listens).toBe(0);
  });

  it("the visit window: the same podcast counts again after 30 minutes", () => {
    const now = 1_000_000_000;
    const visits = markVisit({}, "p1", now);
    expect(isNewVisit(visits, "p1", now + VISIT_MS - 1)).toBe(false);
    expect(isNewVisit(visits, "p1", now + VISIT_MS)).toBe(true);
    expect(isNewVisit(visits, "p2", now)).toBe(true);
  });

  it("'Invalid podcast ID' for a malformed id; 404 for a missing one", async () => {
    const owner = await createTestUser();
    const invalid = await openPodcast(owner.cookie, "not-an-id");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ message: listeningMessages.detail.invalidId });
    expect((await openPodcast(owner.cookie, crypto.randomUUID())).status).toBe(404);
  });

  it("Generate in the panel makes a link (toast 'Link Generated') shown in the panel; 'No Share Link' before one exists", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Share me" });
    const response = await postPodcast(owner.cookie, podcast.id, { intent: "share", expiration: "7" });
    // Post/redirect/get: the toast and the new link come with the page that follows.
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/podcast/${podcast.id}`);
    expect(response.headers.getSetCookie().join()).toContain("__toast=");
    const page = await openPodcast(withCookies(owner.cookie, response), podcast.id);
    const { share } = (await page.json()) as { share: { url: string; days: number; passwordProtected: boolean } };
    expect(share).toMatchObject({ days: 7, passwordProtected: false });
    expect(share.url).toMatch(/^http:\/\/localhost\/s\/[A-Za-z0-9_-]{43}$/);
    const link = shareRow(share.url.split("/s/")[1]!);
    expect(link).toBeDefined();
    expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(link!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY);
    // Another browser (or user) does not see it in the panel.
    expect(((await (await openPodcast(owner.cookie, podcast.id)).json()) as { share: unknown }).share).toBeNull();

    const noPassword = await postPodcast(owner.cookie, podcast.id, {
      intent: "share",
      expiration: "30",
      passwordProtect: "on",
    });
    expect(noPassword.status).toBe(400);
    const refused = JSON.stringify(await noPassword.json());
    expect(refused).toContain(listeningMessages.share.passwordRequired);
    expect(refused).toContain('"failed":true');

    for (const expiration of ["0", "366", "abc"]) {
      expect((await postPodcast(owner.cookie, podcast.id, { intent: "share", expiration })).status).toBe(400);
    }
    const noLink = await postPodcast(owner.cookie, podcast.id, { intent: "no-share-link", network: "facebook" });
    expect(noLink.status).toBe(302);
    expect(noLink.headers.getSetCookie().join()).toContain("__toast=");
  });

  it("Save to My Library pins the podcast to the top of My Podcasts (and unpins it)", async () => {
    const owner = await createTestUser();
    const older = await createCompletePodcast(owner.id, { title: "Older", createdAt: new Date(Date.now() - DAY) });
    await createCompletePodcast(owner.id, { title: "Newer" });
    const saved = await postPodcast(owner.cookie, older.id, { intent: "save-library" });
    expect(saved.status).toBe(302);
    const cookie = withCookies(owner.cookie, saved);
    const list = await loadLibrary(owner, "", cookie);
    expect(list.items[0]).toMatchObject({ id: older.id, pinned: true });
    const page = (await (await openPodcast(cookie, older.id)).json()) as { pinned: boolean };
    expect(page.pinned).toBe(true);

    const unsaved = await postPodcast(cookie, older.id, { intent: "save-library" });
    const after = await loadLibrary(owner, "", withCookies(cookie, unsaved));
    expect(after.items[0]?.title).toBe("Newer");
  });
});

describe("the JSON calls", () => {
  it("POST /api/podcasts/{id}/share: 30 days by default, adjustable, hashed at rest, bad bodies 4xx", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "API share" });
    const { token } = await createShare(owner, podcast.id);
    const row = shareRow(token)!;
    expect(row.token).not.toBe(token); // only the hash is stored
    expect(Math.round((row.expiresAt.getTime() - Date.now()) / DAY)).toBe(30);
    expect(row.passwordHash).toBeNull();

    const protectedShare = await createShare(owner, podcast.id, { expiration: 90, password: "lakehouse" });
    const protectedRow = shareRow(protectedShare.token)!;
    expect(Math.round((protectedRow.expiresAt.getTime() - Date.now()) / DAY)).toBe(90);
    expect(protectedRow.passwordHash).toMatch(/^scrypt\$/);
    expect(protectedRow.passwordHash).not.toContain("lakehouse");

    const call = (body: string, type = "application/json") =>
      callRoute(
        shareApi,
        makeRequest(`/api/podcasts/${podcast.id}/share`, {
          cookie: owner.cookie,
          body,
          headers: { "Content-Type": type },
        }),
        { podcastId: podcast.id },
      );
    for (const bad of [
      '{"expiration": ',
      '{"expiration": 0}',
      '{"expiration": 400}',
      '{"expiration": "soon"}',
      '{"password": "ab"}',
      '{"password": 5}',
      "[1,2]",
    ]) {
      const response = await call(bad);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await call("hello", "text/plain")).status).toBe(415);

    const busy = createProcessingPodcast(owner.id, "Not ready");
    const notReady = await callRoute(
      shareApi,
      makeRequest(`/api/podcasts/${busy.id}/share`, { cookie: owner.cookie, json: {} }),
      { podcastId: busy.id },
    );
    expect(notReady.status).toBe(409);
  });

  it("download: attachment named after the title (default podcast-{id}.mp3), ranges 206", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Summer at the Lake!" });
    const mp3 = await makeMp3();
    const get = (id: string, headers: Record<string, string> = {}) =>
      callRoute(downloadLoader, makeRequest(`/api/podcasts/${id}/download`, { cookie: owner.cookie, headers }), {
        podcastId: id,
      });

    const whole = await get(podcast.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(whole.headers.get("Content-Disposition")).toMatch(/^attachment; filename="summer-at-the-lake\.mp3"/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp3)).toBe(true);

    const part = await get(podcast.id, { Range: "bytes=10-19" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 10-19/${mp3.length}`);

    const symbols = await createCompletePodcast(owner.id, { title: "★★★" });
    expect((await get(symbols.id)).headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="podcast-${symbols.id}\\.mp3"`),
    );
  });

  it("the player's audio answers ranges: 206 with exactly those bytes, 416 past the end", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Seekable" });
    const mp3 = await makeMp3();
    const get = (range: string) =>
      callRoute(
        audioLoader,
        makeRequest(`/api/podcasts/${podcast.id}/audio`, { cookie: owner.cookie, headers: { Range: range } }),
        { podcastId: podcast.id },
      );
    const part = await get("bytes=0-99");
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(0, 100))).toBe(true);
    expect((await get(`bytes=${mp3.length + 10}-`)).status).toBe(416);
  });

  it("transcript: a PDF named transcript-{id}.pdf whose text has the speakers and their words", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Transcribed" });
    const response = await callRoute(
      transcriptLoader,
      makeRequest(`/api/podcasts/${podcast.id}/transcript`, { cookie: owner.cookie }),
      { podcastId: podcast.id },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="transcript-${podcast.id}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("Transcribed");
    expect(text).toContain("Grace:");
    expect(text).toContain("Henry:");
    expect(text).toMatch(/Grandpa let everyone steer the blue truck/);

    const bare = await createCompletePodcast(owner.id, { title: "No words", script: null, transcript: null });
    const missing = await callRoute(
      transcriptLoader,
      makeRequest(`/api/podcasts/${bare.id}/transcript`, { cookie: owner.cookie }),
      { podcastId: bare.id },
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: listeningMessages.api.transcriptMissing });
  });
});

describe("the public share page /s/{token}", () => {
  const openShare = (token: string, cookie?: string) =>
    callRoute(sharePageLoader, makeRequest(`/s/${token}`, { cookie }), { token });
  const shareAudio = (token: string, cookie?: string, range?: string) =>
    callRoute(shareAudioLoader, makeRequest(`/s/${token}/audio`, { cookie, headers: range ? { Range: range } : {} }), {
      token,
    });

  it("plays the podcast with no account: title, duration, transcript, audio with ranges — nothing else", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Shared story", description: "private notes" });
    const { token } = await createShare(owner, podcast.id);
    const response = await openShare(token);
    expect(response.status).toBe(200);
    const data = (await response.json()) as { state: string; podcast: Record<string, unknown>; audioUrl: string };
    expect(data.state).toBe("open");
    expect(Object.keys(data.podcast).sort()).toEqual([
      "chapters",
      "duration",
      "durationSeconds",
      "hostLabel",
      "title",
      "transcript",
    ]);
    expect(data.podcast.title).toBe("Shared story");
    expect(JSON.stringify(data)).not.toContain(owner.email);
    expect(JSON.stringify(data)).not.toContain("private notes");
    expect(data.audioUrl).toBe(`/s/${token}/audio`);

    const part = await shareAudio(token, undefined, "bytes=0-9");
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(Buffer.from(await part.arrayBuffer()).equals((await makeMp3()).subarray(0, 10))).toBe(true);
    // The listen counts for the share page too, once per visit.
    expect(getPodcastRow(podcast.id)?.listens).toBe(1);
  });

  it("an unknown token is 404; an expired link is a clear 410 page and no audio bytes", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Expiring" });
    expect((await openShare("x".repeat(43))).status).toBe(404);
    expect((await openShare("../../etc")).status).toBe(404);
    const { token } = await createShare(owner, podcast.id, { expiration: 1 });
    setShareExpiry(token, new Date(Date.now() - 1000));
    const page = await openShare(token);
    expect(page.status).toBe(410);
    expect(await page.json()).toMatchObject({
      state: "expired",
      preview: { title: listeningMessages.sharePage.sharedWithYou },
    });
    const audio = await shareAudio(token);
    expect(audio.status).toBe(410);
    expect(audio.headers.get("Content-Type")).toContain("application/json");
  });

  it("a password-protected link asks for the password: wrong → message, right → a cookie for that link", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Secret story" });
    const { token } = await createShare(owner, podcast.id, { password: "lakehouse" });
    const other = await createShare(owner, podcast.id, { password: "different" });

    // 200 with the password form and the neutral preview, so messengers still show a card.
    const locked = await openShare(token);
    expect(locked.status).toBe(200);
    const lockedData = (await locked.json()) as { state: string; preview: Record<string, unknown> };
    expect(lockedData.state).toBe("password");
    // The link preview of a protected share names neither the podcast nor its audio.
    expect(JSON.stringify(lockedData.preview)).not.toContain("Secret story");
    expect(lockedData.preview.audio).toBeUndefined();
    expect(lockedData.preview).toMatchObject({
      title: listeningMessages.sharePage.sharedWithYou,
      description: listeningMessages.sharePage.neutralPreviewDescription,
    });
    expect((await shareAudio(token)).status).toBe(401);

    const post = (password: string, cookie?: string) =>
      callRoute(sharePageAction, makeRequest(`/s/${token}`, { cookie, form: { password } }), { token });
    const wrong = await post("nope");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain(listeningMessages.sharePage.wrongPassword);

    const right = await post("lakehouse");
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe(`/s/${token}`);
    const cookie = withCookies("", right);
    expect(cookie).toContain("__share_access=");

    const open = await openShare(token, cookie);
    expect(open.status).toBe(200);
    expect(((await open.json()) as { state: string }).state).toBe("open");
    expect((await shareAudio(token, cookie, "bytes=0-9")).status).toBe(206);
    // The cookie opens that link only.
    const stateOf = async (response: Response) => ((await response.json()) as { state: string }).state;
    expect(await stateOf(await openShare(other.token, cookie))).toBe("password");
    // A forged cookie value is not accepted.
    expect(
      await stateOf(
        await openShare(token, `__share_access=${encodeURIComponent(btoa(JSON.stringify([shareRow(token)!.id])))}`),
      ),
    ).toBe("password");

    const malformed = await callRoute(
      sharePageAction,
      makeRequest(`/s/${token}`, { body: "x", headers: { "Content-Type": "text/plain" } }),
      { token },
    );
    expect(malformed.status).toBe(415);
  });
});

describe("ownership: user B gets 404 for every one of user A's ids", () => {
  it("pages, page actions and JSON calls", async () => {
    const owner = await createTestUser();
    const intruder = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "A's podcast" });
    const id = podcast.id;
    const b = intruder.cookie;
    const statuses: Record<string, number> = {};

    statuses["GET /podcast"] = (await openPodcast(b, id)).status;
    const pageForms: Record<string, string>[] = [
      { intent: "share", expiration: "30" },
      { intent: "save-library" },
      { intent: "no-share-link" },
    ];
    for (const form of pageForms) {
      statuses[`POST /podcast ${form.intent}`] = (await postPodcast(b, id, form)).status;
    }
    for (const dialog of ["edit", "collection", "delete"]) {
      statuses[`GET /my-podcasts?dialog=${dialog}`] = (
        await callRoute(libraryLoader, makeRequest(`/my-podcasts?dialog=${dialog}&id=${id}`, { cookie: b }))
      ).status;
    }
    const libraryForms: Record<string, string>[] = [
      { intent: "edit", podcastId: id, title: "hijack" },
      { intent: "collection", podcastId: id, campaignId: "" },
      { intent: "transcript", podcastId: id },
      { intent: "delete", podcastId: id },
    ];
    for (const form of libraryForms)
      statuses[`POST /my-podcasts ${form.intent}`] = (await postLibrary(intruder, form)).status;
    const api = (fn: Parameters<typeof callRoute>[0], path: string, init: Parameters<typeof makeRequest>[1] = {}) =>
      callRoute(fn, makeRequest(path, { cookie: b, ...init }), { podcastId: id });
    statuses["GET /api/podcasts/{id}"] = (await api(detailApiLoader, `/api/podcasts/${id}`)).status;
    statuses["DELETE /api/podcasts/{id}"] = (
      await api(detailApiAction, `/api/podcasts/${id}`, { method: "DELETE" })
    ).status;
    statuses["GET audio"] = (await api(audioLoader, `/api/podcasts/${id}/audio`)).status;
    statuses["GET download"] = (await api(downloadLoader, `/api/podcasts/${id}/download`)).status;
    statuses["GET transcript"] = (await api(transcriptLoader, `/api/podcasts/${id}/transcript`)).status;
    statuses["POST share"] = (await api(shareApi, `/api/podcasts/${id}/share`, { json: { expiration: 30 } })).status;

    expect(Object.entries(statuses).filter(([, status]) => status !== 404)).toEqual([]);
    const row = getPodcastRow(id)!;
    expect(row).toMatchObject({ title: "A's podcast", listens: 0, campaignId: null });
    expect(db.select().from(shareLinks).where(eq(shareLinks.podcastId, id)).all()).toEqual([]);
  });
});
