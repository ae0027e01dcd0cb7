import { z } from "zod";

import { newsletterMessages } from "./messages";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((s) => s || null);

export const CreateNewsletterSchema = z.object({ intent: z.literal("create") });

export const UpdateNewsletterSchema = z.object({
  intent: z.literal("update"),
  newsletterId: z.string().min(1).max(100),
  title: z
    .string({ error: newsletterMessages.validation.titleRequired })
    .trim()
    .min(1, { error: newsletterMessages.validation.titleRequired })
    .max(200, { error: newsletterMessages.validation.titleTooLong }),
  subtitle: optionalText(300, newsletterMessages.validation.subtitleTooLong),
  familyName: optionalText(100, newsletterMessages.validation.familyNameTooLong),
  coverImageId: z.string().max(100).optional(),
});

export const SendNewsletterSchema = z.object({ intent: z.literal("send"), newsletterId: z.string().min(1).max(100) });
