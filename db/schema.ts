// Migrations are generated from this file (`npm run db:generate`) and applied at start-up.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import {
  distributionModes,
  MAX_REMINDERS,
  promptTemplateCategories,
  type ForwardedMessage,
  type RefusedAttachment,
} from "./enums";

export { promptTemplateCategories };

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdateFn(() => new Date());
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const bool = (name: string) => integer(name, { mode: "boolean" });
const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();

export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  role: text("role", { enum: ["trial", "user", "admin"] })
    .notNull()
    .default("user"),
  subscriptionStatus: text("subscription_status", {
    enum: ["trial", "active", "inactive", "canceled"],
  })
    .notNull()
    .default("trial"),
  trialExpiresAt: timestamp("trial_expires_at"),
  podcastLimit: integer("podcast_limit").notNull().default(3),
  podcastsGenerated: integer("podcasts_generated").notNull().default(0),
  lastLoginAt: timestamp("last_login_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const passwords = sqliteTable("passwords", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  updatedAt: updatedAt(),
});

/** A signed cookie holds only the id, so deleting a row signs that browser out. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const verificationTokens = sqliteTable(
  "verification_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["reset", "invite"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("verification_tokens_user_idx").on(t.userId)],
);

export const campaignStatuses = [
  "active",
  "sent",
  "pending",
  "collecting",
  "closed",
  "scheduled",
  "generating_podcast",
] as const;

export const campaigns = sqliteTable(
  "campaigns",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicId: text("public_id").notNull().unique(),
    title: text("title").notNull(),
    description: text("description"),
    prompt: text("prompt").notNull(),
    status: text("status", { enum: campaignStatuses }).notNull().default("pending"),
    isActive: bool("is_active").notNull().default(true),
    scheduledDate: timestamp("scheduled_date"),
    sentDate: timestamp("sent_date"),
    sortOrder: integer("sort_order").notNull().default(0),
    nextDeliveryDate: timestamp("next_delivery_date"),
    podcastSettings: json<Record<string, unknown>>("podcast_settings"),
    /** Kept by triggers (migration 0002) so owner totals read one row per campaign. Never written by the app. */
    storyCount: integer("story_count").notNull().default(0),
    invitedCount: integer("invited_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("campaigns_owner_idx").on(t.ownerId, t.sortOrder),
    // The whole list order (collectionListOrder), so a page of Manage Story Collections reads its rows only (decision 0146).
    index("campaigns_owner_order_idx").on(t.ownerId, t.sortOrder, sql`${t.createdAt} desc`, t.id),
  ],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The name the owner gave with the address ("Aunt Rosa <…>"), for greetings and bylines (decision 0195). */
    name: text("name"),
    token: text("token").notNull().unique(),
    status: text("status", { enum: ["pending", "sent", "failed", "answered", "unsubscribed"] })
      .notNull()
      .default("pending"),
    sentAt: timestamp("sent_at"),
    reminderCount: integer("reminder_count").notNull().default(0),
    lastReminderAt: timestamp("last_reminder_at"),
    respondedAt: timestamp("responded_at"),
    /** Why the last e-mail did not arrive (a permanent bounce or a spam complaint), for the owner (decision 0143). */
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invitations_campaign_email_idx").on(t.campaignId, t.email)],
);

/**
 * Tokens an invitation had before they were found in stored e-mail (and so perhaps printed in a book
 * or an archive): they no longer act, but their holder can ask for a fresh link (decision 0190).
 */
