import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";

import { CheckboxField, ErrorList, Field, FormActions, FormAlert, inputClass, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { contactMessages } from "~/features/contacts/messages";
import type { GroupFormSchema } from "~/features/contacts/schemas";
import { displayAddress } from "~/lib/display-address";
import type { FormConstraint } from "~/lib/zod-constraint";

export type GroupFormValues = {
  id: string;
  name: string;
  description: string | null;
  isDefault: boolean;
  contactIds: string[];
};
export type ContactOption = { id: string; email: string; preferredName: string | null };

export function GroupForm({
  group,
  contacts,
  lastResult,
  closeTo,
  constraint,
}: {
  group?: GroupFormValues;
  contacts: ContactOption[];
  lastResult?: SubmissionResult<string[]>;
  closeTo: string;
  /** From the page's loader: the page loads no schema code. */
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const intent = group ? "update-group" : "create-group";
  const [form, fields] = useForm<z.input<typeof GroupFormSchema>>({
    id: group ? `group-form-${group.id}` : "group-form-new",
    lastResult,
    constraint,
    defaultValue: group && {
      name: group.name,
      description: group.description ?? "",
      isDefault: group.isDefault ? "on" : undefined,
      contactIds: group.contactIds,
    },
    // Checked by the server only: the page ships no schema code (decision 0173).
  });
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const disabled = saving || (hydrated && !fields.name.value?.trim());
  const members = new Set(group?.contactIds);
  const needle = filter.trim().toLowerCase();
  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {group ? <input type="hidden" name="groupId" value={group.id} /> : null}
      <FormAlert
        title={group ? contactMessages.group.updateFailed : contactMessages.group.createFailed}
        errors={form.errors}
      />
      <Field
        label="Group name"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off", autoFocus: true }}
        errors={fields.name.errors}
      />
      <TextareaField
        label="Description"
        textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
        errors={fields.description.errors}
      />
      <CheckboxField
        label="Default group"
        inputProps={getInputProps(fields.isDefault, { type: "checkbox" })}
        errors={fields.isDefault.errors}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Contacts in this group</legend>
        {contacts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Add contacts first; then choose them here.</p>
        ) : (
          <>
            {hydrated && contacts.length > 8 ? (
              <input
                type="search"
                aria-label="Filter contacts"
                placeholder="Filter contacts"
                className={inputClass}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
            ) : null}
            <ul className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-border p-2">
              {contacts.map((contact) => {
                const label = contact.preferredName
                  ? `${contact.preferredName} (${displayAddress(contact.email)})`
                  : displayAddress(contact.email);
                // Filtered-out rows are hidden, not removed, so their checkboxes are still submitted.
                return (
                  <li key={contact.id} hidden={Boolean(needle) && !label.toLowerCase().includes(needle)}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={fields.contactIds.name}
                        value={contact.id}
                        defaultChecked={members.has(contact.id)}
                        className="h-4 w-4"
                      />
                      <span className="break-all">{label}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <ErrorList errors={fields.contactIds.errors} />
      </fieldset>
      <FormActions cancelTo={closeTo}>
        <Button type="submit" disabled={disabled}>
          {saving ? "Saving..." : group ? "Update Group" : "Create Group"}
        </Button>
      </FormActions>
    </Form>
  );
}
