// The photos sent with e-mail replies, on the stories page — shown with their story,
// served only to the collection's owner, removable by the owner, and gone from newsletters then.
import { contributionAttachments, newsletters, type campaigns } from "#db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { createNewsletter, getPublicNewsletter } from "~/features/newsletters/newsletters.server";
import { db } from "~/lib/db.server";
import { imageVersion, variantKey } from "~/lib/images.server";
import { getStorage } from "~/lib/storage/storage.server";
import { addAttachment } from "~/models/contribution-attachment.server";
import { keepEmptyReply } from "~/models/empty-reply.server";
import * as photoRoute from "~/routes/_app+/campaigns.$campaignId.photos.$photoId";
import * as storiesPage from "~/routes/_app+/campaigns.$campaignId.stories";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

// A real 1×1 PNG, stored as re-encoded photos are (under photos/), so it is served as it is.
const png = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

let alice: TestUser;
let bob: TestUser;
let campaign: typeof campaigns.$inferSelect;

beforeAll(async () => {
  alice = await createTestUser();
  bob = await createTestUser();
});
beforeEach(() => {
  campaign = createTestCampaign(alice.id);
});

async function storyWithPhotos(campaignId: string, names = ["lake.png", "dock.png"]) {
  const story = insertTestContribution(campaignId, {
    contributorName: "Robert",
    submissionMethod: "email",
    storyContent: "We drove the old Ford to Lake Tahoe.",
  });
  const photos = [];
  for (const fileName of names) {
    const storageKey = `photos/${story.id}/${fileName}`;
    await getStorage().put(storageKey, png);
    photos.push(
      addAttachment({ contributionId: story.id, storageKey, fileName, contentType: "image/png", size: png.length }),
    );
  }
  return { story, photos };
}

const page = (user: TestUser, id = campaign.id) =>
  callRoute(storiesPage.loader, makeRequest(`/campaigns/${id}/stories`, { cookie: user.cookie }), { campaignId: id });
const removePhoto = (user: TestUser, photoId: string, id = campaign.id) =>
  callRoute(
    storiesPage.action,
    makeRequest(`/campaigns/${id}/stories`, { cookie: user.cookie, form: { intent: "remove-photo", photoId } }),
    { campaignId: id },
  );
const getPhoto = (user: TestUser, photoId: string, id = campaign.id) =>
  callRoute(photoRoute.loader, makeRequest(`/campaigns/${id}/photos/${photoId}`, { cookie: user.cookie }), {
    campaignId: id,
    photoId,
  });

