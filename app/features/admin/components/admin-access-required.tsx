import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useEffect } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { adminUserMessages } from "~/features/admin/user-messages";

const ADMIN_SIGN_IN = "/api/login";
const SIGN_IN_DELAY_MS = 500;

export function AdminAccessRequired() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">Admin Access Required</h1>
        <p className="text-muted-foreground">
          This area is for Storyhearth administrators. Sign in with your administrator account to continue.
        </p>
        <a href="/admin-login" className={buttonClass()}>
          Admin Login
        </a>
      </Card>
    </div>
  );
}

// Without JavaScript the toast stays with its sign-in link: a timed meta refresh fails WCAG 2.2.1.
export function AdminSessionEnded() {
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(ADMIN_SIGN_IN), SIGN_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div
        role="alert"
        data-testid="admin-session-ended"
        className="rounded-lg border border-destructive bg-destructive p-4 font-semibold text-destructive-foreground shadow-lg"
      >
        {adminUserMessages.signIn.sessionEnded}
      </div>
      <p className="mt-4 text-center">
        <a href={ADMIN_SIGN_IN} className={buttonClass("outline")}>
          {adminUserMessages.signIn.signInAgain}
        </a>
      </p>
    </div>
  );
}

export function AdminErrorBoundary() {
  const error = useRouteError();
  if (
    isRouteErrorResponse(error) &&
    error.status === 401 &&
    (error.data as { sessionEnded?: boolean } | null)?.sessionEnded
  )
    return <AdminSessionEnded />;
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) return <AdminAccessRequired />;
  return <GeneralErrorBoundary />;
}
