import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFound } from "~/lib/http.server";

export function loader() {
  throw notFound();
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
