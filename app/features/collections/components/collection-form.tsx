import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import type { z } from "zod";

import { Field, FormActions, FormAlert, SelectField, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import { contactMessages } from "~/features/contacts/messages";
import { cn } from "~/lib/cn";
import { displayAddress } from "~/lib/display-address";
import { addressMessages, formatMailbox, mergeMailboxes, parseAddressList, type Mailbox } from "~/lib/email-address";
import type { FormConstraint } from "~/lib/zod-constraint";

import {
  COLLECTION_RECIPIENTS_PATH,
  COLLECTION_FORM_INTENT as INTENT,
  type CollectionFormData,
  type CollectionFormGroup,
  type RecipientCheck,
} from "../collection-form";
import { campaignMessages } from "../messages";
import type { CreateCollectionSchema } from "../schemas";

function initialString(result: CollectionFormData["result"] | undefined, name: string) {
  const value = (result?.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : "";
}

function timezoneOffsetFor(value: string) {
  const offset = value ? new Date(value).getTimezoneOffset() : Number.NaN;
  return Number.isNaN(offset) ? "" : String(offset);
}

function Section({
  compact,
  title,
  className,
  children,
}: {
  compact: boolean;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return compact ? (
    <div className={cn("space-y-4", className)}>
      <h3 className="font-semibold">{title}</h3>
      {children}
    </div>
  ) : (
    <Card className={cn("space-y-4", className)}>
      <CardTitle>{title}</CardTitle>
      {children}
    </Card>
  );
}

type Props = {
  groups: CollectionFormGroup[];
  /** From the page's loader: no schema code in the browser. */
  constraint: FormConstraint;
  actionData: CollectionFormData | undefined;
  cancelTo: string;
  compact?: boolean;
};

// Every step also works as a post without JavaScript (decision 0102); with it, the list steps are GETs,
// which leave the page's loaders and its toast alone.
export function CollectionForm({ groups, constraint, actionData, cancelTo, compact = false }: Props) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const groupFetcher = useFetcher<RecipientCheck>();
  const checkFetcher = useFetcher<RecipientCheck>();
  const recipientsUrl = (params: [string, string][]) => `${COLLECTION_RECIPIENTS_PATH}?${new URLSearchParams(params)}`;

  const [recipients, setRecipients] = useState<Mailbox[]>(actionData?.recipients ?? []);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [emailDraft, setEmailDraft] = useState(() => initialString(actionData?.result, "emailInput"));
  const [groupId, setGroupId] = useState(() => initialString(actionData?.result, "groupId"));
  const [scheduledValue, setScheduledValue] = useState(() => initialString(actionData?.result, "scheduledDate"));

  // Updating state during render: the React way to follow a changing input without an effect.
  const [seenAction, setSeenAction] = useState(actionData);
  if (actionData !== seenAction) {
    setSeenAction(actionData);
    if (actionData) setRecipients(actionData.recipients);
  }
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [seenGroup, setSeenGroup] = useState(groupFetcher.data);
  if (groupFetcher.data !== seenGroup) {
    setSeenGroup(groupFetcher.data);
    const added = groupFetcher.data?.recipients;
    if (added) setRecipients((list) => mergeMailboxes(list, added));
    if (groupFetcher.data) setChecked((seen) => ({ ...seen, ...groupFetcher.data?.blocked }));
  }
  const [seenCheck, setSeenCheck] = useState(checkFetcher.data);
  if (checkFetcher.data !== seenCheck) {
    setSeenCheck(checkFetcher.data);
    if (checkFetcher.data) setChecked((seen) => ({ ...seen, ...checkFetcher.data?.blocked }));
  }

  // Checked by the server only (decision 0183). No shouldValidate: without onValidate conform would post every blur.
  const [form, fields] = useForm<z.input<typeof CreateCollectionSchema>>({
    id: "create-collection",
    lastResult: actionData?.result,
    constraint,
  });

  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT.create;
  const addingGroup = groupFetcher.state !== "idle";

  const addEmails = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    const { mailboxes, invalid } = parseAddressList(emailDraft);
    const next = mergeMailboxes(recipients, mailboxes);
    setRecipients(next);
    setEmailDraft(invalid.join(", "));
    setDraftError(invalid.length ? addressMessages.invalidEntries(invalid) : null);
    const added = next.slice(recipients.length);
    if (!added.length) return;
    checkFetcher.load(recipientsUrl(added.map((r) => ["recipients", r.email])));
  };
  const blocked = { ...actionData?.blocked, ...checked };
  const blockedNotes = recipients.filter((r) => blocked[r.email]);
  const draftErrors = draftError ? [draftError] : hydrated ? undefined : actionData?.result.error?.emailInput;
  const addGroup = (event: MouseEvent) => {
    event.preventDefault();
    if (!groupId) return;
    groupFetcher.load(recipientsUrl([["groupId", groupId]]));
  };
  const removeRecipient = (event: MouseEvent, email: string) => {
    event.preventDefault();
    setRecipients((list) => list.filter((r) => r.email !== email));
  };
  const rename = (email: string, name: string) =>
    setRecipients((list) => list.map((r) => (r.email === email ? { ...r, name: name.trim() || null } : r)));

  const RecipientsHeading = compact ? "h4" : "h3";
  const body = (
    <Form method="post" preventScrollReset className={compact ? "space-y-6" : "mt-6 space-y-6"} {...getFormProps(form)}>
      {/* The first submit button is the one Enter presses: it adds typed e-mails, never sends invitations. */}
      <button
        type="submit"
        name="intent"
        value={INTENT.addEmails}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        onClick={addEmails}
      >
        Add
      </button>

      <FormAlert title={campaignMessages.createFailed.title} errors={form.errors} />

      <Section compact={compact} title="Collection Details">
        <div className={cn("space-y-4", compact && "md:grid md:grid-cols-2 md:gap-4 md:space-y-0")}>
          <Field
            label="Collection title"
            hint={campaignMessages.hints.title}
            inputProps={{ ...getInputProps(fields.title, { type: "text" }), placeholder: "e.g. Summers at the Lake" }}
            errors={fields.title.errors}
          />
          <Field
            label="Scheduled send date (optional)"
            hint={campaignMessages.hints.scheduledDate}
            inputProps={{
              ...getInputProps(fields.scheduledDate, { type: "datetime-local" }),
              onChange: (e) => setScheduledValue(e.currentTarget.value),
            }}
            errors={fields.scheduledDate.errors}
          />
        </div>
        <TextareaField
          label="Description (optional)"
          textareaProps={{ ...getTextareaProps(fields.description), rows: compact ? 2 : 3 }}
          errors={fields.description.errors}
        />
        <TextareaField
          label="Story prompt"
          textareaProps={{
            ...getTextareaProps(fields.prompt),
            rows: compact ? 3 : 4,
            placeholder: "What is your favourite memory of summers at the lake?",
          }}
          errors={fields.prompt.errors}
        />
        <input type="hidden" name="timezoneOffset" value={hydrated ? timezoneOffsetFor(scheduledValue) : ""} />
      </Section>

      <Section compact={compact} title="Family Members & Recipients" className="space-y-5">
        <div className="space-y-1">
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              className="min-w-0 flex-1"
              label="Saved contact group"
              placeholder="Don't use a group"
              selectProps={{
                id: "groupId",
                name: "groupId",
                value: groupId,
                onChange: (e) => setGroupId(e.currentTarget.value),
              }}
              options={groups.map((group) => ({
                value: group.id,
                label: group.isDefault ? `★ ${group.name}` : group.name,
              }))}
            />
            <Button
              type="submit"
              variant="outline"
              name="intent"
              value={INTENT.addGroup}
              disabled={hydrated && (!groupId || addingGroup)}
              onClick={addGroup}
            >
              {addingGroup ? "Adding..." : "Add Group"}
            </Button>
          </div>
          <Link to="/contacts" className="inline-block text-sm text-primary hover:underline">
            Manage Contacts
          </Link>
        </div>

        <div className="flex flex-wrap items-start gap-2">
          <Field
            className="min-w-0 flex-1"
            label="Add e-mail addresses"
            hint={campaignMessages.hints.emails}
            inputProps={{
              id: "emailInput",
              name: "emailInput",
              type: "text",
              inputMode: "email",
              autoComplete: "off",
              placeholder: "Grandma <grandma@example.com>, uncle.bob@example.com",
              value: emailDraft,
              onChange: (e) => {
                setEmailDraft(e.currentTarget.value);
                setDraftError(null);
              },
              onKeyDown: (e) => {
                if (e.key === "Enter") addEmails(e);
              },
            }}
            errors={draftErrors}
          />
          <Button
            type="submit"
            variant="outline"
            name="intent"
            value={INTENT.addEmails}
            className="mt-6"
            disabled={hydrated && !emailDraft.trim()}
            onClick={addEmails}
          >
            Add
          </Button>
        </div>

        <div className="space-y-2">
          <RecipientsHeading className="text-sm font-medium" id="recipients-heading">
            Recipients ({recipients.length})
          </RecipientsHeading>
          {recipients.length ? (
            <ul aria-labelledby="recipients-heading" className="flex flex-wrap gap-2">
              {recipients.map((recipient) => (
                <RecipientChip
                  key={recipient.email}
                  recipient={recipient}
                  editable={hydrated}
                  onRemove={removeRecipient}
                  onRename={rename}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No recipients added yet.</p>
          )}
          {blockedNotes.length ? (
            <ul aria-label="Recipients we won't e-mail" className="space-y-1 text-sm text-destructive">
              {blockedNotes.map(({ email }) => (
                <li key={email} className="break-words">
                  {contactMessages.blocked.note(email, blocked[email]!)}
                </li>
              ))}
            </ul>
          ) : null}
          <FormAlert title={campaignMessages.noRecipients.title} errors={fields.recipients.errors} />
        </div>
      </Section>

      <FormActions cancelTo={cancelTo}>
        <Button
          type="submit"
          name="intent"
          value={INTENT.create}
          disabled={creating || (hydrated && recipients.length === 0)}
        >
          {creating ? "Creating..." : "Create & Send Invites"}
        </Button>
      </FormActions>
    </Form>
  );

  if (!compact) return body;
  return (
    <Card className="mb-6 space-y-4">
      <CardTitle>Create New Collection</CardTitle>
      {body}
    </Card>
  );
}

type ChipProps = {
  recipient: Mailbox;
  editable: boolean;
  onRemove: (event: MouseEvent, email: string) => void;
  onRename: (email: string, name: string) => void;
};

function RecipientChip({ recipient, editable, onRemove, onRename }: ChipProps) {
  const { name, email } = recipient;
  const [editing, setEditing] = useState(false);
  const shown = displayAddress(email);
  const label = name ?? shown;
  const finish = (input: HTMLInputElement) => {
    onRename(email, input.value);
    setEditing(false);
  };
  return (
    <li
      className="inline-flex max-w-full flex-wrap items-center gap-x-1 break-all rounded-full bg-muted py-1 pl-3 pr-1 text-sm"
      data-recipient={email}
    >
      {editing ? (
        <input
          type="text"
          aria-label={campaignMessages.recipientName(email)}
          defaultValue={name ?? ""}
          autoFocus
          maxLength={200}
          className="w-40 max-w-full rounded border border-input bg-background px-2 text-sm"
          onBlur={(e) => finish(e.currentTarget)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              finish(e.currentTarget);
            } else if (e.key === "Escape") setEditing(false);
          }}
        />
      ) : (
        <span className={name ? "font-medium" : undefined}>{label}</span>
      )}
      {name && !editing ? <span className="text-muted-foreground">{shown}</span> : null}
      <input type="hidden" name="recipients" value={formatMailbox(recipient)} />
      {editable && !editing ? (
        <button
          type="button"
          aria-label={campaignMessages.renameRecipient(email)}
          onClick={() => setEditing(true)}
          className="rounded-full px-2 leading-5 text-muted-foreground hover:bg-border hover:text-foreground"
        >
          ✎
        </button>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={`${INTENT.removePrefix}${email}`}
        aria-label={`Remove ${shown}`}
        onClick={(e) => onRemove(e, email)}
        className="rounded-full px-2 leading-5 text-muted-foreground hover:bg-border hover:text-foreground"
      >
        ×
      </button>
    </li>
  );
}
