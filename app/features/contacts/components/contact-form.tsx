import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { CheckboxField, Field, FormActions, FormAlert, TextareaField } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { contactMessages } from "~/features/contacts/messages";
import type { ContactFormSchema } from "~/features/contacts/schemas";
import { parseTagInput } from "~/features/contacts/tags";
import type { FormConstraint } from "~/lib/zod-constraint";

export type ContactFormValues = {
  id: string;
  email: string;
  preferredName: string | null;
  notes: string | null;
  tags: string[];
  isAdmin: boolean;
  blocked: string | null;
};

export function ContactForm({
  contact,
  lastResult,
  closeTo,
  constraint,
}: {
  contact?: ContactFormValues;
  lastResult?: SubmissionResult<string[]>;
  closeTo: string;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const intent = contact ? "update-contact" : "create-contact";
  const [form, fields] = useForm<z.input<typeof ContactFormSchema>>({
    id: contact ? `contact-form-${contact.id}` : "contact-form-new",
    lastResult,
    constraint,
    defaultValue: contact && {
      email: contact.email,
      preferredName: contact.preferredName ?? "",
      notes: contact.notes ?? "",
      tags: contact.tags.join(", "),
      isAdmin: contact.isAdmin ? "on" : undefined,
    },
    // Checked by the server only: the page ships no schema code (decision 0173).
  });
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const disabled = saving || (hydrated && !fields.email.value?.trim());
  const tagPreview = parseTagInput(fields.tags.value);
  const check = useFetcher<{ email: string; blocked: string | null }>();
  const typed = fields.email.value?.trim() ?? "";
  const checkTyped = () => {
    if (typed.includes("@") && typed !== check.data?.email)
      check.submit({ intent: "check-email", email: typed }, { method: "post" });
  };
  const blocked =
    contact?.blocked && typed.toLowerCase() === contact.email.toLowerCase()
      ? contact.blocked
      : check.data?.email === typed
        ? check.data.blocked
        : null;
  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {contact ? <input type="hidden" name="contactId" value={contact.id} /> : null}
      <FormAlert
        title={contact ? contactMessages.contact.updateFailed : contactMessages.contact.createFailed}
        errors={form.errors}
      />
      <Field
        label="Email"
        inputProps={{
          ...getInputProps(fields.email, { type: "text" }),
          inputMode: "email",
          autoComplete: "off",
          autoFocus: true,
          onBlur: checkTyped,
        }}
        errors={fields.email.errors}
      />
      <p aria-live="polite" className={blocked ? "text-sm text-destructive" : "sr-only"}>
        {blocked ? contactMessages.blocked.note(typed, blocked) : ""}
      </p>
      <Field
        label="Preferred name"
        inputProps={{ ...getInputProps(fields.preferredName, { type: "text" }), autoComplete: "off" }}
        errors={fields.preferredName.errors}
      />
      <TextareaField
        label="Notes"
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 3 }}
        errors={fields.notes.errors}
      />
      <Field
        label="Tags"
        hint="Separate tags with commas."
        inputProps={{
          ...getInputProps(fields.tags, { type: "text" }),
          autoComplete: "off",
          placeholder: "family, elders",
        }}
        errors={fields.tags.errors}
      />
      {hydrated && tagPreview.length ? (
        <ul aria-label="Tag preview" className="flex flex-wrap gap-1">
          {tagPreview.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <CheckboxField
        label={contactMessages.adminPrivileges}
        inputProps={getInputProps(fields.isAdmin, { type: "checkbox" })}
        errors={fields.isAdmin.errors}
      />
      <FormActions cancelTo={closeTo}>
        <Button type="submit" disabled={disabled}>
          {saving ? "Saving..." : contact ? "Update Contact" : "Create Contact"}
        </Button>
      </FormActions>
    </Form>
  );
}
