import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, inputClass, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { createCampaign } from "~/models/campaign.server";
import { listContactGroups, listGroupContacts } from "~/models/contact-group.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { readFormData } from "~/lib/http.server";
import { requireUser } from "~/features/account/auth.server";
import { campaignMessages } from "~/features/collections/messages";
import { CreateCollectionSchema, scheduledDateToUtc } from "~/features/collections/schemas";
import { addRecipients } from "~/lib/email-split";
import { redirectWithToast } from "~/lib/toast.server";

// Works as form posts without JavaScript. Why: docs/decisions/0102-create-collection-without-js.md
const INTENT = {
  addEmails: "add-emails",
  addGroup: "add-group",
  removePrefix: "remove-recipient:",
  create: "create",
} as const;

const strings = (values: FormDataEntryValue[]) => values.filter((v): v is string => typeof v === "string");
const postedRecipients = (formData: FormData) => addRecipients([], strings(formData.getAll("recipients")).join(" "));

type ActionData = { result: SubmissionResult<string[]>; recipients: string[] };

/** Echoes every field, so the re-rendered page looks as the user left it. */
function keepState(formData: FormData, recipients: string[], clear: string[] = []): ActionData {
  const next = new FormData();
  for (const [key, value] of formData) {
    if (key !== "recipients" && key !== "intent" && !clear.includes(key)) next.append(key, value);
  }
  // A schema that accepts anything: only the echoed values are wanted, no messages yet.
  const result = parseWithZod(next, { schema: z.object({}) }).reply();
  return { result, recipients };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const groups = listContactGroups(user.id).map(({ id, name, isDefault }) => ({ id, name, isDefault }));
  return { groups };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? INTENT.create);
  const current = postedRecipients(formData);

  if (intent === INTENT.addEmails) {
    return keepState(formData, addRecipients(current, String(formData.get("emailInput") ?? "")), ["emailInput"]);
  }
  if (intent === INTENT.addGroup) {
    const groupId = String(formData.get("groupId") ?? "");
    if (!groupId) return keepState(formData, current);
    const contacts = await listGroupContacts(user.id, groupId);
    if (!contacts) throw new Response("Not Found", { status: 404 });
    return keepState(formData, addRecipients(current, contacts.map((c) => c.email).join(" ")));
  }
  if (intent.startsWith(INTENT.removePrefix)) {
    const removed = intent.slice(INTENT.removePrefix.length).trim().toLowerCase();
    return keepState(formData, current.filter((email) => email.toLowerCase() !== removed));
  }
  if (intent !== INTENT.create) throw new Response("Unknown intent", { status: 400 });

  const submission = parseWithZod(formData, { schema: CreateCollectionSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply(), recipients: current }, { status: 400 });
  }
  const { title, description, prompt, scheduledDate, timezoneOffset, recipients } = submission.value;
  try {
    const campaign = createCampaign(user.id, {
      title,
      description,
      prompt,
      inviteEmails: recipients,
      scheduledDate: scheduledDateToUtc(scheduledDate, timezoneOffset) ?? null,
    });
    return redirectWithToast("/campaigns", campaignMessages.created(campaign.title, campaign.invitedCount));
  } catch (error) {
    recordSystemError({ error, errorType: "campaign_create_failed", workflow: "create-story-collection" });
    const result = submission.reply({ formErrors: [campaignMessages.createFailed.description] });
    return data<ActionData>({ result, recipients: current }, { status: 500 });
  }
}

const noopSubscribe = () => () => {};
const useHydrated = () => useSyncExternalStore(noopSubscribe, () => true, () => false);

