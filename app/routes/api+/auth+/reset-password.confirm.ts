import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";

import { resetPassword } from "~/features/account/account.server";
import { messages } from "~/features/account/messages";
import { PASSWORD_MIN } from "~/features/account/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

const Body = z.object({
  token: z
    .string({ error: messages.reset.invalidLink.description })
    .min(1, { error: messages.reset.invalidLink.description }),
  newPassword: z
    .string({ error: messages.validation.passwordMin })
    .min(PASSWORD_MIN, { error: messages.validation.passwordMin })
    .max(200),
});

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { token, newPassword } = await readBody(request, Body);
  const result = await resetPassword(token, newPassword);
  if (!result.ok) apiError(400, result.message);
  return Response.json({ message: messages.reset.successful.title });
}
