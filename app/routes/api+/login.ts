import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import {
  authenticator,
  commitLogin,
  getAdmin,
  InvalidCredentialsError,
  SignInThrottledError,
} from "~/features/account/auth.server";
import { LoginSchema } from "~/features/account/schemas";
import { isDevAdminLoginAvailable, startAdminSignIn } from "~/features/admin/oauth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { tooManyJson } from "~/lib/too-many.server";
import { publicUser } from "~/models/user.server";

// GET is the administrator sign-in (decision 0107); POST the ordinary JSON sign-in.
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdmin(request)) return redirect("/admin");
  const toProvider = await startAdminSignIn(request);
  if (toProvider) return toProvider;
  if (isDevAdminLoginAvailable()) return redirect("/dev/admin-login");
  // Production refuses to start without a provider (env.server), so only a broken setup gets here.
  return apiError(503, adminUserMessages.signIn.notConfigured);
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { email, password } = await readBody(request, LoginSchema);
  const formRequest = new Request(request.url, { method: "POST", body: new URLSearchParams({ email, password }) });
  try {
    const user = await authenticator.authenticate("form", formRequest);
    return Response.json(publicUser(user), { headers: { "Set-Cookie": await commitLogin(request, user) } });
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      throw tooManyJson(error.message, error.retryAfterSeconds);
    }
    if (error instanceof InvalidCredentialsError) apiError(401, error.message);
    throw error;
  }
}
