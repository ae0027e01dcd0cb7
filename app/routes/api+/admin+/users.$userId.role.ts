import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiAdmin } from "~/features/account/auth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { RoleSchema } from "~/features/admin/user-schemas";
import { updateUserRole } from "~/features/admin/users.server";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { publicUser } from "~/models/user.server";

// Not their own role: that could lock the last administrator out.
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const admin = await requireApiAdmin(request);
  const { role } = await readBody(request, RoleSchema);
  if (params.userId === admin.id) apiError(400, adminUserMessages.error.ownRole);
  const user = updateUserRole(params.userId ?? "", role);
  if (!user) apiError(404, adminUserMessages.error.userNotFound);
  return Response.json({ message: adminUserMessages.toast.roleUpdated, user: publicUser(user) });
}

export const loader = () => apiError(405, "Use PUT to change a user's role");
