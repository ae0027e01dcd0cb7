// Every photo a relative sends is re-encoded once on arrival (upright, size capped, no
// metadata), so the owner's page and the public newsletter never serve a phone's GPS position.
// Photos stored as they were sent before the rule are re-encoded on their next serve, or by the job.
import fs from "node:fs";
import { contributionAttachments, contributions, newsletters } from "#db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { signedInboundForm, webhookSigningKey } from "~/features/contributions/mailgun-webhook.server";
import { reencodePhotosStoredAsSent } from "~/features/contributions/photos.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { photoCover } from "~/features/podcasts/covers/cover-image.server";
import { db } from "~/lib/db.server";
import { MAX_PHOTO_EDGE } from "~/lib/images.server";
import { getStorage } from "~/lib/storage/storage.server";
import { addAttachment } from "~/models/contribution-attachment.server";
import { loader as collectionArchive } from "~/routes/_app+/campaigns.$campaignId.archive";
import * as ownerPhoto from "~/routes/_app+/campaigns.$campaignId.photos.$photoId";
import * as newsletterCover from "~/routes/_public+/newsletter.$newsletterId.cover";
import * as newsletterImage from "~/routes/_public+/newsletter.$newsletterId.images.$imageId";
import * as newsletterPdf from "~/routes/_public+/newsletter.$newsletterId.pdf";
import { action as inbound } from "~/routes/webhooks+/mailgun.inbound";

import { makeCollection } from "../support/email-loop";
import { readZip } from "../utils/archive-helpers";
import { callRoute, makeRequest, sessionCookieFor } from "../utils/auth";
import { makeBook } from "../utils/book-helpers";
import { makeHeic, testPattern } from "../utils/heic";

const CAMERA = "PhoneCo Pocket";

/** A phone photo: 64×32 stored sideways (EXIF orientation 6), with the camera and a GPS position. */
function phonePhoto(width = 64, height = 32) {
  return sharp({ create: { width, height, channels: 3, background: "#c2570c" } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: CAMERA, Model: "12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 5/1 30/1", GPSLongitudeRef: "W", GPSLongitude: "120/1 2/1 10/1" },
    })
    .jpeg()
    .toBuffer();
}

/** What a served photo carries: none of EXIF, XMP, IPTC, nor the camera's name anywhere in its bytes. */
async function expectNoMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
  expect(bytes.includes(Buffer.from(CAMERA))).toBe(false);
  return meta;
}

async function sendByEmail(files: File[]) {
  const { owner, campaign, invitations } = makeCollection({ emails: ["robert@example.com"] });
  const form = signedInboundForm(
    {
      recipient: replyAddressFor(invitations[0]!.token),
      from: "Robert <robert@example.com>",
      subject: "Re: the lake",
      bodyPlain: "Here we are at the lake in 1974.",
      messageId: `<${crypto.randomUUID()}@mail.example.com>`,
      attachments: files,
    },
    webhookSigningKey()!,
    new Date(),
  );
  const response = await inbound({
    request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body: form }),
    params: {},
    context: {},
  });
  expect(response.status).toBe(200);
  const story = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).get()!;
  const photos = db
    .select()
    .from(contributionAttachments)
    .where(eq(contributionAttachments.contributionId, story.id))
    .all();
  return { owner, campaign, story, photos };
}

const ownerGet = async (ownerId: string, campaignId: string, photoId: string) =>
  callRoute(
    ownerPhoto.loader,
    makeRequest(`/campaigns/${campaignId}/photos/${photoId}`, { cookie: (await sessionCookieFor(ownerId)).cookie }),
    { campaignId, photoId },
  );
