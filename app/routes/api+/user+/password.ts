import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";

import { changePassword } from "~/features/account/account.server";
import { getSessionId, requireApiUser } from "~/features/account/auth.server";
import { messages } from "~/features/account/messages";
import { PASSWORD_MIN } from "~/features/account/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

const Body = z.object({
  currentPassword: z
    .string({ error: messages.validation.currentPasswordRequired })
    .min(1, { error: messages.validation.currentPasswordRequired }),
  newPassword: z
    .string({ error: messages.validation.passwordMin })
    .min(PASSWORD_MIN, { error: messages.validation.passwordMin })
    .max(200),
});

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const user = await requireApiUser(request);
  const { currentPassword, newPassword } = await readBody(request, Body);
  const result = await changePassword(user, currentPassword, newPassword, await getSessionId(request));
  if (!result.ok) apiError(400, result.message);
  return Response.json({ message: messages.password.changed.title });
}
