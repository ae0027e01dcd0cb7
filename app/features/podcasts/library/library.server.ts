import { campaigns, newsletters, podcasts } from "#db/schema";
import { and, desc, eq, sql } from "drizzle-orm";

import { transcriptFromScript } from "~/features/podcasts/listening/transcript";
import { hostNames } from "~/features/podcasts/script/host-names.server";
import type { ScriptSegment } from "~/features/podcasts/script/script";
import { db, preparedPerConnection } from "~/lib/db.server";

const LIBRARY_MAX = 1000;

const owned = (ownerId: string, podcastId: string) => and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId));

type LibraryRow = {
  id: string;
  title: string;
  description: string | null;
  status: (typeof podcasts.$inferSelect)["status"];
  duration: number | null;
  listens: number;
  hostCount: number;
  createdAt: number;
  campaignId: string | null;
  campaignTitle: string | null;
  hasScript: number;
  coverKey: string | null;
};

/** Plain SQL read as plain objects: drizzle's per-row mapping of this join is slow (decision 0146). */
export function listLibrary(ownerId: string) {
  return db
    .all<LibraryRow>(
      sql`select ${podcasts.id} as id, ${podcasts.title} as title, ${podcasts.description} as description, ${podcasts.status} as status,
        ${podcasts.duration} as duration, ${podcasts.listens} as listens, ${podcasts.hostCount} as hostCount, ${podcasts.createdAt} as createdAt,
        ${podcasts.campaignId} as campaignId, ${campaigns.title} as campaignTitle, ${podcasts.script} is not null as hasScript,
        ${podcasts.coverKey} as coverKey
      from ${podcasts} left join ${campaigns} on ${campaigns.id} = ${podcasts.campaignId}
      where ${podcasts.ownerId} = ${ownerId}
      order by ${podcasts.createdAt} desc, ${podcasts.id} desc
      limit ${LIBRARY_MAX}`,
    )
    .map((row) => ({ ...row, createdAt: new Date(row.createdAt), hasScript: row.hasScript === 1 }));
}
export type LibraryPodcast = ReturnType<typeof listLibrary>[number];

export function listSimilarCandidates(ownerId: string) {
  return db
    .all<{
      id: string;
      title: string;
      status: string;
      duration: number | null;
      createdAt: number;
      campaignId: string | null;
    }>(
      sql`select ${podcasts.id} as id, ${podcasts.title} as title, ${podcasts.status} as status, ${podcasts.duration} as duration,
        ${podcasts.createdAt} as createdAt, ${podcasts.campaignId} as campaignId
      from ${podcasts} where ${podcasts.ownerId} = ${ownerId} and ${podcasts.status} = 'complete'
      order by ${podcasts.createdAt} desc, ${podcasts.id} desc
      limit ${LIBRARY_MAX}`,
    )
    .map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

export function updatePodcastDetails(
  ownerId: string,
  podcastId: string,
  details: { title: string; description?: string | undefined },
) {
  return db
    .update(podcasts)
    .set({ title: details.title, description: details.description?.trim() ? details.description : null })
    .where(owned(ownerId, podcastId))
    .returning({ id: podcasts.id, title: podcasts.title })
    .get();
}

export function setPodcastCollection(ownerId: string, podcastId: string, campaignId: string | null) {
  return db.transaction((tx) => {
    const campaign = campaignId
      ? tx
          .select({ id: campaigns.id, title: campaigns.title })
          .from(campaigns)
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)))
          .get()
      : null;
    if (campaignId && !campaign) return { error: "campaign" as const };
    const podcast = tx
      .update(podcasts)
      .set({ campaignId: campaign?.id ?? null })
      .where(owned(ownerId, podcastId))
      .returning({ id: podcasts.id })
      .get();
    if (!podcast) return { error: "podcast" as const };
    return { podcast, campaign };
  });
}

export function rebuildTranscript(ownerId: string, podcastId: string) {
  const podcast = db
    .select({
      id: podcasts.id,
      script: podcasts.script,
      primaryVoice: podcasts.primaryVoice,
      secondaryVoice: podcasts.secondaryVoice,
    })
    .from(podcasts)
    .where(owned(ownerId, podcastId))
    .get();
  if (!podcast) return "missing" as const;
  const transcript = transcriptFromScript(podcast.script as ScriptSegment[] | null, hostNames(podcast));
  if (!transcript) return "no-script" as const;
  db.update(podcasts).set({ transcript }).where(eq(podcasts.id, podcast.id)).run();
  return transcript;
}

const listen = preparedPerConnection((d) =>
  d
    .update(podcasts)
    .set({ listens: sql`${podcasts.listens} + 1` })
    .where(and(eq(podcasts.id, sql.placeholder("podcastId")), eq(podcasts.status, "complete")))
    .prepare(),
);

export function recordListen(podcastId: string) {
  return listen().run({ podcastId }).changes > 0;
}

const podcastNewsletter = preparedPerConnection((d) =>
  d
    .select({ publicId: newsletters.publicId })
    .from(newsletters)
    .where(
      and(eq(newsletters.podcastId, sql.placeholder("podcastId")), eq(newsletters.ownerId, sql.placeholder("ownerId"))),
    )
    .orderBy(desc(newsletters.createdAt))
    .limit(1)
    .prepare(),
);

export function newsletterPublicIdFor(ownerId: string, podcastId: string) {
  return podcastNewsletter().get({ ownerId, podcastId })?.publicId ?? null;
}
