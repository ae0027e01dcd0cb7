// Dates and numbers from clients stay in sensible ranges (decision 0143): every schema's date and
// number fields, given absurd values (the year 99999, negative, 1e308, NaN), answer a 4xx with a
// message instead of being stored. A collection dated 99999 used to be accepted and never sent.
import { campaigns } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { SubscriptionSchema } from "~/features/admin/user-schemas";
import { CreateCollectionSchema, ResendInvitationSchema } from "~/features/collections/schemas";
import { WorkflowFormSchema } from "~/features/collections/workflow-settings";
import { SaveSegmentSchema } from "~/features/podcasts/script/script-review-schemas";
import { ChunkedSubmissionSchema, ChunkFieldsSchema } from "~/features/testimonials/schemas";
import { latestYear } from "~/lib/date-bounds";
import { db } from "~/lib/db.server";
import { createCampaign } from "~/models/campaign.server";
import { action as createCollectionPage } from "~/routes/_app+/create-story-collection";
import { action as apiAdminCollection } from "~/routes/api+/admin+/story-collections.$id";
import { action as apiCampaigns } from "~/routes/api+/campaigns+/_layout";
import { action as apiWorkflow } from "~/routes/api+/user+/workflow-settings";

import { createSignedInAdmin } from "../utils/admin-auth-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";

const RANGE = new RegExp(`^Please choose a date between 2000 and ${latestYear()}$`);
const INVALID = "Please enter a valid date and time";

/** ISO strings a client can send for a date: far future, before year 0, long ago, not a date at all. */
const ABSURD_ISO: Array<[string, unknown, RegExp | string]> = [
  ["the year 99999", "+099999-01-01T00:00:00.000Z", RANGE],
  ["the year 9999", "9999-12-31T23:59:00Z", RANGE],
  ["a negative year", "-000001-01-01T00:00:00.000Z", RANGE],
  ["the year 1900", "1900-01-01T00:00:00Z", RANGE],
  ["NaN", "NaN", INVALID],
  ["1e308", 1e308, INVALID],
  ["a negative number", -1, INVALID],
];
/** Numbers a client can send where a small whole number belongs (JSON has no NaN: it arrives as a string). */
const ABSURD_NUMBERS: Array<[string, unknown]> = [
  ["1e308", 1e308],
  ["negative", -100_000],
  ["NaN", "NaN"],
  ["a fraction", 1.5],
  ["the largest safe integer", Number.MAX_SAFE_INTEGER],
];

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe("the collection APIs refuse absurd dates with a message", () => {
  it.each(ABSURD_ISO)("POST /api/campaigns with scheduledDate %s", async (_name, scheduledDate, message) => {
    const owner = await createTestUser();
    const response = await callRoute(
      apiCampaigns,
      makeRequest("/api/campaigns", {
        cookie: owner.cookie,
        json: {
          title: "Lake",
          prompt: "What do you remember of the lake?",
          inviteEmails: ["a@example.com"],
          scheduledDate,
        },
      }),
    );
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(message);
    expect(db.select().from(campaigns).where(eq(campaigns.ownerId, owner.id)).all()).toHaveLength(0);
  });

  it("still takes a date inside the window", async () => {
    const owner = await createTestUser();
    const scheduledDate = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const response = await callRoute(
      apiCampaigns,
      makeRequest("/api/campaigns", {
        cookie: owner.cookie,
        json: {
          title: "Lake",
          prompt: "What do you remember of the lake?",
          inviteEmails: ["a@example.com"],
          scheduledDate,
        },
      }),
    );
    expect(response.status).toBe(201);
  });

  it.each(ABSURD_ISO)(
    "PUT /api/admin/story-collections/:id with scheduledDate %s",
    async (_name, scheduledDate, message) => {
      const admin = await createSignedInAdmin();
      const campaign = createCampaign(admin.id, {
        title: "Lake",
        prompt: "What do you remember of the lake?",
        inviteEmails: ["a@example.com"],
      });
      const response = await callRoute(
        apiAdminCollection,
        makeRequest(`/api/admin/story-collections/${campaign.id}`, {
          method: "PUT",
          cookie: admin.adminCookie,
          json: { scheduledDate },
        }),
        {
          id: campaign.id,
        },
      );
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(message);
      expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()?.scheduledDate).toBeNull();
    },
  );
});