const publicGet = (publicId: string, imageId: string) =>
  callRoute(newsletterImage.loader, makeRequest(`/newsletter/${publicId}/images/${imageId}`), {
    newsletterId: publicId,
    imageId,
  });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("photos sent by e-mail", () => {
  it("a GPS-tagged photo is served to the owner and on the public newsletter upright and with no metadata", async () => {
    const sent = await phonePhoto();
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const { owner, campaign, photos } = await sendByEmail([
      new File([new Uint8Array(sent)], "IMG_0042.JPG", { type: "image/jpeg" }),
    ]);
    expect(photos).toEqual([expect.objectContaining({ fileName: "IMG_0042.jpg", contentType: "image/jpeg" })]);
    const photo = photos[0]!;
    const stored = (await getStorage().read(photo.storageKey))!;
    expect(stored.size).toBe(photo.size);
    stored.stream.destroy();

    const mine = await ownerGet(owner.id, campaign.id, photo.id);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/jpeg");
    const meta = await expectNoMetadata(await bytesOf(mine));
    // Orientation 6 turned into pixels: the 64×32 sensor image is a 32×64 portrait.
    expect([meta.width, meta.height, meta.orientation]).toEqual([32, 64, undefined]);

    const created = createNewsletter(owner.id, campaign.id);
    if (!created.ok) throw new Error("newsletter not created");
    const published = await publicGet(created.newsletter.publicId, photo.id);
    expect(published.status).toBe(200);
    await expectNoMetadata(await bytesOf(published));

    db.update(newsletters)
      .set({ coverImageKey: photo.storageKey })
      .where(eq(newsletters.id, created.newsletter.id))
      .run();
    const cover = await callRoute(
      newsletterCover.loader,
      makeRequest(`/newsletter/${created.newsletter.publicId}/cover`),
      { newsletterId: created.newsletter.publicId },
    );
    expect(cover.status).toBe(200);
    await expectNoMetadata(await bytesOf(cover));
  });

  it("the same photo reaches the family book and the archive with no metadata either", async () => {
    const { owner, campaign, photos } = await sendByEmail([
      new File([new Uint8Array(await phonePhoto())], "IMG_0043.JPG", { type: "image/jpeg" }),
    ]);
    const signedIn = { ...owner, password: "", ...(await sessionCookieFor(owner.id)) };
    const scratch: string[] = [];
    try {
      const { file } = await makeBook(signedIn, campaign.id, { trim: "6x9" }, scratch);
      const pdf = fs.readFileSync(file);
      // The book places the photo as a JPEG (DCTDecode), its bytes as stored: without EXIF.
      expect(pdf.includes(Buffer.from("/DCTDecode"))).toBe(true);
      expect(pdf.includes(Buffer.from("Exif\0\0"))).toBe(false);
      expect(pdf.includes(Buffer.from(CAMERA))).toBe(false);
    } finally {
      scratch.forEach((p) => fs.rmSync(p, { recursive: true, force: true }));
    }

    const zip = await callRoute(
      collectionArchive,
      makeRequest(`/campaigns/${campaign.id}/archive`, { cookie: signedIn.cookie }),
      { campaignId: campaign.id },
    );
    expect(zip.status).toBe(200);
    const entries = await readZip(await bytesOf(zip));
    // The photo's file, as data.json names it (files are named after their story).
    const data = JSON.parse(entries.get("data.json")!.toString("utf8")) as {
      stories: Array<{ photos: Array<{ id: string; file: string }> }>;
    };
    const file = data.stories.flatMap((s) => s.photos).find((p) => p.id === photos[0]!.id)!.file;
    const archived = [...entries].filter(([name]) => /\.(jpe?g|png|webp)$/i.test(name) && name === file);
    expect(archived).toHaveLength(1);
    await expectNoMetadata(archived[0]![1]);
  });

  it("a large photo is capped, only a really transparent one stays PNG, and bytes that only look like an image are dropped", async () => {
    const wide = await sharp({
      create: { width: MAX_PHOTO_EDGE + 800, height: 40, channels: 3, background: "#336699" },
    })
      .jpeg()
      .toBuffer();
    const clear = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const screenshot = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const { photos } = await sendByEmail([
      new File([new Uint8Array(wide)], "panorama.jpeg"),
      new File([new Uint8Array(clear)], "sticker.png"),
      new File([new Uint8Array(screenshot)], "screenshot.png"),
      new File([fake], "broken.png"),
    ]);
    expect(photos.map((p) => [p.fileName, p.contentType])).toEqual([
      ["panorama.jpg", "image/jpeg"],
      ["sticker.png", "image/png"],
      // An alpha channel with nothing transparent in it: a photo like any other.
      ["screenshot.jpg", "image/jpeg"],
    ]);
    const panorama = await sharp(await readAll(photos[0]!.storageKey)).metadata();
    expect(panorama.width).toBe(MAX_PHOTO_EDGE);
    const sticker = await sharp(await readAll(photos[1]!.storageKey)).metadata();
    expect([sticker.format, sticker.hasAlpha]).toEqual(["png", true]);
  });

  it("an iPhone's HEIC photo (HEVC, which sharp alone cannot decode) and an AVIF are kept as JPEGs with their pictures (decision 0166)", async () => {
    const heic = makeHeic(64, 48);
    await expect(sharp(heic).jpeg().toBuffer()).rejects.toThrow(/HEVC/);
    const avif = await sharp(testPattern(64, 48)).heif({ compression: "av1" }).toBuffer();
    const { owner, campaign, photos } = await sendByEmail([
      new File([new Uint8Array(heic)], "IMG_1234.HEIC", { type: "image/heic" }),
      new File([new Uint8Array(avif)], "lake.avif"),
    ]);
    expect(photos.map((p) => [p.fileName, p.contentType])).toEqual([
      ["IMG_1234.jpg", "image/jpeg"],
      ["lake.jpg", "image/jpeg"],
    ]);
    const pattern = await sharp(testPattern(64, 48)).stats();
    for (const photo of photos) {
      const served = await bytesOf(await ownerGet(owner.id, campaign.id, photo.id));
      const meta = await expectNoMetadata(served);
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 64, 48]);
      // The test pattern's colours, not a blank: each channel's mean within a few levels of the original's.
      const stats = await sharp(served).stats();
      stats.channels
        .slice(0, 3)
        .forEach((channel, i) => expect(Math.abs(channel.mean - pattern.channels[i]!.mean)).toBeLessThan(8));
    }
  });
});

