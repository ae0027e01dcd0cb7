// Private feeds at a secret URL the owner can copy and revoke; why the token is kept readable: decision 0133.
import { randomBytes } from "node:crypto";
import { campaigns, podcastFeeds, podcasts, users } from "#db/schema";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";

import { db, preparedPerConnection } from "~/lib/db.server";
import { originFor } from "~/lib/env.server";
import { getOwnedCampaign } from "~/models/campaign.server";

import { qrSvg } from "./qr-svg";

const newToken = () => randomBytes(32).toString("base64url");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const MAX_EPISODES = 300;

export const feedPaths = (token: string) => ({
  feed: `/feed/${token}`,
  cover: `/feed/${token}/cover.jpg`,
  qr: `/feed/${token}/qr.svg`,
  audio: (podcastId: string) => `/feed/${token}/${podcastId}/audio.mp3`,
  episodeCover: (podcastId: string) => `/feed/${token}/${podcastId}/cover.jpg`,
  chapters: (podcastId: string) => `/feed/${token}/${podcastId}/chapters.json`,
});

const scopeOf = (campaignId: string | null) =>
  campaignId ? eq(podcastFeeds.campaignId, campaignId) : isNull(podcastFeeds.campaignId);

const liveFamilyFeed = preparedPerConnection((d) =>
  d
    .select()
    .from(podcastFeeds)
    .where(
      and(
        eq(podcastFeeds.ownerId, sql.placeholder("ownerId")),
        isNull(podcastFeeds.campaignId),
        isNull(podcastFeeds.revokedAt),
      ),
    )
    .prepare(),
);
const liveCollectionFeed = preparedPerConnection((d) =>
  d
    .select()
    .from(podcastFeeds)
    .where(
      and(
        eq(podcastFeeds.ownerId, sql.placeholder("ownerId")),
        eq(podcastFeeds.campaignId, sql.placeholder("campaignId")),
        isNull(podcastFeeds.revokedAt),
      ),
    )
    .prepare(),
);

function liveFeed(ownerId: string, campaignId: string | null) {
  if (!campaignId) return liveFamilyFeed().get({ ownerId });
  if (!getOwnedCampaign(ownerId, campaignId)) return null;
  return liveCollectionFeed().get({ ownerId, campaignId });
}

export function ensureFeed(ownerId: string, campaignId: string | null) {
  // Read first: pages show the feed on every view, and the write transaction is only needed the first time.
  const found = liveFeed(ownerId, campaignId);
  if (found !== undefined) return found;
  return db.transaction((tx) => {
    const live = liveFeed(ownerId, campaignId);
    if (live !== undefined) return live;
    return tx.insert(podcastFeeds).values({ ownerId, campaignId, token: newToken() }).returning().get();
  });
}

export function revokeFeed(ownerId: string, campaignId: string | null, now = new Date()) {
  return (
    db
      .update(podcastFeeds)
      .set({ revokedAt: now })
      .where(and(eq(podcastFeeds.ownerId, ownerId), scopeOf(campaignId), isNull(podcastFeeds.revokedAt)))
      .run().changes > 0
  );
}

export function resolveFeed(token: string) {
  if (!TOKEN.test(token)) return null;
  return (
    db
      .select({
        id: podcastFeeds.id,
        ownerId: podcastFeeds.ownerId,
        campaignId: podcastFeeds.campaignId,
        createdAt: podcastFeeds.createdAt,
        familyName: users.lastName,
        campaignTitle: campaigns.title,
        campaignDescription: campaigns.description,
      })
      .from(podcastFeeds)
      .innerJoin(users, eq(users.id, podcastFeeds.ownerId))
      .leftJoin(campaigns, eq(campaigns.id, podcastFeeds.campaignId))
      .where(and(eq(podcastFeeds.token, token), isNull(podcastFeeds.revokedAt)))
      .get() ?? null
  );
}
export type ResolvedFeed = NonNullable<ReturnType<typeof resolveFeed>>;

export function feedEpisodes(feed: Pick<ResolvedFeed, "ownerId" | "campaignId">) {
  return db
    .select()
    .from(podcasts)
    .where(
      and(
        eq(podcasts.ownerId, feed.ownerId),
        eq(podcasts.status, "complete"),
        isNotNull(podcasts.audioKey),
        feed.campaignId ? eq(podcasts.campaignId, feed.campaignId) : undefined,
      ),
    )
    .orderBy(desc(podcasts.completedAt), desc(podcasts.createdAt))
    .limit(MAX_EPISODES)
    .all();
}

export function feedEpisode(feed: Pick<ResolvedFeed, "ownerId" | "campaignId">, podcastId: string) {
  const podcast = db
    .select()
    .from(podcasts)
    .where(
      and(
        eq(podcasts.id, podcastId),
        eq(podcasts.ownerId, feed.ownerId),
        eq(podcasts.status, "complete"),
        isNotNull(podcasts.audioKey),
      ),
    )
    .get();
  if (!podcast?.audioKey || (feed.campaignId && podcast.campaignId !== feed.campaignId)) return null;
  return { ...podcast, audioKey: podcast.audioKey };
}

/** The QR code is an image of its own, fetched when the panel opens, not SVG in every page view (decision 0147). */
export function feedPanelFor(request: Request, ownerId: string, campaignId: string | null) {
  const feed = ensureFeed(ownerId, campaignId);
  if (!feed) return null;
  const paths = feedPaths(feed.token);
  return { url: `${originFor(request)}${paths.feed}`, qrUrl: paths.qr };
}

export function feedQrSvg(request: Request, token: string) {
  return resolveFeed(token) ? qrSvgFor(`${originFor(request)}${feedPaths(token).feed}`) : null;
}

const QR_CACHE_SIZE = 200;
const qrCache = new Map<string, string>();
function qrSvgFor(url: string) {
  let svg = qrCache.get(url);
  if (svg === undefined) {
    svg = qrSvg(url);
    if (qrCache.size >= QR_CACHE_SIZE) qrCache.delete(qrCache.keys().next().value!);
    qrCache.set(url, svg);
  }
  return svg;
}
