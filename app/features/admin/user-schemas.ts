import { z } from "zod";

import {
  NEW_USER_DEFAULTS,
  SUBSCRIPTION_STATUSES,
  TRIAL_EXTENSION_DAYS,
  USER_ROLES,
  type TrialExtensionDays,
} from "~/features/account/subscription-rules";

import { adminUserMessages } from "./user-messages";

const MAX_LIMIT = 1_000_000;

const role = z.enum(USER_ROLES, { error: adminUserMessages.error.roleInvalid });
const status = z.enum(SUBSCRIPTION_STATUSES, { error: adminUserMessages.error.statusInvalid });
const podcastLimit = z
  .number({ error: adminUserMessages.error.limitWhole })
  .int({ error: adminUserMessages.error.limitWhole })
  .min(0, { error: adminUserMessages.error.limitMin })
  .max(MAX_LIMIT);

export const RoleSchema = z.object({ role });

export const SubscriptionSchema = z.object({ status, podcastLimit: podcastLimit.optional() });

export const CustomLimitSchema = z.object({
  podcastLimit: z
    .number({ error: adminUserMessages.error.customLimitPositive })
    .int({ error: adminUserMessages.error.limitWhole })
    .min(1, { error: adminUserMessages.error.customLimitPositive })
    .max(MAX_LIMIT),
});

const isExtension = (days: number): days is TrialExtensionDays =>
  (TRIAL_EXTENSION_DAYS as readonly number[]).includes(days);
export const ExtendTrialSchema = z.object({
  days: z
    .number({ error: adminUserMessages.error.daysInvalid })
    .refine(isExtension, { error: adminUserMessages.error.daysInvalid })
    .transform((days) => days as TrialExtensionDays),
});

const createFields = {
  email: z
    .string({ error: adminUserMessages.error.emailInvalid })
    .trim()
    .pipe(
      z
        .email({ error: adminUserMessages.error.emailInvalid })
        .max(254, { error: adminUserMessages.error.emailInvalid }),
    ),
  firstName: z
    .string({ error: adminUserMessages.error.firstNameRequired })
    .trim()
    .min(1, { error: adminUserMessages.error.firstNameRequired })
    .max(100),
  lastName: z.string().trim().max(100).optional(),
  role: role.default(NEW_USER_DEFAULTS.role),
  subscriptionStatus: status.default(NEW_USER_DEFAULTS.subscriptionStatus),
  podcastLimit: podcastLimit.default(NEW_USER_DEFAULTS.podcastLimit),
};

/** An unticked checkbox sends nothing: no invitation. */
export const CreateUserSchema = z.object({ ...createFields, sendInvite: z.boolean().optional() });

export const CreateUserApiSchema = z.object({ ...createFields, sendInvite: z.boolean().default(true) });
export type CreateUserInput = z.infer<typeof CreateUserApiSchema>;
