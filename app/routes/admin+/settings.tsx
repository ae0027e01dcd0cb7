import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { AdminPageHeader } from "~/features/admin/components/admin-ui";
import { ApiKeyTable, NewKeyNotice } from "~/features/admin/components/api-keys";
import { adminMessages } from "~/features/admin/messages";
import { takeNewApiKey } from "~/features/admin/new-api-key.server";
import { listApiKeyRows } from "~/models/api-key.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { newKey, headers } = await takeNewApiKey(request);
  const keys = listApiKeyRows();
  const created = newKey ? keys.find((k) => k.id === newKey.id) : undefined;
  return data({ keys, newKey: created && newKey ? { apiKey: newKey.apiKey, name: created.name } : null }, { headers });
}

export default function AdminSettings() {
  const { keys, newKey } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title={adminMessages.apiKeys.settingsTitle}
        actions={
          <>
            <Link to="/admin/create?tab=api-key" className={buttonClass()}>
              Create New
            </Link>
            <Link to="/admin/prompt-templates" className={buttonClass("outline")}>
              Prompt Templates
            </Link>
            <Link to="/admin/import-archive" className={buttonClass("outline")}>
              Import an archive
            </Link>
          </>
        }
      />
      {newKey ? <NewKeyNotice apiKey={newKey.apiKey} name={newKey.name} /> : null}
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>API Keys</CardTitle>
          <Link to="/admin/api-keys" className="text-sm text-primary hover:underline">
            Manage API keys
          </Link>
        </div>
        <ApiKeyTable keys={keys} />
      </Card>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `${adminMessages.apiKeys.settingsTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
