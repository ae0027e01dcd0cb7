import type { TestimonialQuestion } from "#db/schema";
import { z } from "zod";

import {
  DESCRIPTION_MAX,
  EMAIL_MAX,
  isRespondentEmail,
  MAX_CAMPAIGN_QUESTIONS,
  MAX_SELECTED_QUESTIONS,
  NAME_MAX,
  QUESTION_MAX,
  RESPONDENT_EMAIL,
  RESPONSE_MAX,
  TITLE_MAX,
} from "./limits";
import { testimonialMessages } from "./messages";
import { isPlainFileName, isValidUploadId, MAX_CHUNKS, MAX_VIDEO_BYTES } from "./upload-limits";

export {
  DESCRIPTION_MAX,
  EMAIL_MAX,
  isRespondentEmail,
  MAX_CAMPAIGN_QUESTIONS,
  MAX_SELECTED_QUESTIONS,
  NAME_MAX,
  QUESTION_MAX,
  RESPONDENT_EMAIL,
  RESPONSE_MAX,
  TITLE_MAX,
};

export function normalizeQuestions(raw: unknown): TestimonialQuestion[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((q): TestimonialQuestion | null => {
      if (typeof q === "string") return { question: q, helperText: null };
      if (q && typeof q === "object" && typeof (q as { question?: unknown }).question === "string") {
        const helper = (q as { helperText?: unknown }).helperText;
        return {
          question: (q as { question: string }).question,
          helperText: typeof helper === "string" && helper.trim() ? helper : null,
        };
      }
      return null;
    })
    .filter((q): q is TestimonialQuestion => q !== null);
}

export function cleanQuestions(
  list: ReadonlyArray<{ question?: string | null; helperText?: string | null }>,
): TestimonialQuestion[] {
  return list
    .map((q) => ({ question: (q.question ?? "").trim(), helperText: (q.helperText ?? "").trim() || null }))
    .filter((q) => q.question !== "");
}

const title = z
  .string({ error: testimonialMessages.validation.titleRequired })
  .trim()
  .min(1, { error: testimonialMessages.validation.titleRequired })
  .max(TITLE_MAX, { error: testimonialMessages.validation.titleTooLong });
const description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, { error: testimonialMessages.validation.descriptionTooLong });
const questionText = z.string().trim().max(QUESTION_MAX, { error: testimonialMessages.validation.questionTooLong });

// Conform turns empty inputs into undefined, so every part of a question is optional here.
const FormQuestion = z.object({ question: questionText.optional(), helperText: questionText.optional() });

export const CampaignFormSchema = z.object({
  title,
  description: description.optional(),
  questions: z
    .array(FormQuestion)
    .max(MAX_CAMPAIGN_QUESTIONS, { error: testimonialMessages.validation.atMostFiveQuestions })
    .optional()
    .refine((list) => (list ?? []).some((q) => q.question), {
      error: testimonialMessages.validation.atLeastOneQuestion,
    }),
  allowTextResponses: z.boolean().optional(),
  isActive: z.boolean().optional(),
});

const ApiQuestion = z.union([
  questionText,
  z.object({ question: questionText.optional().nullable(), helperText: questionText.optional().nullable() }),
]);
const apiQuestions = z
  .array(ApiQuestion, { error: "questions must be a list" })
  .max(MAX_CAMPAIGN_QUESTIONS, { error: testimonialMessages.validation.atMostFiveQuestions })
  .transform((list) => cleanQuestions(list.map((q) => (typeof q === "string" ? { question: q } : q))))
  .refine((list) => list.length > 0, { error: testimonialMessages.validation.atLeastOneQuestion });

export const ApiCreateCampaignSchema = z.object({
  title,
  description: description.nullable().optional(),
  questions: apiQuestions,
  isActive: z.boolean().default(true),
  allowTextResponses: z.boolean().default(true),
});

export const ApiUpdateCampaignSchema = z.object({
  title: title.optional(),
  description: description.nullable().optional(),
  questions: apiQuestions.optional(),
  isActive: z.boolean().optional(),
  allowTextResponses: z.boolean().optional(),
});

export type CampaignInput = {
  title: string;
  description: string | null;
  questions: TestimonialQuestion[];
  isActive: boolean;
  allowTextResponses: boolean;
};

export const respondentName = z
  .string({ error: testimonialMessages.validation.nameRequired })
  .trim()
  .min(1, { error: testimonialMessages.validation.nameRequired })
  .max(NAME_MAX, { error: testimonialMessages.validation.nameRequired });
export const respondentEmail = z
  .string({ error: testimonialMessages.validation.email })
  .trim()
  .refine((value) => isRespondentEmail(value), { error: testimonialMessages.validation.email });

export const AboutSchema = z.object({ respondentName, respondentEmail });

const consent = z
  .union([z.boolean(), z.string()])
  .transform((value) => value === true || value === "true" || value === "on");

export type TextResponse = { questionIndex: number; question: string; response: string };
export type SelectedQuestion = { questionIndex: number; question: string };

