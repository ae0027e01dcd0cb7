import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

import { buttonClass } from "~/components/ui/button";
import { errorMessages } from "~/lib/messages";

/** Never a stack trace: anything but a 4xx gets a friendly text. */
export function GeneralErrorBoundary({
  notFoundTitle = errorMessages.notFound,
  notFoundText,
}: {
  notFoundTitle?: string;
  notFoundText?: string;
}) {
  const error = useRouteError();
  let title = "Something went wrong";
  let text: string = errorMessages.unexpected;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = notFoundTitle;
      text = notFoundText ?? "The page you are looking for does not exist or has moved.";
    } else if (error.status < 500) {
      title = error.statusText || "Request refused";
      text = typeof error.data === "string" ? error.data : ((error.data as { message?: string })?.message ?? text);
    }
  }
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Link to="/" className={buttonClass()}>
        Go Home
      </Link>
    </div>
  );
}
