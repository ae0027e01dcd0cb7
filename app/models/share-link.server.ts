// Only the token's SHA-256 and a scrypt hash of the password are stored, so a copy of the database opens no podcast.
import { podcasts, shareLinks } from "#db/schema";
import { and, eq } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { randomToken, sha256 } from "~/lib/tokens.server";

const DAY_MS = 86_400_000;

export const sharePath = (token: string) => `/s/${token}`;
export const shareAudioPath = (token: string) => `/s/${token}/audio`;
export const shareCoverPath = (token: string) => `/s/${token}/cover.jpg`;

export type ShareRequest = { expiration: number; password?: string | undefined };

export async function createShareLink(
  ownerId: string,
  podcastId: string,
  { expiration, password }: ShareRequest,
  now = new Date(),
) {
  const podcast = db
    .select({ id: podcasts.id, status: podcasts.status, audioKey: podcasts.audioKey })
    .from(podcasts)
    .where(and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId)))
    .get();
  if (!podcast) return { error: "missing" as const };
  if (podcast.status !== "complete" || !podcast.audioKey) return { error: "not-ready" as const };
  const token = randomToken();
  const passwordHash = password ? await hashPassword(password) : null;
  const expiresAt = new Date(now.getTime() + expiration * DAY_MS);
  db.insert(shareLinks)
    .values({ podcastId: podcast.id, token: sha256(token), passwordHash, expiresAt })
    .run();
  return { token, expiresAt, passwordProtected: Boolean(passwordHash) };
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** Never the owner or any other podcast: only the few fields a visitor may see. */
export function resolveShareLink(token: string, now = new Date()) {
  if (!TOKEN.test(token)) return { state: "missing" as const };
  const row = db
    .select({
      link: { id: shareLinks.id, passwordHash: shareLinks.passwordHash, expiresAt: shareLinks.expiresAt },
      podcast: {
        id: podcasts.id,
        title: podcasts.title,
        ownerId: podcasts.ownerId,
        campaignId: podcasts.campaignId,
        coverKey: podcasts.coverKey,
        duration: podcasts.duration,
        hostCount: podcasts.hostCount,
        transcript: podcasts.transcript,
        script: podcasts.script,
        status: podcasts.status,
        audioKey: podcasts.audioKey,
        createdAt: podcasts.createdAt,
      },
    })
    .from(shareLinks)
    .innerJoin(podcasts, eq(podcasts.id, shareLinks.podcastId))
    .where(eq(shareLinks.token, sha256(token)))
    .get();
  const audioKey = row?.podcast.audioKey;
  if (!row || row.podcast.status !== "complete" || !audioKey) return { state: "missing" as const };
  if (row.link.expiresAt.getTime() <= now.getTime()) return { state: "expired" as const };
  return { state: "open" as const, link: row.link, podcast: { ...row.podcast, audioKey } };
}
export type OpenShare = Extract<ReturnType<typeof resolveShareLink>, { state: "open" }>;

export function checkSharePassword(link: OpenShare["link"], password: string) {
  return link.passwordHash ? verifyPassword(password, link.passwordHash) : Promise.resolve(true);
}
