// The prompt templates page's intents: one named function each, over models/prompt-template.server.ts.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";

import { recordSystemError } from "~/lib/system-errors.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  copyPromptTemplate,
  createPromptTemplate,
  deletePromptTemplate,
  setDefaultPromptTemplate,
  updatePromptTemplate,
} from "~/models/prompt-template.server";

import { promptTemplateCategories } from "./limits";
import { adminMessages } from "./messages";
import { idField, TemplateFormSchema } from "./schemas";

export const EditTemplateSchema = TemplateFormSchema.extend({
  id: idField,
  category: z.enum(promptTemplateCategories, { error: adminMessages.validation.categoryInvalid }),
});

export type TemplateFormReply = { intent: "create" | "update"; result: SubmissionResult<string[]> };

export function createTemplateAction(formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: TemplateFormSchema });
  if (submission.status !== "success")
    return data<TemplateFormReply>({ intent: "create", result: submission.reply() }, { status: 400 });
  try {
    createPromptTemplate(submission.value);
  } catch (error) {
    recordSystemError({ error, errorType: "prompt_template_create_failed", workflow: "admin-prompt-templates" });
    return redirectWithToast(back, adminMessages.templates.toast.createFailed);
  }
  return redirectWithToast(back, adminMessages.templates.toast.created);
}

export function updateTemplateAction(formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: EditTemplateSchema });
  if (submission.status !== "success")
    return data<TemplateFormReply>({ intent: "update", result: submission.reply() }, { status: 400 });
  const { id: templateId, description, ...changes } = submission.value;
  const updated = updatePromptTemplate(templateId, { ...changes, description: description ?? null });
  return redirectWithToast(
    back,
    updated ? adminMessages.templates.toast.updated : adminMessages.templates.toast.updateFailed,
  );
}

export function copyTemplateAction(id: string, back: string) {
  return redirectWithToast(
    back,
    copyPromptTemplate(id, adminMessages.templates.copyName)
      ? adminMessages.templates.toast.copied
      : adminMessages.templates.toast.createFailed,
  );
}

export function deleteTemplateAction(id: string, back: string) {
  return redirectWithToast(
    back,
    deletePromptTemplate(id).ok ? adminMessages.templates.toast.deleted : adminMessages.templates.toast.deleteFailed,
  );
}

export function setDefaultTemplateAction(id: string, back: string) {
  const template = setDefaultPromptTemplate(id);
  return redirectWithToast(
    back,
    template ? adminMessages.templates.toast.defaultSet(template.name) : adminMessages.templates.toast.setDefaultFailed,
  );
}
