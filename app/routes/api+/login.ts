import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { publicUser } from "~/models/user.server";
import { LoginSchema } from "~/features/account/schemas";
import { isDevAdminLoginAvailable, startAdminSignIn } from "~/features/admin/oauth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { authenticator, commitLogin, getAdmin, InvalidCredentialsError } from "~/features/account/auth.server";

// GET (a browser navigation) is the administrator sign-in: off to the identity provider, or, outside
// production with no provider configured, to the local stand-in page. An admin already signed in
// goes straight to /admin.
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdmin(request)) return redirect("/admin");
  const toProvider = await startAdminSignIn(request);
  if (toProvider) return toProvider;
  if (isDevAdminLoginAvailable()) return redirect("/dev/admin-login");
  // Production refuses to start without a provider (env.server), so only a broken setup gets here.
  return apiError(503, adminUserMessages.signIn.notConfigured);
}

// POST is the ordinary JSON sign-in.
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