describe("photos on the stories page", () => {
  test("each story lists its own photos, served to the owner through an owner-checked URL", async () => {
    const { story, photos } = await storyWithPhotos(campaign.id);
    insertTestContribution(campaign.id, { contributorName: "No Photos" });
    const body = (await (await page(alice)).json()) as {
      stories: Array<{ id: string; photos: Array<{ id: string; url: string; fileName: string }> }>;
    };
    const card = body.stories.find((s) => s.id === story.id)!;
    expect(card.photos).toEqual(
      photos.map((p) => ({
        id: p.id,
        url: `/campaigns/${campaign.id}/photos/${p.id}`,
        version: imageVersion(p.storageKey),
        fileName: p.fileName,
      })),
    );
    expect(body.stories.find((s) => s.id !== story.id)!.photos).toEqual([]);

    const served = await getPhoto(alice, photos[0]!.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  test("the photo URL is 404 for another user, for another of the owner's campaigns, and signed out it asks to log in", async () => {
    const { photos } = await storyWithPhotos(campaign.id);
    expect((await getPhoto(bob, photos[0]!.id)).status).toBe(404);
    const bobsCampaign = createTestCampaign(bob.id);
    expect((await getPhoto(bob, photos[0]!.id, bobsCampaign.id)).status).toBe(404);
    expect((await getPhoto(alice, photos[0]!.id, createTestCampaign(alice.id).id)).status).toBe(404);
    const signedOut = await callRoute(
      photoRoute.loader,
      makeRequest(`/campaigns/${campaign.id}/photos/${photos[0]!.id}`),
      { campaignId: campaign.id, photoId: photos[0]!.id },
    );
    expect(signedOut.status).toBe(302);
  });

  test("the owner removes a photo: row and file are gone, the newsletter stops using it, also as its cover", async () => {
    const { photos } = await storyWithPhotos(campaign.id);
    const created = createNewsletter(alice.id, campaign.id);
    if (!created.ok) throw new Error("newsletter not created");
    const [removed, kept] = photos;
    db.update(newsletters)
      .set({ coverImageKey: removed!.storageKey })
      .where(eq(newsletters.id, created.newsletter.id))
      .run();
    expect(getPublicNewsletter(created.newsletter.publicId)!.stories[0]!.images).toHaveLength(2);

    const res = await removePhoto(alice, removed!.id);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/campaigns/${campaign.id}/stories`);
    expect(
      db.select().from(contributionAttachments).where(eq(contributionAttachments.id, removed!.id)).get(),
    ).toBeUndefined();
    expect(await getStorage().size(removed!.storageKey)).toBeNull();
    expect((await getPhoto(alice, removed!.id)).status).toBe(404);

    const view = getPublicNewsletter(created.newsletter.publicId)!;
    expect(view.stories[0]!.images).toEqual([`/newsletter/${created.newsletter.publicId}/images/${kept!.id}`]);
    expect(view.coverImage).toBeNull();
    expect((await getPhoto(alice, kept!.id)).status).toBe(200);
  });

  test("removing is owner-checked: another user, or the owner through another campaign, gets 404 and the photo stays", async () => {
    const { photos } = await storyWithPhotos(campaign.id, ["lake.png"]);
    const photoId = photos[0]!.id;
    expect((await removePhoto(bob, photoId)).status).toBe(404);
    const bobsCampaign = createTestCampaign(bob.id);
    expect((await removePhoto(bob, photoId, bobsCampaign.id)).status).toBe(404);
    expect((await removePhoto(alice, photoId, createTestCampaign(alice.id).id)).status).toBe(404);
    expect((await removePhoto(alice, "no-such-photo")).status).toBe(404);
    expect((await removePhoto(alice, "")).status).toBe(400);
    expect(
      db.select().from(contributionAttachments).where(eq(contributionAttachments.id, photoId)).get(),
    ).toBeDefined();
    expect(await getStorage().size(photos[0]!.storageKey)).toBe(png.length);
  });

  test("a photo comes in the size of its box (WebP when accepted), made once, private and immutable by version; removing it removes its copies", async () => {
    const story = insertTestContribution(campaign.id, {
      contributorName: "Robert",
      submissionMethod: "email",
      storyContent: "The dock.",
    });
    const storageKey = `photos/${story.id}/dock.jpg`;
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    await getStorage().put(storageKey, jpeg);
    const photo = addAttachment({
      contributionId: story.id,
      storageKey,
      fileName: "dock.jpg",
      contentType: "image/jpeg",
      size: jpeg.length,
    });
    const sized = (user: TestUser, query: string, accept = "image/avif,image/webp,*/*") =>
      callRoute(
        photoRoute.loader,
        makeRequest(`/campaigns/${campaign.id}/photos/${photo.id}${query}`, {
          cookie: user.cookie,
          headers: { Accept: accept },
        }),
        { campaignId: campaign.id, photoId: photo.id },
      );

    const small = await sized(alice, `?w=192&v=${imageVersion(storageKey)}`);
    expect(small.headers.get("Content-Type")).toBe("image/webp");
    expect(small.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 192, height: 128 });
    const put = vi.spyOn(getStorage(), "put");
    expect((await sized(alice, `?w=192&v=${imageVersion(storageKey)}`)).status).toBe(200);
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
    const jpegCopy = await sized(alice, "?w=400", "image/*");
    expect(jpegCopy.headers.get("Content-Type")).toBe("image/jpeg");
    expect(jpegCopy.headers.get("Cache-Control")).toBe("private, max-age=3600");
    // Opened whole, it is the stored photo.
    expect(new Uint8Array(await (await sized(alice, "")).arrayBuffer())).toEqual(new Uint8Array(jpeg));
    expect((await sized(bob, "?w=192")).status).toBe(404);

    expect(await getStorage().size(variantKey(storageKey, 192, "webp"))).not.toBeNull();
    expect((await removePhoto(alice, photo.id)).status).toBeLessThan(400);
    expect(await getStorage().size(variantKey(storageKey, 192, "webp"))).toBeNull();
    expect(await getStorage().size(variantKey(storageKey, 400, "jpeg"))).toBeNull();
  });

  test("a reply with nothing usable is listed for the owner apart from the stories", async () => {
    keepEmptyReply({
      campaignId: campaign.id,
      contributorEmail: "nana@example.com",
      sentFrom: "Pop <pop@example.com>",
      subject: "Re: hello",
      content: "> quoted",
      messageId: `<e-${campaign.id}@x>`,
    });
    const body = (await (await page(alice)).json()) as {
      stories: unknown[];
      emptyReplies: Array<Record<string, unknown>>;
    };
    expect(body.stories).toEqual([]);
    expect(body.emptyReplies).toEqual([
      expect.objectContaining({
        contributorEmail: "nana@example.com",
        sentFrom: "Pop <pop@example.com>",
        subject: "Re: hello",
        content: "> quoted",
      }),
    ]);
    expect(
      ((await (await page(alice, createTestCampaign(alice.id).id)).json()) as { emptyReplies: unknown[] }).emptyReplies,
    ).toEqual([]);
  });
});
