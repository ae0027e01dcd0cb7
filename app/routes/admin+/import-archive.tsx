import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";

import { Card } from "~/components/ui/card";
import { requireAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { AdminPageHeader } from "~/features/admin/components/admin-ui";
import { ImportArchiveForm } from "~/features/archive/components/import-form";
import { archiveMessages } from "~/features/archive/messages";
import { importUploadedArchive } from "~/features/archive/upload.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const outcome = await importUploadedArchive(request);
  if (!outcome.ok) return data({ error: outcome.error }, { status: outcome.status });
  return redirectWithToast("/admin/import-archive", {
    title: archiveMessages.upload.done,
    description: archiveMessages.upload.doneText(
      outcome.email,
      outcome.result.stories,
      outcome.result.episodes,
      outcome.result.withheld,
    ),
  });
}

export default function ImportArchive() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <AdminPageHeader title={archiveMessages.upload.title} />
      <Card>
        <ImportArchiveForm error={actionData?.error ?? null} />
      </Card>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `${archiveMessages.upload.title} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
