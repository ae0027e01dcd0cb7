// The /admin page's intents: creating a user and changing one user's role, subscription, trial or limit.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";

import { notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { User } from "~/models/user.server";

import { adminUserMessages } from "./user-messages";
import { CreateUserSchema, CustomLimitSchema, ExtendTrialSchema, RoleSchema, SubscriptionSchema } from "./user-schemas";
import { adminUrl, type Place } from "./users-place";
import {
  createUserAsAdmin,
  extendUserTrial,
  getUserForAdmin,
  setUserPodcastLimit,
  updateUserRole,
  updateUserSubscription,
} from "./users.server";

type ManageIntent = "update-role" | "update-subscription" | "extend-trial" | "set-limit";
const FAILED: Record<ManageIntent, string> = {
  "update-role": adminUserMessages.toast.roleFailed,
  "update-subscription": adminUserMessages.toast.subscriptionFailed,
  "extend-trial": adminUserMessages.toast.trialFailed,
  "set-limit": adminUserMessages.toast.subscriptionFailed,
};
const DONE: Record<ManageIntent, string> = {
  "update-role": adminUserMessages.toast.roleUpdated,
  "update-subscription": adminUserMessages.toast.subscriptionUpdated,
  "extend-trial": adminUserMessages.toast.trialExtended,
  // The custom limit is the subscription call with a podcastLimit (spec §7).
  "set-limit": adminUserMessages.toast.subscriptionUpdated,
};

// A redirect, not a 400: a flash toast set on a 400 would only appear on the next page.
export function refuse(intent: ManageIntent, userId: string, place: Place, reason: string) {
  return redirectWithToast(adminUrl(place, { manage: userId }), {
    title: FAILED[intent],
    description: reason,
    variant: "destructive",
  });
}

const firstError = (error: Record<string, string[] | null> | null | undefined) =>
  Object.values(error ?? {})
    .flat()
    .find(Boolean) ?? "";

async function change<S extends z.ZodType>(
  intent: ManageIntent,
  formData: FormData,
  place: Place,
  schema: S,
  apply: (userId: string, value: z.output<S>) => User | undefined,
) {
  const userId = String(formData.get("userId") ?? "");
  if (!(await getUserForAdmin(userId))) throw notFound();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refuse(intent, userId, place, firstError(submission.error));
  if (!apply(userId, submission.value)) throw notFound();
  return redirectWithToast(adminUrl(place, { manage: userId }), { title: DONE[intent] });
}

export async function createUserAction(formData: FormData, admin: User) {
  const submission = parseWithZod(formData, { schema: CreateUserSchema });
  if (submission.status !== "success")
    return data({ intent: "create-user" as const, result: submission.reply() }, { status: 400 });
  const result = await createUserAsAdmin(
    { ...submission.value, sendInvite: submission.value.sendInvite ?? false },
    admin,
  );
  if (!result.ok)
    return data(
      {
        intent: "create-user" as const,
        result: submission.reply({ formErrors: [adminUserMessages.error.emailTaken] }),
      },
      { status: 409 },
    );
  return redirectWithToast(adminUrl({ page: 1, list: {} }), {
    title: result.invited ? adminUserMessages.toast.userCreated : adminUserMessages.toast.userCreatedNoInvite,
  });
}

export function updateRoleAction(formData: FormData, admin: User, place: Place) {
  // An administrator cannot demote themselves (it could lock the last one out).
  if (formData.get("userId") === admin.id)
    return refuse("update-role", admin.id, place, adminUserMessages.error.ownRole);
  return change("update-role", formData, place, RoleSchema, (id, v) => updateUserRole(id, v.role));
}

export function updateSubscriptionAction(formData: FormData, place: Place) {
  return change("update-subscription", formData, place, SubscriptionSchema, (id, v) =>
    updateUserSubscription(id, v.status),
  );
}

export function extendTrialAction(formData: FormData, place: Place) {
  return change("extend-trial", formData, place, ExtendTrialSchema, (id, v) => extendUserTrial(id, v.days));
}

export function setLimitAction(formData: FormData, place: Place) {
  return change("set-limit", formData, place, CustomLimitSchema, (id, v) => setUserPodcastLimit(id, v.podcastLimit));
}
