import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { CheckboxField, Field, FormActions, FormAlert, SelectField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useHydrated } from "~/components/use-hydrated";
import { NEW_USER_DEFAULTS, SUBSCRIPTION_STATUSES, USER_ROLES } from "~/features/account/subscription-rules";
import { adminUserMessages } from "~/features/admin/user-messages";
import type { CreateUserSchema } from "~/features/admin/user-schemas";
import type { FormConstraint } from "~/lib/zod-constraint";

export function CreateUserDialog({
  closeTo,
  lastResult,
  constraint,
}: {
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<z.input<typeof CreateUserSchema>>({
    id: "create-user",
    lastResult,
    constraint,
    defaultValue: {
      role: NEW_USER_DEFAULTS.role,
      subscriptionStatus: NEW_USER_DEFAULTS.subscriptionStatus,
      podcastLimit: String(NEW_USER_DEFAULTS.podcastLimit),
      sendInvite: "on",
    },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-user";
  const incomplete = hydrated && (!fields.email.value?.trim() || !fields.firstName.value?.trim());
  return (
    <Dialog title="Create User" closeTo={closeTo}>
      <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-user" />
        <FormAlert title={adminUserMessages.toast.createFailed} errors={form.errors} />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off", autoFocus: true }}
          errors={fields.email.errors}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }}
            errors={fields.firstName.errors}
          />
          <Field
            label="Last name"
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }}
            errors={fields.lastName.errors}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Role"
            options={USER_ROLES}
            selectProps={getSelectProps(fields.role)}
            errors={fields.role.errors}
          />
          <SelectField
            label="Subscription status"
            options={SUBSCRIPTION_STATUSES}
            selectProps={getSelectProps(fields.subscriptionStatus)}
            errors={fields.subscriptionStatus.errors}
          />
        </div>
        <Field
          label="Podcast limit"
          inputProps={{ ...getInputProps(fields.podcastLimit, { type: "number" }), min: 0 }}
          errors={fields.podcastLimit.errors}
        />
        <CheckboxField
          label="Send an invitation e-mail with a link to set a password"
          inputProps={getInputProps(fields.sendInvite, { type: "checkbox" })}
          errors={fields.sendInvite.errors}
        />
        <FormActions cancelTo={closeTo}>
          <Button type="submit" disabled={saving || incomplete}>
            {saving ? "Creating..." : "Create User"}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
