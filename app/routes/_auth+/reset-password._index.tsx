import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requestPasswordReset } from "~/features/account/account.server";
import { messages } from "~/features/account/messages";
import { ResetRequestSchema } from "~/features/account/schemas";
import { readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";
import { createToastHeaders } from "~/lib/toast.server";
import { constraintOf } from "~/lib/zod-constraint";

export const loader = () => ({ constraint: constraintOf(ResetRequestSchema) });

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ResetRequestSchema });
  if (submission.status !== "success")
    return data({ sent: false as const, result: submission.reply() }, { status: 400 });
  await requestPasswordReset(submission.value.email);
  return data(
    { sent: true as const, result: submission.reply() },
    { headers: await createToastHeaders(messages.reset.emailSent) },
  );
}

export const meta: MetaFunction = () => [{ title: "Reset Password | Storyhearth" }, describedAs()];

export default function ResetRequestPage() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof ResetRequestSchema>>({
    id: "reset-request",
    lastResult: actionData?.sent ? undefined : actionData?.result,
    // Checked by the server only: the page ships no schema code (decision 0173).
    constraint,
  });

  if (actionData?.sent) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="space-y-4 text-center">
          <h1 className="text-2xl font-semibold">{messages.reset.checkEmail}</h1>
          <p className="text-muted-foreground">
            If an account exists for that address, we've sent a link to reset your password. It works once and expires
            in one hour.
          </p>
          <p className="text-sm">
            Didn't get it?{" "}
            <Link to="/reset-password" reloadDocument className="text-primary hover:underline">
              Try again
            </Link>
          </p>
          <Link to="/login" className={buttonClass("outline", "default", "w-full")}>
            Back to sign in
          </Link>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-6">
        <div>
          <h1 className="text-2xl font-semibold">Reset your password</h1>
          <p className="text-sm text-muted-foreground">
            Enter your e-mail address and we'll send you a link to choose a new password.
          </p>
        </div>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
          />
          <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Sending..." : "Send Reset Link"}
          </Button>
        </Form>
        <Link to="/login" className="block text-center text-sm text-primary hover:underline">
          Back to sign in
        </Link>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
