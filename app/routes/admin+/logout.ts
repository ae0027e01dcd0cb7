import type { ActionFunctionArgs } from "@remix-run/node";

import { commitAdminLogout } from "~/features/account/auth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { apiError, requireMethod } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

// Ends the administrator session only; an ordinary session stays.
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  return redirectWithToast("/", adminUserMessages.signIn.signedOut, {
    headers: { "Set-Cookie": await commitAdminLogout(request) },
  });
}

// No GET signs anyone out.
export const loader = () => apiError(405, "Use POST to sign out of the admin area");
