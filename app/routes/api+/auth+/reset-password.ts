import type { ActionFunctionArgs } from "@remix-run/node";

import { requestPasswordReset } from "~/features/account/account.server";
import { messages } from "~/features/account/messages";
import { ResetRequestSchema } from "~/features/account/schemas";
import { readBody, requireMethod } from "~/lib/http.server";

/** Answers the same whether or not the e-mail has an account. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { email } = await readBody(request, ResetRequestSchema);
  await requestPasswordReset(email);
  return Response.json({ message: messages.reset.emailSent.description });
}