describe("the Create Story Collection form refuses absurd dates and offsets", () => {
  const post = async (fields: Record<string, string>) => {
    const owner = await createTestUser();
    const form = { title: "Lake", prompt: "What do you remember of the lake?", recipients: "a@example.com", ...fields };
    const response = await callRoute(
      createCollectionPage,
      makeRequest("/create-story-collection", { cookie: owner.cookie, form }),
    );
    const stored = db.select().from(campaigns).where(eq(campaigns.ownerId, owner.id)).all();
    return { response, stored };
  };
  const errorsOf = async (response: Response) => JSON.stringify(await response.json());

  it.each([
    ["the year 9999", "9999-12-31T10:00", RANGE],
    ["the year 0001", "0001-01-01T10:00", RANGE],
    ["a five-digit year", "99999-01-01T10:00", INVALID],
    ["NaN", "NaN", INVALID],
  ])("scheduledDate %s", async (_name, scheduledDate, message) => {
    const { response, stored } = await post({ scheduledDate });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toMatch(typeof message === "string" ? message : message.source.slice(1, -1));
    expect(stored).toHaveLength(0);
  });

  it.each([["1e308"], ["NaN"], ["-99999"], ["1.5"]])("timezoneOffset %s", async (timezoneOffset) => {
    const { response, stored } = await post({ scheduledDate: "2030-01-01T10:00", timezoneOffset });
    expect(response.status).toBe(400);
    expect(stored).toHaveLength(0);
  });
});

describe("PUT /api/user/workflow-settings refuses absurd dates and numbers", () => {
  const put = async (body: unknown) => {
    const owner = await createTestUser();
    const response = await callRoute(
      apiWorkflow,
      makeRequest("/api/user/workflow-settings", { method: "PUT", cookie: owner.cookie, json: body }),
    );
    return { status: response.status, message: await messageOf(response) };
  };

  it.each([
    ["the year 9999", "9999-01-01", RANGE],
    ["the year 1000", "1000-01-01", RANGE],
    ["a five-digit year", "99999-01-01", /^Use the date format YYYY-MM-DD$/],
    ["NaN", "NaN", /^Use the date format YYYY-MM-DD$/],
  ])("collection startDate %s", async (_name, startDate, message) => {
    const result = await put({ collectionWorkflow: { mode: "weekly", startDate, maxReminders: 2 } });
    expect(result.status).toBe(400);
    expect(result.message).toMatch(message);
  });

  it.each(ABSURD_NUMBERS)("maxReminders %s", async (_name, maxReminders) => {
    const result = await put({ collectionWorkflow: { mode: "weekly", maxReminders } });
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/^Max reminders is \d+ to \d+$/);
  });

  it.each(ABSURD_NUMBERS)("distribution dayOfMonth %s", async (_name, dayOfMonth) => {
    const result = await put({ distributionWorkflow: { mode: "monthly", dayOfMonth } });
    expect(result.status).toBe(400);
    expect(result.message).toBe("Day of month is 1 to 31");
  });
});

describe("every other schema's number and date fields refuse absurd values with a message", () => {
  type Schema = {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: Array<{ message: string; path: PropertyKey[] }> };
    };
  };
  /** The field itself is refused (not some other field of the sample), with a message. */
  const refusedAt = (schema: Schema, value: unknown, field: string) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field);
    expect(issue, `${field}: ${JSON.stringify(result.error!.issues)}`).toBeDefined();
    expect(issue!.message.length).toBeGreaterThan(0);
    return issue!.message;
  };
  const chunk = { uploadId: "a".repeat(32), chunkIndex: "0", totalChunks: "2" };
  const submission = {
    respondentName: "Ann",
    respondentEmail: "ann@example.com",
    responses: "[]",
    selectedQuestions: "[0]",
    consentGiven: "true",
    uploadId: chunk.uploadId,
  };

  it.each([...ABSURD_NUMBERS, ["Infinity", "Infinity"]])(
    "testimonial upload chunkIndex, totalChunks and videoSize: %s",
    (_name, value) => {
      expect(refusedAt(ChunkFieldsSchema, { ...chunk, chunkIndex: value, totalChunks: "3" }, "chunkIndex")).toMatch(
        /chunkIndex/,
      );
      expect(refusedAt(ChunkFieldsSchema, { ...chunk, totalChunks: value }, "totalChunks")).toMatch(/totalChunks/);
      expect(refusedAt(ChunkedSubmissionSchema, { ...submission, videoSize: value }, "videoSize")).toMatch(/videoSize/);
    },
  );

  it.each(ABSURD_NUMBERS)(
    "admin podcast limit, script segment index, resend count, workflow form day, time zone offset: %s",
    (_name, value) => {
      refusedAt(SubscriptionSchema, { status: "active", podcastLimit: value }, "podcastLimit");
      refusedAt(SaveSegmentSchema, { index: value, speaker: "Narrator", text: "Hello" }, "index");
      refusedAt(ResendInvitationSchema, { invitationId: "x", seen: value }, "seen");
      refusedAt(WorkflowFormSchema, { intent: "workflows", dayOfWeek: value }, "dayOfWeek");
      refusedAt(
        CreateCollectionSchema,
        { title: "t", prompt: "0123456789", recipients: ["a@example.com"], timezoneOffset: value },
        "timezoneOffset",
      );
    },
  );
});
