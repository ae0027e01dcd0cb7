import { GeneralErrorBoundary } from "~/components/error-boundary";

// Any path no other route matches answers 404 with '404 Page Not Found' inside the layout.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
