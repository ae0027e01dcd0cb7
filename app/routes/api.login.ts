import type { ActionFunctionArgs } from "@remix-run/node";
import { publicUser } from "~/models/user.server";
import { LoginSchema } from "~/utils/account-schemas";
import { apiError, readBody, requireMethod } from "~/utils/api.server";
import { authenticator, commitLogin, InvalidCredentialsError } from "~/utils/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { email, password } = await readBody(request, LoginSchema);
  // The same remix-auth strategy as the sign-in page, fed a form body.
  const formRequest = new Request(request.url, { method: "POST", body: new URLSearchParams({ email, password }) });
  try {
    const user = await authenticator.authenticate("form", formRequest);
    return Response.json(publicUser(user), { headers: { "Set-Cookie": await commitLogin(request, user) } });
  } catch (error) {
    if (error instanceof InvalidCredentialsError) apiError(401, error.message);
    throw error;
  }
}
