import type { ActionFunctionArgs } from "@remix-run/node";

import { messages } from "~/features/account/messages";
import { RegisterSchema } from "~/features/account/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await readBody(request, RegisterSchema);
  apiError(403, messages.auth.signUpComingSoon);
}