export const retiredInvitationTokens = sqliteTable(
  "retired_invitation_tokens",
  {
    id: id(),
    invitationId: text("invitation_id")
      .notNull()
      .references(() => invitations.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    retiredAt: timestamp("retired_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("retired_invitation_tokens_invitation_idx").on(t.invitationId)],
);

/**
 * Every address a collection's mail went to: the token of its unsubscribe link (one per collection and
 * address, whatever kind of recipient) and when it unsubscribed (decision 0200).
 */
export const collectionMailRecipients = sqliteTable(
  "collection_mail_recipients",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    token: text("token").notNull().unique(),
    unsubscribedAt: timestamp("unsubscribed_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("collection_mail_recipients_campaign_email_idx").on(t.campaignId, t.email)],
);

/** Data fixes run once at start-up, where SQL alone cannot do them (decision 0190). */
export const oneTimeSteps = sqliteTable("one_time_steps", {
  name: text("name").primaryKey(),
  doneAt: timestamp("done_at")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

export const reminderModes = ["manual", "weekly", "biweekly", "monthly"] as const;

/** campaignId null is the owner's default for every collection. */
export const workflowSettings = sqliteTable(
  "workflow_settings",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    collectionMode: text("collection_mode", { enum: reminderModes }).notNull().default("manual"),
    collectionStartDate: timestamp("collection_start_date"),
    maxReminders: integer("max_reminders").notNull().default(MAX_REMINDERS.default),
    contributors: json<string[]>("contributors").notNull().default([]),
    distributionMode: text("distribution_mode", { enum: distributionModes }).notNull().default("manual"),
    distributionScheduledDate: timestamp("distribution_scheduled_date"),
    dayOfWeek: integer("day_of_week"),
    dayOfMonth: integer("day_of_month"),
    monthOfYear: integer("month_of_year"),
    distributionRecipients: json<string[]>("distribution_recipients").notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("workflow_settings_owner_campaign_idx").on(t.ownerId, t.campaignId)],
);

export const contributions = sqliteTable(
  "contributions",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    invitationId: text("invitation_id").references(() => invitations.id, { onDelete: "set null" }),
    contributorName: text("contributor_name"),
    contributorEmail: text("contributor_email"),
    storyContent: text("story_content").notNull(),
    submissionMethod: text("submission_method", { enum: ["email", "web"] }).notNull(),
    wordCount: integer("word_count").notNull().default(0),
    /**
     * Message-Id of an e-mail reply, so the same message delivered twice is stored once. Unique per
     * invitation, not overall: anyone who saw a copy can reuse an Id, and one e-mail may answer two
     * families' invitations (decision 0191).
     */
    messageId: text("message_id"),
    /** An e-mail reply sent from another address than the invitee's: "Name <address>" (decision 0120). */
    sentFrom: text("sent_from"),
    /** The text as it arrived, kept once the owner edits storyContent (decision 0136). */
    originalStoryContent: text("original_story_content"),
    /**
     * The owner's correction of how an e-mail reply was read: "whole" keeps the whole e-mail as the
     * story, "cut" the reply reader's cut; null leaves it to the reader (decision 0154).
     */
    replyReading: text("reply_reading", { enum: ["whole", "cut"] }),
    /** The owner's title for the story; null: one is made from the story (decision 0205). */
    title: text("title"),
    /** Messages the reply forwarded (attached or inline), shown after the relative's own words (decision 0213). */
    forwarded: json<ForwardedMessage[]>("forwarded"),
    /** Attachments of the reply that were not kept, each with its reason (decision 0213). */
    refusedAttachments: json<RefusedAttachment[]>("refused_attachments"),
    submittedAt: timestamp("submitted_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /**
     * The collection's owner, kept by SQLite triggers (migration 0010) whatever the code writes, so the
     * dashboard reads an owner's stories by date through one index (decision 0146).
     */
    ownerId: text("owner_id"),
  },
  (t) => [
    index("contributions_campaign_idx").on(t.campaignId, t.submittedAt),
    index("contributions_owner_submitted_idx").on(t.ownerId, t.submittedAt),
    uniqueIndex("contributions_invitation_message_idx").on(t.invitationId, t.messageId),
  ],
);

/**
 * An e-mail reply with nothing usable in it (no words of its own, no photo): kept for the owner to
 * see, and not a story, so it counts nowhere (decision 0120).
 */
export const emptyReplies = sqliteTable(
  "empty_replies",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    invitationId: text("invitation_id").references(() => invitations.id, { onDelete: "set null" }),
    /** The invitee's address: the reply address names them, whoever sent it. */
    contributorEmail: text("contributor_email"),
    sentFrom: text("sent_from"),
    subject: text("subject"),
    /** Whatever text arrived (the quoted invitation, a signature), for "View Full Email". */
    content: text("content").notNull().default(""),
    /**
     * "empty": a person's reply with nothing usable; "automatic": an out-of-office or other machine
     * reply; "bounce": a delivery-failure notice. Neither of the last two is a story (decision 0192).
     */
    kind: text("kind", { enum: ["empty", "automatic", "bounce"] })
      .notNull()
      .default("empty"),
    /** Unique per invitation, as a story's. */
    messageId: text("message_id"),
    /** Attachments of the reply that were not kept, each with its reason (decision 0213). */
    refusedAttachments: json<RefusedAttachment[]>("refused_attachments"),
    receivedAt: timestamp("received_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("empty_replies_campaign_idx").on(t.campaignId, t.receivedAt),
    uniqueIndex("empty_replies_invitation_message_idx").on(t.invitationId, t.messageId),
  ],
);

export const contributionAttachments = sqliteTable(
  "contribution_attachments",
  {
    id: id(),
    contributionId: text("contribution_id")
      .notNull()
      .references(() => contributions.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  // A collection's stories page reads its photos story by story; without it, every photo of every family (decision 0146).
  (t) => [index("contribution_attachments_contribution_idx").on(t.contributionId)],
);

/**
 * Documents that came with an e-mail reply (PDF, Word, OpenDocument, text), kept as they were sent
 * for the owner to download (decision 0213). Photos stay in contribution_attachments.
 */
export const contributionDocuments = sqliteTable(
  "contribution_documents",
  {
    id: id(),
    contributionId: text("contribution_id")
      .notNull()
      .references(() => contributions.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contribution_documents_contribution_idx").on(t.contributionId)],
);

export const contactDeliveryStatuses = ["ok", "undeliverable", "unsubscribed"] as const;

export const contacts = sqliteTable(
  "contacts",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    preferredName: text("preferred_name"),
    parsedName: text("parsed_name"),
    notes: text("notes"),
    tags: json<string[]>("tags").notNull().default([]),
    isAdmin: bool("is_admin").notNull().default(false),
    /** Set by Mailgun's events: a permanent bounce or a spam complaint stops all e-mail to it (decision 0143). */
    deliveryStatus: text("delivery_status", { enum: contactDeliveryStatuses }).notNull().default("ok"),
    deliveryProblem: text("delivery_problem"),
    deliveryProblemAt: timestamp("delivery_problem_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("contacts_owner_email_idx").on(t.ownerId, t.email)],
);

/**
 * Addresses that get no more e-mail: a permanent bounce stops one owner's mail to it, a
 * spam complaint (ownerId null) everyone's. Kept by address, so addresses typed into a collection
 * count as much as saved contacts.
 */
export const suppressedAddresses = sqliteTable(
  "suppressed_addresses",
  {
    id: id(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    kind: text("kind", { enum: ["undeliverable", "unsubscribed"] }).notNull(),
    /** Mailgun's words, for the owner whose mail it refused. */
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("suppressed_addresses_email_idx").on(t.email, t.ownerId)],
);

export const contactGroups = sqliteTable(
  "contact_groups",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    isDefault: bool("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("contact_groups_owner_idx").on(t.ownerId)],
);

export const contactGroupMembers = sqliteTable(
  "contact_group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => contactGroups.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contactId] })],
);

export const stories = sqliteTable("stories", {
  id: id(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  content: text("content").notNull(),
  source: text("source", { enum: ["pdf", "text"] }).notNull(),
  pdfKey: text("pdf_key"),
  createdAt: createdAt(),
});

export const podcastStatuses = [
  "pending",
  "queued",
  "script_generation",
  "voice_processing",
  "audio_processing",
  /** Stopped after the script for the owner to review it (decision 0128). */
  "script_ready",
  "complete",
  "failed",
] as const;

export const podcasts = sqliteTable(
  "podcasts",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storyId: text("story_id").references(() => stories.id, { onDelete: "set null" }),
    campaignId: text("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    transcript: text("transcript"),
    script: json<{ speaker: string; text: string }[]>("script"),
    status: text("status", { enum: podcastStatuses }).notNull().default("pending"),
    errorMessage: text("error_message"),
    hostCount: integer("host_count").notNull().default(1),
    primaryVoice: text("primary_voice").notNull().default("female-warm"),
    primaryAccent: text("primary_accent").notNull().default("american"),
    primarySpeed: real("primary_speed").notNull().default(1),
    secondaryVoice: text("secondary_voice"),
    secondaryAccent: text("secondary_accent"),
    secondarySpeed: real("secondary_speed"),
    backgroundMusic: text("background_music").notNull().default("none"),
    introOutro: text("intro_outro").notNull().default("standard"),
    /** The owner's own opening words, read instead of the standard welcome when introOutro is 'custom' (decision 0122). */
    customIntro: text("custom_intro"),
    processingQuality: text("processing_quality", { enum: ["standard", "premium"] })
      .notNull()
      .default("standard"),
    duration: integer("duration"),
    fileSize: integer("file_size"),
    audioKey: text("audio_key"),
    /** The family's own photo as the cover (drawn from the title when null). */
    coverKey: text("cover_key"),
    /**
     * Which of the collection's stories each chapter tells, written when the audio is made
     * (the book's QR code plays a story's chapter). Null for episodes made before, and for one story's.
     */
    chapterStories: json<Array<{ title: string; start: number; contributionIds: string[] }>>("chapter_stories"),
    listens: integer("listens").notNull().default(0),
    completedAt: timestamp("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("podcasts_owner_idx").on(t.ownerId, t.createdAt), index("podcasts_campaign_idx").on(t.campaignId)],
);

/** How a family's names and places are said: applied to what the voices read, never to the transcript (decision 0128). */
export const pronunciations = sqliteTable(
  "pronunciations",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    /** The term folded (lower case, single spaces): one entry per word or phrase, whatever its case. */
    termKey: text("term_key").notNull(),
    sayAs: text("say_as").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pronunciations_owner_term_idx").on(t.ownerId, t.termKey)],
);

export const shareLinks = sqliteTable("share_links", {
  id: id(),
  podcastId: text("podcast_id")
    .notNull()
    .references(() => podcasts.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  passwordHash: text("password_hash"),
  expiresAt: timestamp("expires_at").notNull(),
  createdAt: createdAt(),
});

/** A private podcast feed: the family's (campaignId null) or a collection's; revoked feeds answer 404 (decision 0133). */
export const podcastFeeds = sqliteTable(
  "podcast_feeds",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    /** Kept readable so the owner can copy it again; it opens only what the owner already shares. */
    token: text("token").notNull().unique(),
    revokedAt: timestamp("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("podcast_feeds_owner_idx").on(t.ownerId, t.campaignId)],
);

export const llmUsage = sqliteTable("llm_usage", {
  id: id(),
  podcastId: text("podcast_id").references(() => podcasts.id, { onDelete: "set null" }),
  provider: text("provider").notNull(),
  model: text("model").notNull(),
  promptTokens: integer("prompt_tokens").notNull().default(0),
  completionTokens: integer("completion_tokens").notNull().default(0),
  costUsd: real("cost_usd").notNull().default(0),
  createdAt: createdAt(),
});

export const newsletters = sqliteTable(
  "newsletters",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    publicId: text("public_id").notNull().unique(),
    edition: integer("edition").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    familyName: text("family_name"),
    podcastId: text("podcast_id").references(() => podcasts.id, { onDelete: "set null" }),
    coverImageKey: text("cover_image_key"),
    publishedAt: timestamp("published_at"),
    createdAt: createdAt(),
  },
  // The podcast page looks up its newsletter (decision 0146).
  (t) => [index("newsletters_podcast_idx").on(t.podcastId)],
);

export const newsletterStories = sqliteTable("newsletter_stories", {
  id: id(),
  newsletterId: text("newsletter_id")
    .notNull()
    .references(() => newsletters.id, { onDelete: "cascade" }),
  contributionId: text("contribution_id").references(() => contributions.id, {
    onDelete: "set null",
  }),
  category: text("category").notNull().default("memory"),
  title: text("title").notNull(),
  author: text("author"),
  contributedBy: text("contributed_by"),
  readingTime: integer("reading_time").notNull().default(1),
  /** A story told by voice alone: how long its recording plays (its readingTime is 0); null otherwise. */
  listenSeconds: real("listen_seconds"),
  images: json<string[]>("images").notNull().default([]),
  content: text("content").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const apiKeys = sqliteTable("api_keys", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  /** sha256 of the key; the key itself is shown once. */
  keyHash: text("key_hash").notNull().unique(),
  isActive: bool("is_active").notNull().default(true),
  deactivatedAt: timestamp("deactivated_at"),
  usageCount: integer("usage_count").notNull().default(0),
  usageLimit: integer("usage_limit"),
  lastUsed: timestamp("last_used"),
  expiresAt: timestamp("expires_at"),
  createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const promptTemplates = sqliteTable("prompt_templates", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  category: text("category", { enum: promptTemplateCategories }).notNull().default("general"),
  systemPrompt: text("system_prompt").notNull(),
  isActive: bool("is_active").notNull().default(true),
  isDefault: bool("is_default").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const systemErrors = sqliteTable(
  "system_errors",
  {
    id: id(),
    errorType: text("error_type").notNull(),
    errorMessage: text("error_message").notNull(),
    severity: text("severity").notNull().default("medium"),
    workflow: text("workflow"),
    details: text("details"),
    isResolved: bool("is_resolved").notNull().default(false),
    resolvedAt: timestamp("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [index("system_errors_created_idx").on(t.createdAt)],
);

export const activityTypes = [
  "podcast_created",
  "campaign_created",
  "user_registered",
  "story_submitted",
  /** Written once the account's rows are gone, so it names no user. */
  "account_deleted",
] as const;

export const activities = sqliteTable(
  "activities",
  {
    id: id(),
    type: text("type", { enum: activityTypes }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    details: text("details").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("activities_created_idx").on(t.createdAt)],
);

/**
 * A story's recording, answered by voice (decision 0136): the original as it came, its normalized
 * copy once the convert-recording job ran, or why it could not be used.
 */
export const contributionRecordings = sqliteTable("contribution_recordings", {
  id: id(),
  contributionId: text("contribution_id")
    .notNull()
    .unique()
    .references(() => contributions.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["converting", "ready", "refused"] }).notNull(),
  /** Why a recording was refused or failed to convert, in words for the owner. */
  reason: text("reason"),
  originalKey: text("original_key"),
  originalFileName: text("original_file_name"),
  originalSize: integer("original_size"),
  /** What ffprobe found, e.g. "mov,mp4,m4a/aac"; the declared type is never trusted. */
  originalFormat: text("original_format"),
  normalizedKey: text("normalized_key"),
  /** Seconds, of the normalized copy once it exists (before: the original's). */
  durationSeconds: real("duration_seconds"),
  /** A machine transcription, when one is made; the story's text stays in contributions. */
  transcript: text("transcript"),
  removalRequestedAt: timestamp("removal_requested_at"),
  createdAt: createdAt(),
});

export type TestimonialQuestion = { question: string; helperText?: string | null };

export const testimonialCampaigns = sqliteTable("testimonial_campaigns", {
  id: id(),
  publicId: text("public_id").notNull().unique(),
  title: text("title").notNull(),
  description: text("description"),
  questions: json<TestimonialQuestion[]>("questions").notNull(),
  isActive: bool("is_active").notNull().default(true),
  allowTextResponses: bool("allow_text_responses").notNull().default(true),
  createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const testimonialResponses = sqliteTable("testimonial_responses", {
  id: id(),
  campaignId: text("campaign_id")
    .notNull()
    .references(() => testimonialCampaigns.id, { onDelete: "cascade" }),
  respondentName: text("respondent_name").notNull(),
  respondentEmail: text("respondent_email").notNull(),
  responses: json<{ questionIndex: number; question: string; response: string }[]>("responses").notNull().default([]),
  /** The one or two questions the respondent chose to answer on video, in the campaign's wording. */
  selectedQuestions: json<{ questionIndex: number; question: string }[]>("selected_questions").notNull().default([]),
  videoKey: text("video_key"),
  videoSize: integer("video_size"),
  videoMimeType: text("video_mime_type"),
  videoDuration: real("video_duration"),
  consentGiven: bool("consent_given").notNull(),
  consentTimestamp: timestamp("consent_timestamp").notNull(),
  submittedAt: createdAt(),
});

export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    type: text("type").notNull(),
    payload: json<Record<string, unknown>>("payload").notNull().default({}),
    /** "cancelled": running when its family was deleted; it ends at its next step and its row goes. */
    status: text("status", { enum: ["queued", "running", "done", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    runAt: timestamp("run_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedAt: timestamp("locked_at"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** Same key, same job: a schedule firing twice enqueues once. */
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("jobs_due_idx").on(t.status, t.runAt)],
);

/** Written before sending, so nothing is lost (decision 0006). */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: json<Record<string, string>>("headers").notNull().default({}),
    /** "retrying": refused or unreachable, tried again at retryAt; "failed": given up on, with lastError (decision 0193). */
    status: text("status", { enum: ["queued", "sending", "sent", "retrying", "failed", "stored"] })
      .notNull()
      .default("queued"),
    /** When a "retrying" row is tried again: exponential backoff with jitter. */
    retryAt: timestamp("retry_at"),
    /** Same key, same e-mail: an invitation or reminder is written to the outbox once. */
    dedupeKey: text("dedupe_key").unique(),
    /** When delivery was last claimed ('sending'); a stale claim is reconciled with Mailgun. */
    claimedAt: timestamp("claimed_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: timestamp("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_status_idx").on(t.status, t.createdAt)],
);

/** Mailgun webhook tokens already seen: a replayed signed post stores nothing. */
export const webhookTokens = sqliteTable("webhook_tokens", {
  token: text("token").primaryKey(),
  createdAt: createdAt(),
});

export const bookTrims = ["6x9", "letter", "a5"] as const;

/** A printed family book made from a collection by the "build-book" job (decision 0160). */
export const books = sqliteTable(
  "books",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    trim: text("trim", { enum: bookTrims }).notNull(),
    bleed: bool("bleed").notNull().default(false),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    storiesDone: integer("stories_done").notNull().default(0),
    storyCount: integer("story_count").notNull().default(0),
    pageCount: integer("page_count"),
    fileKey: text("file_key"),
    /** A book of several collections, in the owner's order (the first is campaignId); null for one collection. */
    campaignIds: json<string[]>("campaign_ids"),
    /** A story photo the owner chose for the cover instead of the collection's cover art. */
    coverPhotoKey: text("cover_photo_key"),
    /** Photos the job printed smaller than their box because they have too few pixels (decision 0170). */
    lowResPhotos:
      json<Array<{ key: string; story: string; width: number; height: number; printedInches: number }>>(
        "low_res_photos",
      ),
    /** Why a failed book could not be made, naming the story (bookMessages.failedAt). */
    failure: text("failure"),
    /** The owner's dedication and foreword, each printed on its own page after the title page; null prints none. */
    dedication: text("dedication"),
    foreword: text("foreword"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("books_campaign_idx").on(t.campaignId, t.createdAt)],
);

/** A book's QR code: plays one story's recording without a sign-in until the owner turns it off (decision 0160). */
export const bookLinks = sqliteTable("book_links", {
  id: id(),
  token: text("token").notNull().unique(),
  contributionId: text("contribution_id")
    .notNull()
    .unique()
    .references(() => contributions.id, { onDelete: "cascade" }),
  revokedAt: timestamp("revoked_at"),
  createdAt: createdAt(),
});
