// Manage Collections' intents: the global workflow settings, and the collections' delivery order.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { notFound } from "~/lib/http.server";
import { createToastHeaders, redirectWithToast } from "~/lib/toast.server";
import { moveCollection, reorderPage } from "~/models/collection-order.server";
import { getDistributionSettings, saveWorkflowSettings } from "~/models/workflow.server";

import { dashboardMessages } from "./dashboard-messages";
import { MANAGE_PAGE_SIZE } from "./limits";
import { MoveSchema, ReorderSchema } from "./manage-schemas";
import { WorkflowFormSchema, workflowInputFromForm } from "./workflow-settings";

const toast = dashboardMessages.toast;

export function workflowsAction(ownerId: string, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: WorkflowFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  saveWorkflowSettings(ownerId, workflowInputFromForm(submission.value));
  return redirectWithToast(back, toast.workflowSaved);
}

/** Up or down one place; the answer goes to the page the collection is now on. */
export function moveAction(ownerId: string, formData: FormData, back: string, pageHref: (page: number) => string) {
  const submission = parseWithZod(formData, { schema: MoveSchema });
  if (submission.status !== "success") return redirectWithToast(back, toast.reorderFailed);
  const { campaignId, direction } = submission.value.move;
  const result = moveCollection(ownerId, campaignId, direction, getDistributionSettings(ownerId));
  if (!result.ok) throw notFound();
  return redirectWithToast(pageHref(Math.floor(result.index / MANAGE_PAGE_SIZE) + 1), toast.reordered);
}

export async function reorderAction(ownerId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ReorderSchema });
  const result =
    submission.status === "success"
      ? reorderPage(
          ownerId,
          (submission.value.page - 1) * MANAGE_PAGE_SIZE,
          MANAGE_PAGE_SIZE,
          submission.value.ids,
          getDistributionSettings(ownerId),
        )
      : ({ ok: false, status: 400 } as const);
  // Success reloads the page data, which carries this toast; a failure is shown by the browser itself.
  if (!result.ok) return data({ ok: false, message: toast.reorderFailed.description }, { status: result.status });
  return data({ ok: true }, { headers: await createToastHeaders(toast.reordered) });
}
