import { z } from "zod";
import { helpMessages } from "./help-content";

const c = helpMessages.contact;

export const ContactSupportSchema = z.object({
  subject: z.string({ error: c.subjectRequired }).trim().min(1, { error: c.subjectRequired }).max(200, { error: c.subjectTooLong }),
  message: z.string({ error: c.messageRequired }).trim().min(1, { error: c.messageRequired }).max(5000, { error: c.messageTooLong }),
});

export const VisitorSupportSchema = ContactSupportSchema.extend({
  email: z.email({ error: c.emailInvalid }).trim().max(254, { error: c.emailInvalid }),
});
