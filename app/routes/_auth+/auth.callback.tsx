import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { commitAdminLogin } from "~/features/account/auth.server";
import { clearOAuthStateCookies, finishAdminSignIn, isAdminOAuthConfigured } from "~/features/admin/oauth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { notFound } from "~/lib/http.server";
import { ensurePrimary } from "~/lib/litefs.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!isAdminOAuthConfigured()) throw notFound();
  // Signing in writes a session: on a LiteFS replica this GET is replayed on the primary.
  await ensurePrimary();
  const result = await finishAdminSignIn(request);
  const headers = new Headers();
  for (const cookie of clearOAuthStateCookies(request)) headers.append("Set-Cookie", cookie);
  if (result.status === "admin") {
    headers.append("Set-Cookie", await commitAdminLogin(request, result.user));
    return redirectWithToast("/admin", adminUserMessages.signIn.welcome, { headers });
  }
  if (result.status === "refused") {
    const message =
      result.reason === "unverified"
        ? adminUserMessages.signIn.unverified(result.email)
        : adminUserMessages.signIn.notAdmin(result.email);
    return data(
      { title: adminUserMessages.signIn.notAdminTitle, message, retry: "Sign in with another account" },
      { status: 403, headers },
    );
  }
  return data(
    { title: adminUserMessages.signIn.failedTitle, message: result.message, retry: "Try Again" },
    { status: 400, headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Admin sign-in"} | Storyhearth` },
];

export default function AdminSignInOutcome() {
  const { title, message, retry } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p role="alert" className="text-muted-foreground">
          {message}
        </p>
        <div className="flex flex-col gap-2">
          <a href="/admin-login" className={buttonClass()}>
            {retry}
          </a>
          <Link to="/" className={buttonClass("outline")}>
            Go Home
          </Link>
        </div>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
