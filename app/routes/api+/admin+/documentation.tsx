import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { BackLink } from "~/components/ui/back-link";
import { Badge } from "~/components/ui/badge";
import { Card, CardTitle } from "~/components/ui/card";
import { requireApiAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { CodeText } from "~/features/admin/components/admin-ui";
import { externalApiAuth, externalEndpoints } from "~/features/external-api/docs";
import { originFor } from "~/lib/env.server";

// The text lives in features/external-api/docs.ts, shared with /admin/api-keys.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return { origin: originFor(request) };
}

export default function ApiDocumentation() {
  const { origin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <BackLink to="/admin/api-keys">API Key Management</BackLink>
      <h1 className="font-serif text-3xl font-bold">Storyhearth External API</h1>
      <p className="text-muted-foreground">
        Generate family podcasts from your own systems. Base address: <code className="font-mono">{origin}</code>
      </p>

      <Card className="space-y-3">
        <CardTitle>Authentication</CardTitle>
        <p className="text-sm">
          <CodeText text={externalApiAuth.summary} />
        </p>
        <p className="text-sm">{externalApiAuth.ownership}</p>
        <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
          <code>{`export STORYHEARTH_API_KEY=shk_...\ncurl ${origin}/api/external/podcasts -H "Authorization: Bearer $STORYHEARTH_API_KEY"`}</code>
        </pre>
        <h3 className="font-semibold">Errors</h3>
        <p className="text-sm">Errors are JSON: {`{ "message": "…" }`}.</p>
        <ul className="list-inside list-disc text-sm">
          {externalApiAuth.errors.map((e) => (
            <li key={e.status}>
              <code className="font-mono">{e.status}</code> — <CodeText text={e.meaning} />
            </li>
          ))}
        </ul>
      </Card>

      {externalEndpoints.map((endpoint) => (
        <Card key={endpoint.path} className="space-y-3" id={endpoint.path.replace(/[^a-z]+/g, "-")}>
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            <Badge>{endpoint.method}</Badge>
            <code className="font-mono break-all">{endpoint.path}</code>
          </h2>
          <p className="text-sm">
            <CodeText text={endpoint.summary} />
          </p>
          {endpoint.request ? (
            <>
              <h3 className="font-semibold">Request body</h3>
              <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
                <code>{endpoint.request}</code>
              </pre>
            </>
          ) : null}
          <h3 className="font-semibold">Response</h3>
          <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
            <code>{endpoint.response}</code>
          </pre>
          <h3 className="font-semibold">Example</h3>
          <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
            <code>{endpoint.curl(origin)}</code>
          </pre>
        </Card>
      ))}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "External API Documentation | Storyhearth" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