async function readAll(key: string) {
  const file = (await getStorage().read(key))!;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("photos stored as they were sent, before the rule", () => {
  async function storedAsSent(bytes: Uint8Array) {
    const { owner, campaign } = makeCollection({ emails: [] });
    const story = db
      .insert(contributions)
      .values({
        campaignId: campaign.id,
        contributorName: "Robert",
        storyContent: "The lake.",
        submissionMethod: "email",
      })
      .returning()
      .get();
    const storageKey = `attachments/${story.id}/${crypto.randomUUID()}.jpg`;
    await getStorage().put(storageKey, bytes);
    const photo = addAttachment({
      contributionId: story.id,
      storageKey,
      fileName: "lake.jpg",
      contentType: "image/jpeg",
      size: bytes.length,
    });
    return { owner, campaign, photo };
  }
  const row = (id: string) => db.select().from(contributionAttachments).where(eq(contributionAttachments.id, id)).get();

  it("are re-encoded on their next serve: the row and a newsletter cover point at the new file, the old one is gone", async () => {
    const { owner, campaign, photo } = await storedAsSent(await phonePhoto());
    const created = createNewsletter(owner.id, campaign.id);
    if (!created.ok) throw new Error("newsletter not created");
    db.update(newsletters)
      .set({ coverImageKey: photo.storageKey })
      .where(eq(newsletters.id, created.newsletter.id))
      .run();

    const served = await ownerGet(owner.id, campaign.id, photo.id);
    expect(served.status).toBe(200);
    await expectNoMetadata(await bytesOf(served));
    const now = row(photo.id)!;
    expect(now.storageKey).not.toBe(photo.storageKey);
    expect(now.storageKey.startsWith("photos/")).toBe(true);
    expect(await getStorage().size(photo.storageKey)).toBeNull();
    expect(db.select().from(newsletters).where(eq(newsletters.id, created.newsletter.id)).get()!.coverImageKey).toBe(
      now.storageKey,
    );
    // Served again: the same file, no second re-encoding.
    await ownerGet(owner.id, campaign.id, photo.id);
    expect(row(photo.id)!.storageKey).toBe(now.storageKey);
  });

  it("the newsletter's PDF embeds such a photo re-encoded, never its EXIF", async () => {
    const { owner, campaign, photo } = await storedAsSent(await phonePhoto());
    const created = createNewsletter(owner.id, campaign.id);
    if (!created.ok) throw new Error("newsletter not created");
    const pid = created.newsletter.publicId;
    const pdf = await callRoute(newsletterPdf.loader, makeRequest(`/newsletter/${pid}/pdf`), { newsletterId: pid });
    expect(pdf.status).toBe(200);
    const bytes = await bytesOf(pdf);
    // PDF keeps a JPEG as it is (DCTDecode), so the photo's own bytes are in the file: without EXIF now.
    expect(bytes.includes(Buffer.from("/DCTDecode"))).toBe(true);
    expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
    expect(bytes.includes(Buffer.from(CAMERA))).toBe(false);
    expect(row(photo.id)!.storageKey.startsWith("photos/")).toBe(true);
  });

  it("the one-off job re-encodes every one of them, and forgets one no reader can open", async () => {
    const good = await storedAsSent(await phonePhoto());
    const broken = await storedAsSent(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(await reencodePhotosStoredAsSent(1)).toBeGreaterThanOrEqual(2);
    const kept = row(good.photo.id)!;
    expect(kept.storageKey.startsWith("photos/")).toBe(true);
    await expectNoMetadata(await readAll(kept.storageKey));
    expect(row(broken.photo.id)).toBeUndefined();
    expect(await getStorage().size(broken.photo.storageKey)).toBeNull();
    expect(await reencodePhotosStoredAsSent()).toBe(0);
  });
});

describe("covers", () => {
  it("a family's photo made a cover goes through the same reader: upright, no metadata", async () => {
    const cover = await photoCover(await phonePhoto(), 200);
    const meta = await expectNoMetadata(cover);
    expect([meta.width, meta.height]).toEqual([200, 200]);
  });
});
