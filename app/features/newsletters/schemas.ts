import { z } from "zod";
import { newsletterMessages } from "./messages";

const v = newsletterMessages.validation;

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
  title: z.string({ error: v.titleRequired }).trim().min(1, { error: v.titleRequired }).max(200, { error: v.titleTooLong }),
  subtitle: optionalText(300, v.subtitleTooLong),
  familyName: optionalText(100, v.familyNameTooLong),
  coverImageId: z.string().max(100).optional(),
});

export const SendNewsletterSchema = z.object({ intent: z.literal("send"), newsletterId: z.string().min(1).max(100) });