const ResponseItem = z.object({
  questionIndex: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_CAMPAIGN_QUESTIONS - 1),
  question: z
    .string()
    .max(QUESTION_MAX * 2)
    .optional(),
  response: z.string().max(RESPONSE_MAX).default(""),
});

function jsonList<T extends z.ZodType>(item: T, max: number, message: string) {
  return z
    .union([z.string(), z.array(z.unknown())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return [];
      let list: unknown = value;
      if (typeof value === "string") {
        try {
          list = JSON.parse(value);
        } catch {
          list = null;
        }
      }
      const parsed = z.array(item).max(max).safeParse(list);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed.data as z.output<T>[];
    });
}

const responses = jsonList(ResponseItem, MAX_CAMPAIGN_QUESTIONS, testimonialMessages.api.badResponses);

const selectedQuestions = jsonList(
  z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_CAMPAIGN_QUESTIONS - 1),
  MAX_SELECTED_QUESTIONS,
  testimonialMessages.api.badSelectedQuestions,
).transform((list) => [...new Set(list)]);

export const PublicSubmissionSchema = z
  .object({ respondentName, respondentEmail, responses, selectedQuestions, consentGiven: consent.optional() })
  .refine((value) => value.consentGiven === true, {
    error: testimonialMessages.validation.consentRequired,
    path: ["consentGiven"],
  });

export const ChunkedSubmissionSchema = z
  .object({
    respondentName,
    respondentEmail,
    responses,
    selectedQuestions,
    consentGiven: consent.optional(),
    consentTimestamp: z.union([z.string(), z.number()]).optional().nullable(),
    uploadId: z
      .string({ error: testimonialMessages.api.badUploadId })
      .refine(isValidUploadId, { error: testimonialMessages.api.badUploadId })
      .optional(),
    directUpload: z.string().max(4000).optional(),
    videoPath: z.string().max(300).optional().nullable(),
    // Sent by the spec's client; the server reads the video from the assembled upload instead.
    videoData: z.unknown().optional(),
    videoSize: z.coerce
      .number({ error: testimonialMessages.api.badVideoSize })
      .int({ error: testimonialMessages.api.badVideoSize })
      .min(0, { error: testimonialMessages.api.badVideoSize })
      .max(MAX_VIDEO_BYTES, { error: testimonialMessages.api.badVideoSize })
      .optional()
      .nullable(),
    videoMimeType: z.string().max(200).optional().nullable(),
  })
  .refine((value) => value.uploadId !== undefined || value.directUpload !== undefined, {
    error: testimonialMessages.api.badUploadId,
    path: ["uploadId"],
  })
  .refine((value) => value.consentGiven === true, {
    error: testimonialMessages.validation.consentRequired,
    path: ["consentGiven"],
  });

export const DirectUploadSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("start"),
      fileName: z.string().max(255).default("video"),
      size: z
        .number({ error: testimonialMessages.api.badVideoSize })
        .int({ error: testimonialMessages.api.badVideoSize })
        .min(1, { error: testimonialMessages.api.badVideoSize }),
      type: z.string().max(200).default(""),
    }),
    z.object({
      intent: z.literal("sign"),
      ticket: z.string().max(4000),
      partNumbers: z.array(z.number()).max(MAX_CHUNKS, { error: testimonialMessages.api.badPartNumber }),
    }),
    z.object({ intent: z.literal("complete"), ticket: z.string().max(4000) }),
  ],
  { error: testimonialMessages.api.badIntent },
);

export const ChunkFieldsSchema = z
  .object({
    uploadId: z
      .string({ error: testimonialMessages.api.badUploadId })
      .refine(isValidUploadId, { error: testimonialMessages.api.badUploadId }),
    chunkIndex: z.coerce
      .number({ error: testimonialMessages.api.badChunkIndex })
      .int({ error: testimonialMessages.api.badChunkIndex })
      .min(0, { error: testimonialMessages.api.badChunkIndex }),
    totalChunks: z.coerce
      .number({ error: testimonialMessages.api.badTotalChunks })
      .int({ error: testimonialMessages.api.badTotalChunks })
      .min(1, { error: testimonialMessages.api.badTotalChunks })
      .max(MAX_CHUNKS, { error: testimonialMessages.api.badTotalChunks }),
    fileName: z
      .string()
      .max(255, { error: testimonialMessages.api.badFileName })
      .refine(isPlainFileName, { error: testimonialMessages.api.badFileName })
      .optional(),
  })
  .refine((value) => value.chunkIndex < value.totalChunks, {
    error: testimonialMessages.api.badChunkIndex,
    path: ["chunkIndex"],
  });

export function consentTime(claimed: string | number | null | undefined, now: Date): Date {
  if (claimed === null || claimed === undefined || claimed === "") return now;
  const when = new Date(claimed);
  const t = when.getTime();
  if (Number.isNaN(t) || t > now.getTime() + 60_000 || t < now.getTime() - 24 * 3600_000) return now;
  return new Date(Math.min(t, now.getTime()));
}
