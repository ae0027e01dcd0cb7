import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { CreateUserApiSchema } from "~/features/admin/user-schemas";
import { createUserAsAdmin } from "~/features/admin/users.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { publicUser } from "~/models/user.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const input = await readBody(request, CreateUserApiSchema);
  const result = await createUserAsAdmin(input, admin);
  if (!result.ok) apiError(409, adminUserMessages.error.emailTaken);
  return Response.json(
    {
      message: result.invited ? adminUserMessages.toast.userCreated : adminUserMessages.toast.userCreatedNoInvite,
      user: publicUser(result.user),
      invitationSent: result.invited,
    },
    { status: 201 },
  );
}

export const loader = () => apiError(405, "Use POST to create a user");
