import { GeneralErrorBoundary } from "~/components/error-boundary";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
