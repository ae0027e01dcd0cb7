import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAlert, PasswordField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { changePassword } from "~/features/account/account.server";
import { getSessionId, requireUser } from "~/features/account/auth.server";
import { NewPasswordFields } from "~/features/account/components/new-password-fields";
import { messages } from "~/features/account/messages";
import { ChangePasswordSchema } from "~/features/account/schemas";
import { readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { constraintOf } from "~/lib/zod-constraint";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { constraint: constraintOf(ChangePasswordSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: ChangePasswordSchema });
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const { currentPassword, newPassword } = submission.value;
  const result = await changePassword(user, currentPassword, newPassword, await getSessionId(request));
  if (!result.ok) return data(submission.reply({ formErrors: [result.message], hideFields }), { status: 400 });
  return redirectWithToast("/", messages.password.changed);
}

export const meta: MetaFunction = () => [{ title: "Change Password | Storyhearth" }];

export default function ChangePasswordPage() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof ChangePasswordSchema>>({
    id: "change-password",
    lastResult,
    // Checked by the server only: the page ships no schema code (decision 0173).
    constraint,
  });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Link to="/dashboard" className="text-sm text-primary hover:underline">
        ← Back to Dashboard
      </Link>
      <Card className="mt-4 space-y-6">
        <div>
          <h1 className="text-2xl font-semibold">Change Password</h1>
          <p className="text-sm text-muted-foreground">{messages.password.hint}</p>
        </div>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <FormAlert title={messages.password.changeFailed} errors={form.errors} />
          <PasswordField
            label="Current password"
            inputProps={{
              ...getInputProps(fields.currentPassword, { type: "password" }),
              autoComplete: "current-password",
            }}
            errors={fields.currentPassword.errors}
          />
          <NewPasswordFields fields={fields} />
          <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Changing..." : "Change Password"}
          </Button>
        </Form>
        <p className="text-center text-sm">
          Forgot your current password?{" "}
          <Link to="/reset-password" className="text-primary underline">
            Reset it by e-mail
          </Link>
        </p>
        <p className="text-center text-sm">
          <Link to="/delete-account" className="text-destructive underline">
            {messages.deleteAccount.pageTitle}
          </Link>
        </p>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
