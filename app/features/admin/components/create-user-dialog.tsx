import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Dialog } from "~/components/ui/dialog";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useHydrated } from "~/components/use-hydrated";
import { ErrorList, Field, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { adminUserMessages } from "~/features/admin/user-messages";
import { CreateUserSchema } from "~/features/admin/user-schemas";
import { NEW_USER_DEFAULTS, SUBSCRIPTION_STATUSES, USER_ROLES } from "~/features/account/subscription-rules";

function Select({ label, options, props, errors }: { label: string; options: readonly string[]; props: ReturnType<typeof getSelectProps>; errors?: string[] }) {
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium">
        {label}
      </label>
      <select {...props} className={inputClass}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <ErrorList errors={errors} />
    </div>
  );
}

/** The create-user dialog (?dialog=create-user). Create stays disabled until an e-mail and a first name are typed. */
export function CreateUserDialog({ closeTo, lastResult }: { closeTo: string; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "create-user",
    lastResult,
    constraint: getZodConstraint(CreateUserSchema),
    defaultValue: {
      role: NEW_USER_DEFAULTS.role,
      subscriptionStatus: NEW_USER_DEFAULTS.subscriptionStatus,
      podcastLimit: String(NEW_USER_DEFAULTS.podcastLimit),
      sendInvite: "on",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateUserSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-user";
  // Without JavaScript the server checks the same two fields.
  const incomplete = hydrated && (!fields.email.value?.trim() || !fields.firstName.value?.trim());
  return (
    <Dialog title="Create User" closeTo={closeTo}>
      <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-user" />
        {form.errors?.length ? (
          <div role="alert" className="rounded-md border border-destructive p-3 text-sm">
            <p className="font-semibold text-destructive">{adminUserMessages.toast.createFailed}</p>
            <ErrorList errors={form.errors} />
          </div>
        ) : null}
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off", autoFocus: true }} errors={fields.email.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }} errors={fields.firstName.errors} />
          <Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }} errors={fields.lastName.errors} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Role" options={USER_ROLES} props={getSelectProps(fields.role)} errors={fields.role.errors} />
          <Select label="Subscription status" options={SUBSCRIPTION_STATUSES} props={getSelectProps(fields.subscriptionStatus)} errors={fields.subscriptionStatus.errors} />
        </div>
        <Field label="Podcast limit" inputProps={{ ...getInputProps(fields.podcastLimit, { type: "number" }), min: 0 }} errors={fields.podcastLimit.errors} />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.sendInvite, { type: "checkbox" })} className="h-4 w-4" />
          Send an invitation e-mail with a link to set a password
        </label>
        <div className="flex justify-end gap-2">
          <Link to={closeTo} preventScrollReset className={buttonClass("outline")}>
            Cancel
          </Link>
          <Button type="submit" disabled={saving || incomplete}>
            {saving ? "Creating..." : "Create User"}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
