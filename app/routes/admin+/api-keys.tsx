import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";

import { ErrorList, Field, FormActions } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { useHydrated } from "~/components/use-hydrated";
import { requireAdmin } from "~/features/account/auth.server";
import {
  createKeyAction,
  deactivateKeyAction,
  deleteKeyAction,
  toggleKeyAction,
} from "~/features/admin/api-key-intents.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import {
  AdminPageHeader,
  CodeText,
  ConfirmButton,
  ConfirmDialog,
  hrefWith,
  IntentButton,
} from "~/features/admin/components/admin-ui";
import { ApiKeyTable, NewKeyNotice, type KeyRow } from "~/features/admin/components/api-keys";
import { MAX_EXPIRES_IN_DAYS } from "~/features/admin/limits";
import { adminMessages } from "~/features/admin/messages";
import { takeNewApiKey } from "~/features/admin/new-api-key.server";
import { ManageApiKeySchema } from "~/features/admin/schemas";
import { externalApiAuth, externalEndpoints } from "~/features/external-api/docs";
import { originFor } from "~/lib/env.server";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { constraintOf, type FormConstraint } from "~/lib/zod-constraint";
import { canDeactivate, canToggle } from "~/models/api-key-status";
import { listApiKeyRows } from "~/models/api-key.server";

