import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import type { z } from "zod";

import { CheckboxField, ErrorList, Field, FormActions, SelectField, TextareaField } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { requireAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import {
  AdminPageHeader,
  ConfirmButton,
  ConfirmDialog,
  hrefWith,
  IntentButton,
  TabLinks,
} from "~/features/admin/components/admin-ui";
import { CATEGORY_LABELS, managedTemplateCategories, type TemplateCategory } from "~/features/admin/limits";
import { adminMessages } from "~/features/admin/messages";
import { TemplateFormSchema } from "~/features/admin/schemas";
import {
  copyTemplateAction,
  createTemplateAction,
  deleteTemplateAction,
  EditTemplateSchema,
  setDefaultTemplateAction,
  updateTemplateAction,
  type TemplateFormReply,
} from "~/features/admin/template-intents.server";
import { cn } from "~/lib/cn";
import { formatDateTimeAt } from "~/lib/format-date";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { constraintOf, type FormConstraint } from "~/lib/zod-constraint";
import { listPromptTemplates, type PromptTemplate } from "~/models/prompt-template.server";

// The script writer uses each category's active default.
const PATH = "/admin/prompt-templates";
const TABS = ["all", ...managedTemplateCategories] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null | undefined): Tab =>
  (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "all";

const pageHref = (tab: Tab, extra: Record<string, string> = {}) =>
  hrefWith(PATH, { tab: tab === "all" ? null : tab, ...extra });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const all = listPromptTemplates();
  const dialog = url.searchParams.get("dialog");
  const needsTemplate = dialog === "view" || dialog === "edit" || dialog === "delete";
  const selected = needsTemplate ? all.find((t) => t.id === url.searchParams.get("id")) : undefined;
  if (needsTemplate && !selected) throw notFound();
  const counts = Object.fromEntries(
    TABS.map((t) => [t, t === "all" ? all.length : all.filter((x) => x.category === t).length]),
  ) as Record<Tab, number>;
  return {
    tab,
    counts,
    templates: tab === "all" ? all : all.filter((t) => t.category === tab),
    dialog: dialog === "create" || selected ? dialog : null,
    selected: selected ?? null,
    // The forms' HTML constraints, worked out here so the page ships no schema code.
    constraints: { create: constraintOf(TemplateFormSchema), update: constraintOf(EditTemplateSchema) },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const tab = tabOf(String(formData.get("tab") ?? ""));
  const back = pageHref(tab);
  const id = String(formData.get("id") ?? "");

  switch (intent) {
    case "create":
      return createTemplateAction(formData, back);
    case "update":
      return updateTemplateAction(formData, back);
    case "copy":
      return copyTemplateAction(id, back);
    case "delete":
      return deleteTemplateAction(id, back);
    case "set-default":
      return setDefaultTemplateAction(id, back);
    default:
      throw badIntent();
  }
}

export default function AdminPromptTemplates() {
  const { tab, counts, templates, dialog, selected, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData && "intent" in actionData ? (actionData as TemplateFormReply) : undefined;
  const closeHref = pageHref(tab);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title={adminMessages.templates.pageTitle}
        description="The script writer uses each category's active default template."
        actions={
          <Link to={pageHref(tab, { dialog: "create" })} preventScrollReset className={buttonClass()}>
            {adminMessages.templates.create}
          </Link>
        }
      />
      <TabLinks
        label="Template categories"
        current={tab}
        tabs={TABS.map((t) => ({
          key: t,
          label: adminMessages.templates.tabs[t],
          href: pageHref(t),
          count: counts[t],
        }))}
      />
      {templates.length === 0 ? (
        <Card className="py-10 text-center text-muted-foreground">{adminMessages.templates.empty}</Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} tab={tab} />
          ))}
        </ul>
      )}

      {dialog === "create" || reply?.intent === "create" ? (
        <TemplateDialog
          key="create"
          tab={tab}
          closeHref={closeHref}
          constraint={constraints.create}
          lastResult={reply?.intent === "create" ? reply.result : undefined}
        />
      ) : null}
      {selected && (dialog === "edit" || reply?.intent === "update") ? (
        <TemplateDialog
          key={`edit-${selected.id}`}
          tab={tab}
          closeHref={closeHref}
          template={selected}
          constraint={constraints.update}
          lastResult={reply?.intent === "update" ? reply.result : undefined}
        />
      ) : null}
      {selected && dialog === "view" ? <ViewDialog template={selected} tab={tab} closeHref={closeHref} /> : null}
      {selected && dialog === "delete" ? (
        <ConfirmDialog
          title="Delete prompt template"
          message={adminMessages.templates.deleteConfirm(selected.name)}
          fields={{ intent: "delete", id: selected.id, tab }}
          confirmLabel="Delete"
          closeHref={closeHref}
        />
      ) : null}
    </div>
  );
}

type Template = ReturnType<typeof useLoaderData<typeof loader>>["templates"][number];

