// Covers and link previews through the real loaders: the owner's cover, the share page's (open to
// messengers unless the link has a password), the newsletter's and the answer page's, and the tags.
import fs from "node:fs/promises";
import { podcasts } from "#db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";

import { ffmpeg } from "~/audio/ffmpeg.server";
import {
  coverTextFor,
  generatedCoverKey,
  retagEpisode,
  retagSettled,
  setCoverPhoto,
} from "~/features/podcasts/covers/covers.server";
import { deleteOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { db } from "~/lib/db.server";
import { ensureImageVariant, variantKey } from "~/lib/images.server";
import { getStorage } from "~/lib/storage/storage.server";
import { action as libraryAction, loader as libraryLoader } from "~/routes/_app+/my-podcasts";
import { action as coverPageAction } from "~/routes/_app+/podcast.$id_.cover";
import { loader as answerPageLoader } from "~/routes/_public+/contribute.$publicId";
import { loader as collectionCover } from "~/routes/_public+/contribute.$publicId.cover[.jpg]";
import { loader as newsletterLoader } from "~/routes/_public+/newsletter.$newsletterId";
import { loader as newsletterCover } from "~/routes/_public+/newsletter.$newsletterId.podcast-cover[.jpg]";
import { meta as shareMeta, action as sharePageAction, loader as sharePageLoader } from "~/routes/_public+/s.$token";
import { loader as shareCover } from "~/routes/_public+/s.$token.cover[.jpg]";
import { loader as ownerCover } from "~/routes/api+/podcasts+/$podcastId.cover[.jpg]";
import { action as shareApi } from "~/routes/api+/podcasts+/$podcastId.share";

import { embeddedPicture, probe, storedPath } from "../utils/audio-helpers";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import {
  createCampaignFor,
  createCompletePodcast,
  createNewsletterFor,
  getPodcastRow,
} from "../utils/listening-helpers";

async function createShare(user: TestUser, podcastId: string, json: Record<string, unknown> = {}) {
  const response = await callRoute(
    shareApi,
    makeRequest(`/api/podcasts/${podcastId}/share`, { cookie: user.cookie, json }),
    { podcastId },
  );
  return ((await response.json()) as { shareUrl: string }).shareUrl.split("/s/")[1]!;
}

async function expectCover(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/jpeg");
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect(meta).toMatchObject({ format: "jpeg", width: 1400, height: 1400 });
}

type Preview = { title: string; image?: string; audio?: string; url?: string };

const readStored = (key: string) => fs.readFile(storedPath(key));

/** The MD5 of the audio packets as they are stored (copied, never decoded). */
async function audioDigest(mp3: Buffer) {
  return (
    await ffmpeg(["-loglevel", "error", "-i", "pipe:0", "-map", "0:a", "-c", "copy", "-f", "md5", "pipe:1"], {
      stdin: mp3,
      stdout: true,
    })
  ).stdout
    .toString()
    .trim();
}

describe("podcast covers", () => {
  it("the owner gets the cover, drawn once from title, collection and family name; nobody else does", async () => {
    const owner = await createTestUser({ lastName: "Okafor" });
    const other = await createTestUser();
    const campaign = createCampaignFor(owner.id, "Grandpa's war years");
    const podcast = await createCompletePodcast(owner.id, { title: "Letters home", campaignId: campaign.id });
    const get = (user: TestUser) =>
      callRoute(ownerCover, makeRequest(`/api/podcasts/${podcast.id}/cover.jpg`, { cookie: user.cookie }), {
        podcastId: podcast.id,
      });

    const first = await get(owner);
    await expectCover(first);
    // Revalidated on every view (a new photo shows at once), answered 304 while unchanged.
    const etag = first.headers.get("ETag")!;
    const again = await callRoute(
      ownerCover,
      makeRequest(`/api/podcasts/${podcast.id}/cover.jpg`, {
        cookie: owner.cookie,
        headers: { "If-None-Match": etag },
      }),
      { podcastId: podcast.id },
    );
    expect(again.status).toBe(304);
    const text = await coverTextFor(podcast);
    expect(text).toEqual({ title: "Letters home", kicker: "Grandpa's war years", byline: "The Okafor family" });
    expect(await getStorage().size(generatedCoverKey(text))).toBeGreaterThan(0);
    expect((await get(other)).status).toBe(404);
  });

  it("a share link's cover is public for an open link; a protected link's only after the password", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Lake summers" });
    const open = await createShare(owner, podcast.id);
    const locked = await createShare(owner, podcast.id, { password: "lakehouse" });
    const cover = (token: string, cookie?: string) =>
      callRoute(shareCover, makeRequest(`/s/${token}/cover.jpg`, { cookie }), { token });

    const publicCover = await cover(open);
    await expectCover(publicCover);
    expect(publicCover.headers.get("Cache-Control")).toContain("public");
    expect((await cover(locked)).status).toBe(404);
    expect((await cover("x".repeat(43))).status).toBe(404);

    const unlocked = await callRoute(
      sharePageAction,
      makeRequest(`/s/${locked}`, { form: { password: "lakehouse" } }),
      { token: locked },
    );
    const cookie = unlocked.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const privateCover = await cover(locked, cookie);
    await expectCover(privateCover);
    expect(privateCover.headers.get("Cache-Control")).toContain("private");
  });
});