function initialString(result: SubmissionResult<string[]> | undefined, name: string) {
  const value = (result?.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : "";
}

function timezoneOffsetFor(value: string) {
  const offset = value ? new Date(value).getTimezoneOffset() : Number.NaN;
  return Number.isNaN(offset) ? "" : String(offset);
}

export default function CreateStoryCollectionPage() {
  const { groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const groupFetcher = useFetcher<typeof action>();

  const [recipients, setRecipients] = useState<string[]>(actionData?.recipients ?? []);
  const [emailDraft, setEmailDraft] = useState(() => initialString(actionData?.result, "emailInput"));
  const [groupId, setGroupId] = useState(() => initialString(actionData?.result, "groupId"));
  const [scheduledValue, setScheduledValue] = useState(() => initialString(actionData?.result, "scheduledDate"));

  // Updating state during render: the React way to follow a changing input without an effect.
  const [seenAction, setSeenAction] = useState(actionData);
  if (actionData !== seenAction) {
    setSeenAction(actionData);
    if (actionData) setRecipients(actionData.recipients);
  }
  const [seenGroup, setSeenGroup] = useState(groupFetcher.data);
  if (groupFetcher.data !== seenGroup) {
    setSeenGroup(groupFetcher.data);
    const added = groupFetcher.data?.recipients;
    if (added) setRecipients((list) => addRecipients(list, added.join(" ")));
  }

  const [form, fields] = useForm({
    id: "create-collection",
    lastResult: actionData?.result,
    constraint: getZodConstraint(CreateCollectionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateCollectionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT.create;
  const addingGroup = groupFetcher.state !== "idle";

  // With JavaScript the buttons act here and the post is cancelled; without it they post.
  const addEmails = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setRecipients((list) => addRecipients(list, emailDraft));
    setEmailDraft("");
  };
  const addGroup = (event: MouseEvent) => {
    event.preventDefault();
    if (!groupId) return;
    const body = new FormData();
    body.set("intent", INTENT.addGroup);
    body.set("groupId", groupId);
    groupFetcher.submit(body, { method: "post" });
  };
  const removeRecipient = (event: MouseEvent, email: string) => {
    event.preventDefault();
    setRecipients((list) => list.filter((e) => e !== email));
  };

  const recipientErrors = fields.recipients.errors;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/" className={buttonClass("ghost", "sm", "-ml-3")}>
        ← Back to Dashboard
      </Link>
      <h1 className="mt-2 font-serif text-3xl font-bold">Create Story Collection</h1>
      <p className="text-muted-foreground">Invite your family to share their stories by e-mail.</p>

      <Form method="post" className="mt-6 space-y-6" {...getFormProps(form)}>
        {/* The first submit button is the one Enter presses: it adds typed e-mails, never sends invitations. */}
        <button type="submit" name="intent" value={INTENT.addEmails} tabIndex={-1} aria-hidden="true" className="sr-only" onClick={addEmails}>
          Add
        </button>

        {form.errors?.length ? (
          <div role="alert" className="rounded-md border border-destructive bg-destructive p-4 text-destructive-foreground">
            <p className="font-semibold">{campaignMessages.createFailed.title}</p>
            <ErrorList errors={form.errors} />
          </div>
        ) : null}

        <Card className="space-y-4">
          <CardTitle>Collection Details</CardTitle>
          <Field
            label="Collection title"
            hint={campaignMessages.hints.title}
            inputProps={{ ...getInputProps(fields.title, { type: "text" }), placeholder: "e.g. Summers at the Lake" }}
            errors={fields.title.errors}
          />
          <TextareaField
            label="Description (optional)"
            textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
            errors={fields.description.errors}
          />
          <TextareaField
            label="Story prompt"
            textareaProps={{ ...getTextareaProps(fields.prompt), rows: 4, placeholder: "What is your favourite memory of summers at the lake?" }}
            errors={fields.prompt.errors}
          />
          <Field
            label="Scheduled send date (optional)"
            hint={campaignMessages.hints.scheduledDate}
            inputProps={{ ...getInputProps(fields.scheduledDate, { type: "datetime-local" }), onChange: (e) => setScheduledValue(e.currentTarget.value) }}
            errors={fields.scheduledDate.errors}
          />
          <input type="hidden" name="timezoneOffset" value={hydrated ? timezoneOffsetFor(scheduledValue) : ""} />
        </Card>

        <Card className="space-y-5">
          <CardTitle>Family Members &amp; Recipients</CardTitle>

          <div className="space-y-1">
            <label htmlFor="groupId" className="block text-sm font-medium">
              Saved contact group
            </label>
            <div className="flex flex-wrap gap-2">
              <select id="groupId" name="groupId" value={groupId} onChange={(e) => setGroupId(e.currentTarget.value)} className={`${inputClass} flex-1`}>
                <option value="">Don&apos;t use a group</option>
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.isDefault ? `★ ${group.name}` : group.name}
                  </option>
                ))}
              </select>
              <Button type="submit" variant="outline" name="intent" value={INTENT.addGroup} disabled={hydrated && (!groupId || addingGroup)} onClick={addGroup}>
                {addingGroup ? "Adding..." : "Add Group"}
              </Button>
            </div>
            <Link to="/contacts" className="inline-block text-sm text-primary hover:underline">
              Manage Contacts
            </Link>
          </div>

          <div className="space-y-1">
            <label htmlFor="emailInput" className="block text-sm font-medium">
              Add e-mail addresses
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id="emailInput"
                name="emailInput"
                type="text"
                inputMode="email"
                autoComplete="off"
                placeholder="grandma@example.com, uncle.bob@example.com"
                value={emailDraft}
                onChange={(e) => setEmailDraft(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") addEmails(e);
                }}
                aria-describedby="emailInput-hint"
                className={`${inputClass} flex-1`}
              />
              <Button type="submit" variant="outline" name="intent" value={INTENT.addEmails} disabled={hydrated && !emailDraft.trim()} onClick={addEmails}>
                Add
              </Button>
            </div>
            <p id="emailInput-hint" className="text-sm text-muted-foreground">
              {campaignMessages.hints.emails}
            </p>
          </div>

          <div className="space-y-2">
            <h3 className="text-sm font-medium" id="recipients-heading">
              Recipients ({recipients.length})
            </h3>
            {recipients.length ? (
              <ul aria-labelledby="recipients-heading" className="flex flex-wrap gap-2">
                {recipients.map((email) => (
                  <li key={email} className="inline-flex items-center gap-1 rounded-full bg-muted py-1 pl-3 pr-1 text-sm">
                    {email}
                    <input type="hidden" name="recipients" value={email} />
                    <button
                      type="submit"
                      name="intent"
                      value={`${INTENT.removePrefix}${email}`}
                      aria-label={`Remove ${email}`}
                      onClick={(e) => removeRecipient(e, email)}
                      className="rounded-full px-2 leading-5 text-muted-foreground hover:bg-border hover:text-foreground"
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No recipients added yet.</p>
            )}
            {recipientErrors?.length ? (
              <div role="alert" className="rounded-md border border-destructive bg-destructive p-3 text-sm text-destructive-foreground">
                <p className="font-semibold">{campaignMessages.noRecipients.title}</p>
                <p>{recipientErrors[0]}</p>
              </div>
            ) : null}
          </div>
        </Card>

        <div className="flex justify-end gap-2">
          <Link to="/" className={buttonClass("outline")}>
            Cancel
          </Link>
          <Button type="submit" name="intent" value={INTENT.create} disabled={creating || (hydrated && recipients.length === 0)}>
            {creating ? "Creating..." : "Create & Send Invites"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Create Story Collection | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
