// The API keys page's intents: make a key, turn one off or on, retire one, delete one.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { notFound } from "~/lib/http.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createApiKey, deactivateApiKey, deleteApiKey, setApiKeyActive } from "~/models/api-key.server";

import { adminMessages } from "./messages";
import { flashNewApiKey } from "./new-api-key.server";
import { expiryInDays, ManageApiKeySchema } from "./schemas";

/** The new key is shown once, on the next page, from a flash cookie. */
export async function createKeyAction(adminId: string, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: ManageApiKeySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { clientName, usageLimit, expiresIn } = submission.value;
  try {
    const { key, apiKey } = createApiKey(adminId, {
      name: clientName,
      usageLimit: usageLimit ?? null,
      expiresAt: expiresIn ? expiryInDays(expiresIn) : null,
    });
    return redirectWithToast(back, adminMessages.apiKeys.toast.created, {
      headers: { "Set-Cookie": await flashNewApiKey({ id: key.id, apiKey }) },
    });
  } catch (error) {
    recordSystemError({ error, errorType: "api_key_create_failed", workflow: "admin-api-keys" });
    return redirectWithToast(
      back,
      adminMessages.apiKeys.toast.createFailed(error instanceof Error ? error.message : undefined),
    );
  }
}

export function toggleKeyAction(id: string, back: string) {
  const result = setApiKeyActive(id);
  if (!result.ok && result.status === 404) throw notFound();
  if (!result.ok)
    return redirectWithToast(back, { title: adminMessages.apiKeys.cannotReactivate, variant: "destructive" });
  return redirectWithToast(
    back,
    result.key.isActive ? adminMessages.apiKeys.toast.activated : adminMessages.apiKeys.toast.disabled,
  );
}

export function deactivateKeyAction(id: string, back: string) {
  const result = deactivateApiKey(id);
  if (!result.ok)
    return redirectWithToast(back, adminMessages.apiKeys.toast.deactivateFailed(adminMessages.apiKeys.notFound));
  return redirectWithToast(back, adminMessages.apiKeys.toast.deactivated);
}

export function deleteKeyAction(id: string, back: string) {
  if (!deleteApiKey(id)) throw notFound();
  return redirectWithToast(back, adminMessages.apiKeys.toast.deleted);
}