function TemplateCard({ template, tab }: { template: Template; tab: Tab }) {
  const titleId = useId();
  const fields = { id: template.id, tab };
  return (
    <li data-testid="template-card" data-template-id={template.id} aria-labelledby={titleId}>
      <Card className={cn("flex h-full flex-col gap-3 p-5", !template.isActive && "border-dashed")}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {template.name}
          </h2>
          <Badge variant="outline">{CATEGORY_LABELS[template.category]}</Badge>
          {template.isDefault ? <Badge data-testid="default-badge">Default</Badge> : null}
          {!template.isActive ? <Badge variant="secondary">Inactive</Badge> : null}
        </div>
        {template.description ? <p className="text-sm text-muted-foreground">{template.description}</p> : null}
        <p className="line-clamp-3 whitespace-pre-line text-sm">{template.systemPrompt}</p>
        <p className="text-xs text-muted-foreground">Created {formatDateTimeAt(template.createdAt)}</p>
        <div className="mt-auto flex flex-wrap gap-2">
          <Link
            to={pageHref(tab, { dialog: "view", id: template.id })}
            preventScrollReset
            className={buttonClass("outline", "sm")}
            aria-describedby={titleId}
          >
            View
          </Link>
          <Link
            to={pageHref(tab, { dialog: "edit", id: template.id })}
            preventScrollReset
            className={buttonClass("outline", "sm")}
            aria-describedby={titleId}
          >
            Edit
          </Link>
          <IntentButton intent="copy" fields={fields} describedBy={titleId}>
            Copy
          </IntentButton>
          {!template.isDefault ? (
            <>
              <IntentButton intent="set-default" fields={fields} describedBy={titleId}>
                Set Default
              </IntentButton>
              <ConfirmButton
                confirmHref={pageHref(tab, { dialog: "delete", id: template.id })}
                message={adminMessages.templates.deleteConfirm(template.name)}
                fields={{ intent: "delete", ...fields }}
                variant="destructive"
                describedBy={titleId}
              >
                Delete
              </ConfirmButton>
            </>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

function ViewDialog({ template, tab, closeHref }: { template: PromptTemplate; tab: Tab; closeHref: string }) {
  return (
    <Dialog
      title={template.name}
      description={`${CATEGORY_LABELS[template.category]}${template.isDefault ? " · Default" : ""}${template.isActive ? "" : " · Inactive"}`}
      closeTo={closeHref}
      width="3xl"
    >
      {template.description ? <p className="mb-3 text-sm text-muted-foreground">{template.description}</p> : null}
      <h3 className="text-sm font-medium">System prompt</h3>
      <pre
        className="mt-1 max-h-[50vh] overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-sm"
        data-testid="template-prompt"
      >
        {template.systemPrompt}
      </pre>
      <div className="mt-4 flex justify-end gap-2">
        <Link
          to={pageHref(tab, { dialog: "edit", id: template.id })}
          preventScrollReset
          className={buttonClass("outline")}
        >
          Edit
        </Link>
        <Link to={closeHref} preventScrollReset className={buttonClass()}>
          Close
        </Link>
      </div>
    </Dialog>
  );
}

function TemplateDialog({
  tab,
  closeHref,
  template,
  constraint,
  lastResult,
}: {
  tab: Tab;
  closeHref: string;
  template?: PromptTemplate;
  /** From the loader: the page loads no schema code. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const intent = template ? "update" : "create";
  const [form, fields] = useForm<z.input<typeof EditTemplateSchema>>({
    id: `template-${intent}`,
    lastResult,
    constraint,
    defaultValue: template
      ? {
          name: template.name,
          description: template.description ?? "",
          systemPrompt: template.systemPrompt,
          category: template.category,
          isActive: template.isActive ? "on" : undefined,
          isDefault: template.isDefault ? "on" : undefined,
        }
      : { category: tab === "all" ? "general" : tab, isActive: "on" },
    // Checked by the server only (decision 0182).
  });
  const categories: TemplateCategory[] =
    template && !(managedTemplateCategories as readonly string[]).includes(template.category)
      ? [...managedTemplateCategories, template.category]
      : [...managedTemplateCategories];
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Dialog
      title={template ? `Edit "${template.name}"` : adminMessages.templates.create}
      closeTo={closeHref}
      width="3xl"
    >
      <Form method="post" className="space-y-4" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="tab" value={tab} />
        {template ? <input type="hidden" name="id" value={template.id} /> : null}
        <ErrorList errors={form.errors} />
        <Field label="Name" inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <TextareaField
          label="Description (optional)"
          textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
          errors={fields.description.errors}
        />
        <SelectField
          label="Category"
          selectProps={getSelectProps(fields.category)}
          options={categories}
          optionLabel={(c) => CATEGORY_LABELS[c]}
          errors={fields.category.errors}
        />
        <TextareaField
          label="System prompt"
          textareaProps={{ ...getTextareaProps(fields.systemPrompt), rows: 10 }}
          errors={fields.systemPrompt.errors}
        />
        <div className="flex flex-wrap gap-6">
          <CheckboxField
            label="Active"
            inputProps={getInputProps(fields.isActive, { type: "checkbox" })}
            errors={fields.isActive.errors}
          />
          <CheckboxField
            label="Default for its category"
            inputProps={getInputProps(fields.isDefault, { type: "checkbox" })}
            errors={fields.isDefault.errors}
          />
        </div>
        <FormActions cancelTo={closeHref}>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : template ? "Save Changes" : "Create Template"}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

export const meta: MetaFunction = () => [{ title: `${adminMessages.templates.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