const PATH = "/admin/api-keys";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { newKey, headers } = await takeNewApiKey(request);
  const keys = listApiKeyRows();
  const dialog = url.searchParams.get("dialog");
  const selected =
    dialog === "deactivate" || dialog === "delete" ? keys.find((k) => k.id === url.searchParams.get("id")) : undefined;
  if ((dialog === "deactivate" || dialog === "delete") && !selected) throw notFound();
  const created = newKey ? keys.find((k) => k.id === newKey.id) : undefined;
  return data(
    {
      keys,
      newKey: created && newKey ? { apiKey: newKey.apiKey, name: created.name } : null,
      dialog: dialog === "create" || selected ? dialog : null,
      selected: selected ? { id: selected.id, name: selected.name } : null,
      origin: originFor(request),
      // The form's HTML constraints, worked out here so the page ships no schema code.
      constraint: constraintOf(ManageApiKeySchema),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");

  switch (intent) {
    case "create":
      return createKeyAction(admin.id, formData, PATH);
    case "toggle":
      return toggleKeyAction(id, PATH);
    case "deactivate":
      return deactivateKeyAction(id, PATH);
    case "delete":
      return deleteKeyAction(id, PATH);
    default:
      throw badIntent();
  }
}

export default function AdminApiKeys() {
  const { keys, newKey, dialog, selected, origin, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title={adminMessages.apiKeys.pageTitle}
        description="Keys let external systems use the podcast generation API."
        actions={
          <Link to={hrefWith(PATH, { dialog: "create" })} preventScrollReset className={buttonClass()}>
            {adminMessages.apiKeys.createKey}
          </Link>
        }
      />
      {newKey ? <NewKeyNotice apiKey={newKey.apiKey} name={newKey.name} /> : null}
      <Card className="space-y-4">
        <CardTitle>API Keys</CardTitle>
        <ApiKeyTable keys={keys} actions={(key) => <KeyActions keyRow={key} />} />
      </Card>
      <IntegrationGuide origin={origin} />

      {dialog === "create" || lastResult ? <CreateKeyDialog lastResult={lastResult} constraint={constraint} /> : null}
      {dialog === "deactivate" && selected ? (
        <ConfirmDialog
          title="Deactivate API key"
          message={adminMessages.apiKeys.deactivateConfirm(selected.name)}
          fields={{ intent: "deactivate", id: selected.id }}
          confirmLabel="Deactivate"
          closeHref={PATH}
        />
      ) : null}
      {dialog === "delete" && selected ? (
        <ConfirmDialog
          title="Delete API key"
          message={adminMessages.apiKeys.deleteConfirm(selected.name)}
          fields={{ intent: "delete", id: selected.id }}
          confirmLabel="Delete"
          closeHref={PATH}
        />
      ) : null}
    </div>
  );
}

function KeyActions({ keyRow }: { keyRow: KeyRow }) {
  return (
    <div className="flex flex-wrap gap-2">
      {canToggle(keyRow.status) ? (
        <IntentButton intent="toggle" fields={{ id: keyRow.id }}>
          {keyRow.isActive ? "Disable" : "Activate"}
        </IntentButton>
      ) : null}
      {canDeactivate(keyRow.status) ? (
        <ConfirmButton
          confirmHref={hrefWith(PATH, { dialog: "deactivate", id: keyRow.id })}
          message={adminMessages.apiKeys.deactivateConfirm(keyRow.name)}
          fields={{ intent: "deactivate", id: keyRow.id }}
          variant="destructive"
        >
          Deactivate
        </ConfirmButton>
      ) : null}
      <ConfirmButton
        confirmHref={hrefWith(PATH, { dialog: "delete", id: keyRow.id })}
        message={adminMessages.apiKeys.deleteConfirm(keyRow.name)}
        fields={{ intent: "delete", id: keyRow.id }}
      >
        Delete
      </ConfirmButton>
    </div>
  );
}

function CreateKeyDialog({
  lastResult,
  constraint,
}: {
  lastResult?: SubmissionResult<string[]>;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<z.input<typeof ManageApiKeySchema>>({
    id: "admin-create-key",
    lastResult,
    constraint,
    // Checked by the server only: the page ships no schema code (decision 0182).
  });
  const [clientName, setClientName] = useState(
    typeof fields.clientName.initialValue === "string" ? fields.clientName.initialValue : "",
  );
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <Dialog
      title={adminMessages.apiKeys.createKey}
      description="The key is shown once, right after it is created."
      closeTo={PATH}
    >
      <Form method="post" action={PATH} className="space-y-4" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <ErrorList errors={form.errors} />
        <Field
          label="Client name"
          inputProps={{
            ...getInputProps(fields.clientName, { type: "text" }),
            placeholder: "e.g. Partner CMS",
            onChange: (e) => setClientName(e.currentTarget.value),
          }}
          errors={fields.clientName.errors}
        />
        <Field
          label="Usage limit (optional)"
          hint="The number of calls the key may make. Leave empty for no limit."
          inputProps={{ ...getInputProps(fields.usageLimit, { type: "number" }), min: 1, step: 1 }}
          errors={fields.usageLimit.errors}
        />
        <Field
          label="Expires in days (optional)"
          hint="Leave empty for a key that does not expire."
          inputProps={{
            ...getInputProps(fields.expiresIn, { type: "number" }),
            min: 1,
            max: MAX_EXPIRES_IN_DAYS,
            step: 1,
          }}
          errors={fields.expiresIn.errors}
        />
        <FormActions cancelTo={PATH}>
          {/* Disabled without a client name once JavaScript runs; without it the server says why. */}
          <Button type="submit" disabled={creating || (hydrated && !clientName.trim())}>
            {creating ? "Creating..." : adminMessages.apiKeys.createKey}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

function IntegrationGuide({ origin }: { origin: string }) {
  const first = externalEndpoints[0]!;
  return (
    <Card className="space-y-4">
      <CardTitle>{adminMessages.apiKeys.integrationGuide}</CardTitle>
      <p className="text-sm">
        <CodeText text={externalApiAuth.summary} />
      </p>
      <ul className="list-inside list-disc text-sm">
        {externalEndpoints.map((endpoint) => (
          <li key={endpoint.path}>
            <code className="font-mono">
              {endpoint.method} {endpoint.path}
            </code>{" "}
            — {endpoint.summary}
          </li>
        ))}
      </ul>
      <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
        <code>{first.curl(origin)}</code>
      </pre>
      <a href="/api/admin/documentation" className="inline-block text-sm font-medium text-primary hover:underline">
        Full API documentation
      </a>
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: `${adminMessages.apiKeys.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
