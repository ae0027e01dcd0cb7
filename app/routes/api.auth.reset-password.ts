import type { ActionFunctionArgs } from "@remix-run/node";
import { ResetRequestSchema } from "~/utils/account-schemas";
import { requestPasswordReset } from "~/utils/account.server";
import { readBody, requireMethod } from "~/utils/api.server";
import { messages } from "~/utils/messages";

/** Answers the same whether or not the e-mail has an account. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { email } = await readBody(request, ResetRequestSchema);
  await requestPasswordReset(email);
  return Response.json({ message: messages.reset.emailSent.description });
}
