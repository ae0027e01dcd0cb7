import { z } from "zod";

import { podcastActionMessages } from "~/features/podcasts/library/podcast-action-messages";

import {
  PODCAST_DESCRIPTION_MAX,
  PODCAST_TITLE_MAX,
  SHARE_DAYS_DEFAULT,
  SHARE_DAYS_MAX,
  SHARE_DAYS_MIN,
  SHARE_PASSWORD_MAX,
  SHARE_PASSWORD_MIN,
} from "./listening-limits";
import { listeningMessages } from "./listening-messages";

export {
  PODCAST_DESCRIPTION_MAX,
  PODCAST_TITLE_MAX,
  SHARE_DAYS_DEFAULT,
  SHARE_DAYS_MAX,
  SHARE_DAYS_MIN,
  SHARE_PASSWORD_MAX,
  SHARE_PASSWORD_MIN,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isPodcastId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

const podcastId = z.string().refine(isPodcastId, { error: listeningMessages.api.notFound });

export const EditDetailsSchema = z.object({
  intent: z.literal("edit"),
  podcastId,
  title: z
    .string({ error: podcastActionMessages.edit.titleRequired })
    .trim()
    .min(1, { error: podcastActionMessages.edit.titleRequired })
    .max(PODCAST_TITLE_MAX, { error: podcastActionMessages.edit.titleTooLong }),
  description: z
    .string()
    .trim()
    .max(PODCAST_DESCRIPTION_MAX, { error: podcastActionMessages.edit.descriptionTooLong })
    .optional(),
});

export const AddToCollectionSchema = z.object({
  intent: z.literal("collection"),
  podcastId,
  campaignId: z.string().max(100).optional(),
});

export const PodcastIntentSchema = z.object({
  intent: z.enum(["transcript", "delete"]),
  podcastId,
});

const days = z
  .number({ error: listeningMessages.share.expiryRange })
  .int({ error: listeningMessages.share.expiryRange })
  .min(SHARE_DAYS_MIN, { error: listeningMessages.share.expiryRange })
  .max(SHARE_DAYS_MAX, { error: listeningMessages.share.expiryRange });
const password = z
  .string()
  .min(SHARE_PASSWORD_MIN, { error: listeningMessages.share.passwordTooShort })
  .max(SHARE_PASSWORD_MAX, { error: listeningMessages.share.passwordTooLong });

export const ShareFormSchema = z
  .object({
    intent: z.literal("share"),
    expiration: days.default(SHARE_DAYS_DEFAULT),
    passwordProtect: z.boolean().default(false),
    password: password.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.passwordProtect && !value.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: listeningMessages.share.passwordRequired });
  })
  .transform(({ expiration, passwordProtect, password }) => ({
    expiration,
    password: passwordProtect ? password : undefined,
  }));

export const ShareBodySchema = z.object({
  expiration: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,3}$/, { error: listeningMessages.share.expiryRange })
          .transform(Number),
      ],
      { error: listeningMessages.share.expiryRange },
    )
    .pipe(days)
    .default(SHARE_DAYS_DEFAULT),
  password: z
    .string({ error: listeningMessages.share.passwordTooShort })
    .nullish()
    .transform((value) => value || undefined)
    .pipe(password.optional()),
});

export const SharePasswordSchema = z.object({
  password: z
    .string({ error: listeningMessages.sharePage.passwordRequired })
    .min(1)
    .max(SHARE_PASSWORD_MAX, { error: listeningMessages.share.passwordTooLong }),
});
