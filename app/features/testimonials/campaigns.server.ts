import { testimonialCampaigns, testimonialResponses } from "#db/schema";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";

import {
  normalizeQuestions,
  type CampaignInput,
  type SelectedQuestion,
  type TextResponse,
} from "~/features/testimonials/schemas";
import { db } from "~/lib/db.server";
import { containsText } from "~/lib/sql-search.server";
import { publicId } from "~/lib/tokens.server";

export type TestimonialCampaignRow = typeof testimonialCampaigns.$inferSelect;
export type TestimonialResponseRow = typeof testimonialResponses.$inferSelect;

const withQuestions = <T extends { questions: unknown }>(row: T) => ({
  ...row,
  questions: normalizeQuestions(row.questions),
});

const responseCounts = db
  .select({ campaignId: testimonialResponses.campaignId, n: count().as("response_n") })
  .from(testimonialResponses)
  .groupBy(testimonialResponses.campaignId)
  .as("rc");

export type TestimonialCampaignsQuery = {
  q?: string;
  state?: "all" | "active" | "inactive";
  sort?: "newest" | "oldest" | "title" | "responses";
};

const CAMPAIGN_ORDER = {
  newest: () => [desc(testimonialCampaigns.createdAt), desc(testimonialCampaigns.id)],
  oldest: () => [asc(testimonialCampaigns.createdAt), asc(testimonialCampaigns.id)],
  title: () => [sql`lower(${testimonialCampaigns.title})`, desc(testimonialCampaigns.createdAt)],
  responses: () => [desc(sql`coalesce(${responseCounts.n}, 0)`), desc(testimonialCampaigns.createdAt)],
};

export function listTestimonialCampaigns({ q = "", state = "all", sort = "newest" }: TestimonialCampaignsQuery = {}) {
  return db
    .select({ campaign: testimonialCampaigns, responseCount: responseCounts.n })
    .from(testimonialCampaigns)
    .leftJoin(responseCounts, eq(responseCounts.campaignId, testimonialCampaigns.id))
    .where(
      and(
        containsText(q, [testimonialCampaigns.title, testimonialCampaigns.description]),
        state === "all" ? undefined : eq(testimonialCampaigns.isActive, state === "active"),
      ),
    )
    .orderBy(...CAMPAIGN_ORDER[sort]())
    .all()
    .map(({ campaign, responseCount }) => ({ ...withQuestions(campaign), responseCount: responseCount ?? 0 }));
}
export type TestimonialCampaign = ReturnType<typeof listTestimonialCampaigns>[number];

export function getTestimonialCampaign(id: string) {
  const row = db.select().from(testimonialCampaigns).where(eq(testimonialCampaigns.id, id)).get();
  if (!row) return undefined;
  const [{ n } = { n: 0 }] = db
    .select({ n: count() })
    .from(testimonialResponses)
    .where(eq(testimonialResponses.campaignId, id))
    .all();
  return { ...withQuestions(row), responseCount: n };
}

export function requireTestimonialCampaign(id: string | undefined) {
  const campaign = id ? getTestimonialCampaign(id) : undefined;
  if (!campaign) throw Response.json({ message: "Campaign not found" }, { status: 404, statusText: "Not Found" });
  return campaign;
}

export function findCampaignByPublicId(id: string) {
  if (!id || id.length > 100) return undefined;
  const row = db.select().from(testimonialCampaigns).where(eq(testimonialCampaigns.publicId, id)).get();
  return row ? withQuestions(row) : undefined;
}
export type PublicTestimonialCampaign = NonNullable<ReturnType<typeof findCampaignByPublicId>>;

export function createTestimonialCampaign(input: CampaignInput, createdById: string | null) {
  const row = db
    .insert(testimonialCampaigns)
    .values({ ...input, publicId: publicId(), createdById })
    .returning()
    .get();
  return { ...withQuestions(row), responseCount: 0 };
}

export function updateTestimonialCampaign(id: string, patch: Partial<CampaignInput>) {
  if (Object.keys(patch).length)
    db.update(testimonialCampaigns).set(patch).where(eq(testimonialCampaigns.id, id)).run();
  return getTestimonialCampaign(id);
}

export function deleteTestimonialCampaign(id: string) {
  return db.transaction((tx) => {
    const keys = tx
      .select({ key: testimonialResponses.videoKey })
      .from(testimonialResponses)
      .where(eq(testimonialResponses.campaignId, id))
      .all()
      .map((r) => r.key)
      .filter((k): k is string => Boolean(k));
    const deleted = tx.delete(testimonialCampaigns).where(eq(testimonialCampaigns.id, id)).run();
    return { deleted: deleted.changes > 0, videoKeys: keys };
  });
}

export function listTestimonialResponses(campaignId: string) {
  return db
    .select()
    .from(testimonialResponses)
    .where(eq(testimonialResponses.campaignId, campaignId))
    .orderBy(desc(testimonialResponses.submittedAt))
    .all();
}

export function getTestimonialResponse(campaignId: string, responseId: string) {
  return db
    .select()
    .from(testimonialResponses)
    .where(and(eq(testimonialResponses.id, responseId), eq(testimonialResponses.campaignId, campaignId)))
    .get();
}

export type NewTestimonialResponse = {
  id?: string;
  campaignId: string;
  respondentName: string;
  respondentEmail: string;
  responses: TextResponse[];
  selectedQuestions?: SelectedQuestion[];
  consentTimestamp: Date;
  video: { key: string; size: number; mimeType: string; duration: number | null } | null;
};

export function createTestimonialResponse(input: NewTestimonialResponse) {
  return db
    .insert(testimonialResponses)
    .values({
      ...(input.id ? { id: input.id } : {}),
      campaignId: input.campaignId,
      respondentName: input.respondentName,
      respondentEmail: input.respondentEmail,
      responses: input.responses,
      selectedQuestions: input.selectedQuestions ?? [],
      videoKey: input.video?.key ?? null,
      videoSize: input.video?.size ?? null,
      videoMimeType: input.video?.mimeType ?? null,
      videoDuration: input.video?.duration ?? null,
      consentGiven: true,
      consentTimestamp: input.consentTimestamp,
    })
    .returning()
    .get();
}

export function setTestimonialVideoDuration(responseId: string, seconds: number) {
  db.update(testimonialResponses).set({ videoDuration: seconds }).where(eq(testimonialResponses.id, responseId)).run();
}
