// The admin story-collections page's intents: one named function each, over features/admin/collections.server.ts.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";

import { scheduledDateToUtc } from "~/features/collections/schemas";
import { notFound } from "~/lib/http.server";
import { createToastHeaders, redirectWithToast } from "~/lib/toast.server";

import {
  createAdminCollection,
  deleteAdminCollection,
  moveAdminCollection,
  reorderAdminPage,
  setCollectionActive,
  updateAdminCollection,
} from "./collections.server";
import { ADMIN_COLLECTIONS_PAGE_SIZE } from "./limits";
import { PAGE_MAX } from "./list-params";
import { adminMessages } from "./messages";
import { CollectionFormSchema, idField } from "./schemas";

export const UpdateCollectionSchema = CollectionFormSchema.extend({ id: idField });
const MoveSchema = z.object({ id: idField, direction: z.enum(["up", "down"]) });
const ReorderSchema = z.object({
  page: z.number().int().min(1).max(PAGE_MAX),
  ids: z.array(idField).min(1).max(ADMIN_COLLECTIONS_PAGE_SIZE),
});
const pageOf = (index: number) => Math.floor(index / ADMIN_COLLECTIONS_PAGE_SIZE) + 1;

export type CollectionFormReply = { intent: "create" | "update"; result: SubmissionResult<string[]> };

export function createCollectionAction(adminId: string, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: CollectionFormSchema });
  if (submission.status !== "success")
    return data<CollectionFormReply>({ intent: "create", result: submission.reply() }, { status: 400 });
  const { title, description, prompt, scheduledDate, timezoneOffset } = submission.value;
  createAdminCollection(adminId, {
    title,
    description,
    prompt,
    inviteEmails: [],
    scheduledDate: scheduledDateToUtc(scheduledDate, timezoneOffset) ?? null,
  });
  return redirectWithToast(back, adminMessages.collections.toast.created(title));
}

export function updateCollectionAction(formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: UpdateCollectionSchema });
  if (submission.status !== "success")
    return data<CollectionFormReply>({ intent: "update", result: submission.reply() }, { status: 400 });
  const { title, description, prompt, scheduledDate, timezoneOffset } = submission.value;
  const updated = updateAdminCollection(submission.value.id, {
    title,
    description: description ?? null,
    prompt,
    scheduledDate: scheduledDateToUtc(scheduledDate, timezoneOffset) ?? null,
  });
  if (!updated) throw notFound();
  return redirectWithToast(back, adminMessages.collections.toast.updated);
}

export function toggleCollectionAction(id: string, back: string) {
  const updated = id ? setCollectionActive(id) : undefined;
  if (!updated) throw notFound();
  return redirectWithToast(
    back,
    updated.isActive ? adminMessages.collections.toast.activated : adminMessages.collections.toast.deactivated,
  );
}

export function deleteCollectionAction(id: string, back: string) {
  if (!id || !deleteAdminCollection(id)) throw notFound();
  return redirectWithToast(back, adminMessages.collections.toast.deleted);
}

/** Up or down one place; the answer goes to the page the collection is now on. */
export function moveCollectionAction(formData: FormData, page: number, pageHref: (page: number) => string) {
  const submission = parseWithZod(formData, { schema: MoveSchema });
  if (submission.status !== "success")
    return redirectWithToast(pageHref(page), adminMessages.collections.toast.reorderFailed);
  const result = moveAdminCollection(submission.value.id, submission.value.direction);
  if (!result.ok) throw notFound();
  return redirectWithToast(pageHref(pageOf(result.index)), adminMessages.collections.toast.reordered);
}

export async function reorderCollectionsAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: ReorderSchema });
  const result =
    submission.status === "success"
      ? reorderAdminPage(
          (submission.value.page - 1) * ADMIN_COLLECTIONS_PAGE_SIZE,
          ADMIN_COLLECTIONS_PAGE_SIZE,
          submission.value.ids,
        )
      : ({ ok: false, status: 400 } as const);
  const toast = result.ok ? adminMessages.collections.toast.reordered : adminMessages.collections.toast.reorderFailed;
  return data({ ok: result.ok }, { status: result.ok ? 200 : result.status, headers: await createToastHeaders(toast) });
}
