import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

export function AdminAccessRequired() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">Admin Access Required</h1>
        <p className="text-muted-foreground">This area is for Storyhearth administrators. Sign in with your administrator account to continue.</p>
        <a href="/admin-login" className={buttonClass()}>
          Admin Login
        </a>
      </Card>
    </div>
  );
}

/** ErrorBoundary for admin routes: the not-allowed view for 401/403, the general page otherwise. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) return <AdminAccessRequired />;
  return <GeneralErrorBoundary />;
}
