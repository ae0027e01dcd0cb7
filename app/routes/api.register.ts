import type { ActionFunctionArgs } from "@remix-run/node";
import { RegisterSchema } from "~/utils/account-schemas";
import { apiError, readBody, requireMethod } from "~/utils/api.server";
import { messages } from "~/utils/messages";

/** Sign-up is closed: the body is still validated, then refused with the 'Coming Soon' reason. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await readBody(request, RegisterSchema);
  apiError(403, messages.auth.signUpComingSoon);
}
