import { z } from "zod";
import { adminUserMessages } from "./user-messages";
import { NEW_USER_DEFAULTS, SUBSCRIPTION_STATUSES, TRIAL_EXTENSION_DAYS, USER_ROLES, type TrialExtensionDays } from "~/features/account/subscription-rules";

const e = adminUserMessages.error;
const MAX_LIMIT = 1_000_000;

const role = z.enum(USER_ROLES, { error: e.roleInvalid });
const status = z.enum(SUBSCRIPTION_STATUSES, { error: e.statusInvalid });
const podcastLimit = z.number({ error: e.limitWhole }).int({ error: e.limitWhole }).min(0, { error: e.limitMin }).max(MAX_LIMIT);

export const RoleSchema = z.object({ role });

export const SubscriptionSchema = z.object({ status, podcastLimit: podcastLimit.optional() });

export const CustomLimitSchema = z.object({
  podcastLimit: z.number({ error: e.customLimitPositive }).int({ error: e.limitWhole }).min(1, { error: e.customLimitPositive }).max(MAX_LIMIT),
});

const isExtension = (days: number): days is TrialExtensionDays => (TRIAL_EXTENSION_DAYS as readonly number[]).includes(days);
export const ExtendTrialSchema = z.object({
  days: z
    .number({ error: e.daysInvalid })
    .refine(isExtension, { error: e.daysInvalid })
    .transform((days) => days as TrialExtensionDays),
});

const createFields = {
  email: z
    .string({ error: e.emailInvalid })
    .trim()
    .pipe(z.email({ error: e.emailInvalid }).max(254, { error: e.emailInvalid })),
  firstName: z.string({ error: e.firstNameRequired }).trim().min(1, { error: e.firstNameRequired }).max(100),
  lastName: z.string().trim().max(100).optional(),
  role: role.default(NEW_USER_DEFAULTS.role),
  subscriptionStatus: status.default(NEW_USER_DEFAULTS.subscriptionStatus),
  podcastLimit: podcastLimit.default(NEW_USER_DEFAULTS.podcastLimit),
};

/** An unticked checkbox sends nothing: no invitation. */
export const CreateUserSchema = z.object({ ...createFields, sendInvite: z.boolean().optional() });

export const CreateUserApiSchema = z.object({ ...createFields, sendInvite: z.boolean().default(true) });
export type CreateUserInput = z.infer<typeof CreateUserApiSchema>;