describe("covers in the size of their box", () => {
  const webp = { Accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" };

  it("a shared cover comes at the asked width as WebP, made once, immutable when its URL has the version", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Small covers" });
    const token = await createShare(owner, podcast.id);
    const page = (await (await callRoute(sharePageLoader, makeRequest(`/s/${token}`), { token })).json()) as {
      coverVersion: string;
    };
    const cover = (query: string, headers: Record<string, string> = webp) =>
      callRoute(shareCover, makeRequest(`/s/${token}/cover.jpg${query}`, { headers }), { token });

    const small = await cover(`?w=192&v=${page.coverVersion}`);
    expect(small.status).toBe(200);
    expect(small.headers.get("Content-Type")).toBe("image/webp");
    expect(small.headers.get("Vary")).toBe("Accept");
    expect(small.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 192,
      height: 192,
    });
    const stored = await getStorage().list("variants/");
    expect(stored.some((f) => f.key.endsWith("/192.webp"))).toBe(true);

    // The second request reads the stored file: nothing is written again.
    const put = vi.spyOn(getStorage(), "put");
    expect((await cover(`?w=192&v=${page.coverVersion}`)).status).toBe(200);
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();

    const jpeg = await cover("?w=400", { Accept: "image/png,image/*" });
    expect(jpeg.headers.get("Content-Type")).toBe("image/jpeg");
    // Without the version (or with a stale one) the URL may name another image tomorrow: revalidated.
    expect(jpeg.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect((await cover("?w=400&v=stale")).headers.get("Cache-Control")).toBe("public, max-age=3600");
    // Feeds and downloads keep the original.
    await expectCover(await cover("?w=1400"));
    await expectCover(await cover(""));
  });

  it("the library's thumbnails name their cover's version, drawn or the family's photo, so the browser keeps them", async () => {
    const owner = await createTestUser({ lastName: "Okafor" });
    const campaign = createCampaignFor(owner.id, "Lake years");
    const podcast = await createCompletePodcast(owner.id, { title: "Versioned", campaignId: campaign.id });
    const version = async () => {
      const body = (await (
        await callRoute(libraryLoader, makeRequest("/my-podcasts", { cookie: owner.cookie }), {})
      ).json()) as { items: Array<{ id: string; coverVersion: string }> };
      return body.items.find((i) => i.id === podcast.id)!.coverVersion;
    };
    const thumbnail = (v: string) =>
      callRoute(
        ownerCover,
        makeRequest(`/api/podcasts/${podcast.id}/cover.jpg?w=96&v=${v}`, { cookie: owner.cookie }),
        { podcastId: podcast.id },
      );

    const drawn = await version();
    expect((await thumbnail(drawn)).headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    await setCoverPhoto(
      owner.id,
      podcast.id,
      await sharp({ create: { width: 900, height: 900, channels: 3, background: "#2266aa" } })
        .jpeg()
        .toBuffer(),
    );
    const photo = await version();
    expect(photo).not.toBe(drawn);
    expect((await thumbnail(photo)).headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect((await thumbnail(drawn)).headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("the owner's cover in a small size stays private and owner-only", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Private small" });
    const get = (user: TestUser) =>
      callRoute(
        ownerCover,
        makeRequest(`/api/podcasts/${podcast.id}/cover.jpg?w=96`, { cookie: user.cookie, headers: webp }),
        { podcastId: podcast.id },
      );
    const mine = await get(owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toContain("private");
    expect(await sharp(Buffer.from(await mine.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 96 });
    expect((await get(other)).status).toBe(404);
  });
});

describe("link previews", () => {
  it("an open share previews title, cover and audio at the request's own origin (no APP_URL)", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Lake summers" });
    const token = await createShare(owner, podcast.id);
    const response = await callRoute(sharePageLoader, makeRequest(`/s/${token}`), { token });
    const data = (await response.json()) as { preview: Preview };
    const origin = new URL(makeRequest("/").url).origin;
    expect(data.preview).toMatchObject({
      title: "Lake summers",
      image: `${origin}/s/${token}/cover.jpg`,
      audio: `${origin}/s/${token}/audio`,
      url: `${origin}/s/${token}`,
    });
    const tags = shareMeta({ data } as unknown as Parameters<typeof shareMeta>[0]);
    expect(tags).toContainEqual({ property: "og:image", content: `${origin}/s/${token}/cover.jpg` });
    expect(tags).toContainEqual({ property: "og:title", content: "Lake summers" });
  });

  it("a protected share previews neither its title nor its audio", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Family secret recipe" });
    const token = await createShare(owner, podcast.id, { password: "lakehouse" });
    const data = (await (await callRoute(sharePageLoader, makeRequest(`/s/${token}`), { token })).json()) as {
      preview: Preview;
    };
    expect(JSON.stringify(data.preview)).not.toContain("Family secret recipe");
    expect(data.preview.audio).toBeUndefined();
    expect(data.preview.image).toMatch(/\/icons\/icon-512\.png$/);
  });

  it("the newsletter previews with its episode's cover and audio; that cover is served", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Summer episode" });
    const newsletter = createNewsletterFor(owner.id, podcast.id);
    const data = (await (
      await callRoute(newsletterLoader, makeRequest(`/newsletter/${newsletter.publicId}`), {
        newsletterId: newsletter.publicId,
      })
    ).json()) as { preview: Preview };
    expect(data.preview.title).toBe("Summer Edition");
    expect(data.preview.image).toMatch(new RegExp(`/newsletter/${newsletter.publicId}/podcast-cover\\.jpg$`));
    expect(data.preview.audio).toMatch(/\/audio$/);
    await expectCover(
      await callRoute(newsletterCover, makeRequest(data.preview.image!), { newsletterId: newsletter.publicId }),
    );
    expect(
      (await callRoute(newsletterCover, makeRequest("/newsletter/nope/podcast-cover.jpg"), { newsletterId: "nope" }))
        .status,
    ).toBe(404);
  });

  it("a collection's answer page previews its title, prompt and cover, never the invitation token", async () => {
    const owner = await createTestUser();
    const campaign = createCampaignFor(owner.id, "Summers at the farm");
    const path = `/contribute/${campaign.publicId}`;
    const data = (await (
      await callRoute(answerPageLoader, makeRequest(`${path}?t=secret-token`), { publicId: campaign.publicId })
    ).json()) as {
      preview: Preview & { description: string };
    };
    expect(data.preview).toMatchObject({
      title: "Summers at the farm",
      description: "Tell us about a summer you remember",
    });
    expect(JSON.stringify(data.preview)).not.toContain("secret-token");
    await expectCover(
      await callRoute(collectionCover, makeRequest(`${path}/cover.jpg`), { publicId: campaign.publicId }),
    );
  });
});

describe("the family's own photo as the cover", () => {
  const upload = async (user: TestUser, podcastId: string, file: Blob, name = "photo.jpg") => {
    const form = new FormData();
    form.append("photo", file, name);
    // The multipart bytes whole, as a browser sends them: Node 24's undici keeps pushing a FormData
    // body's stream after the reader stops at the 15 MB cap, an unhandled rejection in the test only.
    const encoded = new Response(form);
    const body = await encoded.arrayBuffer();
    const headers = { Cookie: user.cookie, "Content-Type": encoded.headers.get("Content-Type")! };
    return callRoute(
      coverPageAction,
      new Request(`http://localhost/podcast/${podcastId}/cover`, { method: "POST", body, headers }),
      { id: podcastId },
    );
  };

  it("replaces the drawn cover, checked by content; back to the drawn cover removes the photo", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Photo cover" });
    const get = () =>
      callRoute(ownerCover, makeRequest(`/api/podcasts/${podcast.id}/cover.jpg`, { cookie: owner.cookie }), {
        podcastId: podcast.id,
      });
    const drawnEtag = (await get()).headers.get("ETag");

    const photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: "#2266aa" } })
      .png()
      .toBuffer();
    expect((await upload(stranger, podcast.id, new Blob([photo]))).status).toBe(404);
    const saved = await upload(owner, podcast.id, new Blob([photo]), "holiday.png");
    expect(saved.status).toBe(302);
    const key = getPodcastRow(podcast.id)!.coverKey!;
    expect(key).toMatch(/^covers\/uploaded\//);
    const served = await get();
    expect(served.headers.get("ETag")).not.toBe(drawnEtag);
    const { data, info } = await sharp(Buffer.from(await served.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(1400);
    // The photo's blue, not the drawn cover's ember.
    expect(data[2]!).toBeGreaterThan(data[0]!);

    const reset = await callRoute(
      coverPageAction,
      makeRequest(`/podcast/${podcast.id}/cover`, { cookie: owner.cookie, form: { intent: "use-drawn" } }),
      { id: podcast.id },
    );
    expect(reset.status).toBe(302);
    expect(getPodcastRow(podcast.id)!.coverKey).toBeNull();
    expect(await getStorage().size(key)).toBeNull();
    expect((await get()).headers.get("ETag")).toBe(drawnEtag);
  });

  it("a new cover, and going back to the drawn one, re-tags the finished episode's MP3 without touching its audio", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, {
      title: "Retagged",
      audio: { seconds: 3, chapters: [{ title: "The lake", start: 0, end: 3 }] },
    });
    const storedMp3 = () => readStored(podcast.audioKey!);
    const before = await storedMp3();
    expect(await embeddedPicture(before)).toBeNull();

    const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#2266aa" } })
      .jpeg()
      .toBuffer();
    expect((await upload(owner, podcast.id, new Blob([photo]), "lake.jpg")).status).toBe(302);
    const row = getPodcastRow(podcast.id)!;
    const cover = await readStored(row.coverKey!);
    const tagged = await storedMp3();
    expect(await embeddedPicture(tagged)).toEqual(cover);
    expect(row.fileSize).toBe(tagged.length);
    // The same audio frames and chapters: copied, not encoded again.
    expect(await audioDigest(tagged)).toBe(await audioDigest(before));
    expect((await probe(storedPath(podcast.audioKey!))).chapters.map((c) => c.tags?.title)).toEqual(["The lake"]);

    await callRoute(
      coverPageAction,
      makeRequest(`/podcast/${podcast.id}/cover`, { cookie: owner.cookie, form: { intent: "use-drawn" } }),
      { id: podcast.id },
    );
    const drawn = await readStored(generatedCoverKey(await coverTextFor(podcast)));
    expect(await embeddedPicture(await storedMp3())).toEqual(drawn);
  });

  it("a rename re-tags the title and the drawn cover; a render that already has both is left alone", async () => {
    const owner = await createTestUser({ lastName: "Okafor" });
    const podcast = await createCompletePodcast(owner.id, { title: "Old name" });
    const form = { intent: "edit", podcastId: podcast.id, title: "Lake summers" };
    expect((await callRoute(libraryAction, makeRequest("/my-podcasts", { cookie: owner.cookie, form }))).status).toBe(
      302,
    );
    // The answer does not wait for the re-tag; the one it started is under way.
    await retagSettled(podcast.id);
    const renamed = getPodcastRow(podcast.id)!;
    const drawn = generatedCoverKey(await coverTextFor(renamed));
    expect(await embeddedPicture(await readStored(podcast.audioKey!))).toEqual(await readStored(drawn));
    expect((await probe(storedPath(podcast.audioKey!))).format.tags?.title).toBe("Lake summers");

    // What a finished render embedded already: the file is not written again.
    const before = await readStored(podcast.audioKey!);
    await retagEpisode(podcast.id, { coverKey: drawn, title: "Lake summers" });
    expect((await readStored(podcast.audioKey!)).equals(before)).toBe(true);
    // A render that started before the rename: the file gets the new title.
    db.update(podcasts).set({ title: "Lake summers, 1962" }).where(eq(podcasts.id, podcast.id)).run();
    await retagEpisode(podcast.id, { coverKey: drawn, title: "Lake summers" });
    expect((await probe(storedPath(podcast.audioKey!))).format.tags?.title).toBe("Lake summers, 1962");
  });

  it("refuses what is not a photo (400) and a photo over 15 MB (413), with the message", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Refusals" });
    const notPhoto = await upload(owner, podcast.id, new Blob(["%PDF-1.7 this is not a photo"]), "fake.jpg");
    expect(notPhoto.status).toBe(400);
    expect(JSON.stringify(await notPhoto.json())).toContain("not a photo we can read");
    const huge = await upload(owner, podcast.id, new Blob([new Uint8Array(16 * 1024 * 1024)]), "huge.jpg");
    expect(huge.status).toBe(413);
    expect(JSON.stringify(await huge.json())).toContain("larger than 15 MB");
    expect(getPodcastRow(podcast.id)!.coverKey).toBeNull();
  });

  it("deleting the podcast deletes its photo and the photo's sized copies", async () => {
    const owner = await createTestUser();
    const podcast = await createCompletePodcast(owner.id, { title: "Gone" });
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#226600" } })
      .jpeg()
      .toBuffer();
    await upload(owner, podcast.id, new Blob([photo]));
    const key = getPodcastRow(podcast.id)!.coverKey!;
    const sized = await ensureImageVariant(getStorage(), key, 192, "webp");
    expect(sized).toBe(variantKey(key, 192, "webp"));
    await deleteOwnedPodcast(owner.id, podcast.id);
    expect(await getStorage().size(key)).toBeNull();
    expect(await getStorage().size(sized!)).toBeNull();
  });
});
