import { z } from "zod";

import { helpMessages } from "./help-content";

export const ContactSupportSchema = z.object({
  subject: z
    .string({ error: helpMessages.contact.subjectRequired })
    .trim()
    .min(1, { error: helpMessages.contact.subjectRequired })
    .max(200, { error: helpMessages.contact.subjectTooLong }),
  message: z
    .string({ error: helpMessages.contact.messageRequired })
    .trim()
    .min(1, { error: helpMessages.contact.messageRequired })
    .max(5000, { error: helpMessages.contact.messageTooLong }),
});

export const VisitorSupportSchema = ContactSupportSchema.extend({
  email: z
    .email({ error: helpMessages.contact.emailInvalid })
    .trim()
    .max(254, { error: helpMessages.contact.emailInvalid }),
});
