import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";

import { CheckboxField, ErrorList, Field, FormActions, SelectField, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireAdmin } from "~/features/account/auth.server";
import { createAdminCollection } from "~/features/admin/collections.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import { AdminPageHeader, TabLinks } from "~/features/admin/components/admin-ui";
import { CollectionFields } from "~/features/admin/components/collection-fields";
import { CATEGORY_LABELS, simpleTemplateCategories } from "~/features/admin/limits";
import { adminMessages } from "~/features/admin/messages";
import { flashNewApiKey } from "~/features/admin/new-api-key.server";
import { CampaignTabSchema, expiryFromDay, SimpleApiKeySchema, SimpleTemplateSchema } from "~/features/admin/schemas";
import { scheduledDateToUtc } from "~/features/collections/schemas";
import { parseAddressList } from "~/lib/email-address";
import { readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { constraintOf, type FormConstraint } from "~/lib/zod-constraint";
import { createApiKey } from "~/models/api-key.server";
import { createPromptTemplate } from "~/models/prompt-template.server";

// Tabs are `?tab=` links, each with its own form, so no JavaScript is needed.
const PATH = "/admin/create";
const TABS = ["collection", "api-key", "template"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab =>
  (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "collection";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return {
    tab: tabOf(new URL(request.url).searchParams.get("tab")),
    // The forms' HTML constraints, worked out here so the page ships no schema code.
    constraints: {
      collection: constraintOf(CampaignTabSchema),
      "api-key": constraintOf(SimpleApiKeySchema),
      template: constraintOf(SimpleTemplateSchema),
    },
  };
}

type Reply = { tab: Tab; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const tab = tabOf(String(formData.get("intent") ?? ""));

  if (tab === "collection") {
    const submission = parseWithZod(formData, { schema: CampaignTabSchema });
    if (submission.status !== "success") return data<Reply>({ tab, result: submission.reply() }, { status: 400 });
    const { title, description, prompt, scheduledDate, timezoneOffset, emails } = submission.value;
    const created = createAdminCollection(admin.id, {
      title,
      description,
      prompt,
      inviteEmails: emails,
      scheduledDate: scheduledDateToUtc(scheduledDate, timezoneOffset) ?? null,
    });
    return redirectWithToast(
      "/admin/story-collections",
      adminMessages.create.toast.campaignCreated(created.title, created.invitedCount),
    );
  }
  if (tab === "api-key") {
    const submission = parseWithZod(formData, { schema: SimpleApiKeySchema });
    if (submission.status !== "success") return data<Reply>({ tab, result: submission.reply() }, { status: 400 });
    const { name, description, expiresAt } = submission.value;
    const { key, apiKey } = createApiKey(admin.id, {
      name,
      description,
      expiresAt: expiresAt ? expiryFromDay(expiresAt) : null,
    });
    return redirectWithToast("/admin/settings", adminMessages.apiKeys.toast.created, {
      headers: { "Set-Cookie": await flashNewApiKey({ id: key.id, apiKey }) },
    });
  }
  const submission = parseWithZod(formData, { schema: SimpleTemplateSchema });
  if (submission.status !== "success") return data<Reply>({ tab, result: submission.reply() }, { status: 400 });
  const { name, category, content, isDefault } = submission.value;
  createPromptTemplate({ name, category, systemPrompt: content, isDefault });
  return redirectWithToast("/admin/settings", adminMessages.templates.toast.created);
}

export default function AdminCreate() {
  const { tab, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const shown = reply?.tab ?? tab;
  const lastResult = reply?.tab === shown ? reply.result : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title={adminMessages.create.pageTitle}
        description="Create a story collection, an API key or a prompt template."
      />
      <TabLinks
        label="What to create"
        current={shown}
        tabs={[
          { key: "collection", label: adminMessages.create.tabs.collection, href: PATH },
          { key: "api-key", label: adminMessages.create.tabs.apiKey, href: `${PATH}?tab=api-key` },
          { key: "template", label: adminMessages.create.tabs.template, href: `${PATH}?tab=template` },
        ]}
      />
      <Card>
        {shown === "collection" ? <CollectionTab lastResult={lastResult} constraint={constraints.collection} /> : null}
        {shown === "api-key" ? <ApiKeyTab lastResult={lastResult} constraint={constraints["api-key"]} /> : null}
        {shown === "template" ? <TemplateTab lastResult={lastResult} constraint={constraints.template} /> : null}
      </Card>
    </div>
  );
}

function Actions({ intent, label }: { intent: Tab; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <FormActions cancelTo="/admin" className="pt-2">
      <Button type="submit" name="intent" value={intent} disabled={busy}>
        {busy ? "Creating..." : label}
      </Button>
    </FormActions>
  );
}

/** `constraint` comes from the loader: the page loads no schema code. */
const submittedEmails = (result?: SubmissionResult<string[]>) => {
  const sent = result?.initialValue?.emails;
  return typeof sent === "string" ? sent : "";
};

type TabProps = { lastResult?: SubmissionResult<string[]>; constraint: FormConstraint };

function CollectionTab({ lastResult, constraint }: TabProps) {
  // Checked by the server only (decision 0182).
  const [form, fields] = useForm<z.input<typeof CampaignTabSchema>>({
    id: "admin-create-collection",
    lastResult,
    constraint,
  });
  const [emails, setEmails] = useState(() => submittedEmails(lastResult));
  // A refused submit comes back with what was sent (with JavaScript the field keeps it, conform's
  // initialValue does not): the count follows it.
  const [seen, setSeen] = useState(lastResult);
  if (seen !== lastResult) {
    setSeen(lastResult);
    setEmails(submittedEmails(lastResult));
  }
  const count = parseAddressList(emails).mailboxes.length;
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <ErrorList errors={form.errors} />
      <CollectionFields
        title={fields.title}
        description={fields.description}
        prompt={fields.prompt}
        scheduledDate={fields.scheduledDate}
      />
      <div className="space-y-1">
        <TextareaField
          label="Recipients (one email per line)"
          textareaProps={{
            ...getTextareaProps(fields.emails),
            rows: 5,
            placeholder: "grandma@example.com\nuncle.bob@example.com",
            onChange: (e) => setEmails(e.currentTarget.value),
          }}
          errors={fields.emails.errors}
        />
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="emails-count">
          {adminMessages.create.emailsEntered(count)}
        </p>
      </div>
      <Actions intent="collection" label="Create Collection" />
    </Form>
  );
}

function ApiKeyTab({ lastResult, constraint }: TabProps) {
  // Checked by the server only (decision 0182).
  const [form, fields] = useForm<z.input<typeof SimpleApiKeySchema>>({
    id: "admin-create-api-key",
    lastResult,
    constraint,
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <ErrorList errors={form.errors} />
      <Field
        label="Name"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), placeholder: "e.g. Partner integration" }}
        errors={fields.name.errors}
      />
      <TextareaField
        label="Description (optional)"
        textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
        errors={fields.description.errors}
      />
      <Field
        label="Expires on (optional)"
        hint="The key works through this day (UTC). Leave empty for a key that does not expire."
        inputProps={getInputProps(fields.expiresAt, { type: "date" })}
        errors={fields.expiresAt.errors}
      />
      <p className="text-sm text-muted-foreground">
        The new key is shown once on the settings page. Only a fingerprint of it is stored.
      </p>
      <Actions intent="api-key" label="Create API Key" />
    </Form>
  );
}

function TemplateTab({ lastResult, constraint }: TabProps) {
  // Checked by the server only (decision 0182).
  const [form, fields] = useForm<z.input<typeof SimpleTemplateSchema>>({
    id: "admin-create-template",
    lastResult,
    constraint,
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <ErrorList errors={form.errors} />
      <Field label="Name" inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
      <SelectField
        label="Category"
        selectProps={getSelectProps(fields.category)}
        placeholder="Choose a category"
        options={simpleTemplateCategories}
        optionLabel={(c) => CATEGORY_LABELS[c]}
        errors={fields.category.errors}
      />
      <TextareaField
        label="Content"
        textareaProps={{ ...getTextareaProps(fields.content), rows: 8 }}
        errors={fields.content.errors}
      />
      <CheckboxField
        label="Make this the default template for its category"
        inputProps={getInputProps(fields.isDefault, { type: "checkbox" })}
        errors={fields.isDefault.errors}
      />
      <Actions intent="template" label="Create Template" />
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: `${adminMessages.create.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
