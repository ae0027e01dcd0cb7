import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { commitLogout } from "~/features/account/auth.server";
import { messages } from "~/features/account/messages";
import { requireMethod } from "~/lib/http.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  return Response.json(
    { message: messages.auth.loggedOut.title },
    { headers: { "Set-Cookie": await commitLogout(request) } },
  );
}

// The spec's header navigates here; a GET never signs out, it asks on /logout.
export const loader = () => redirect("/logout");
