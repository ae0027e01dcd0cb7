import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { isInviteTokenUsable, isResetTokenUsable, resetPassword } from "~/features/account/account.server";
import { NewPasswordFields } from "~/features/account/components/new-password-fields";
import { messages } from "~/features/account/messages";
import { ResetConfirmSchema } from "~/features/account/schemas";
import { readFormData } from "~/lib/http.server";
import { createToastHeaders } from "~/lib/toast.server";
import { constraintOf } from "~/lib/zod-constraint";

// An invitation's link carries invite=1; a usable token's own type decides, the flag only words a dead link.
const invitedLink = (request: Request) => new URL(request.url).searchParams.get("invite") === "1";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token !== "" && isResetTokenUsable(token);
  return {
    token,
    valid,
    invited: valid ? isInviteTokenUsable(token) : invitedLink(request),
    constraint: constraintOf(ResetConfirmSchema),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ResetConfirmSchema });
  const hideFields = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    const tokenMissing = Boolean(submission.error?.token);
    return data(
      { state: tokenMissing ? ("invalid" as const) : ("form" as const), result: submission.reply({ hideFields }) },
      { status: 400 },
    );
  }
  const result = await resetPassword(submission.value.token, submission.value.newPassword);
  if (!result.ok) return data({ state: "invalid" as const, result: submission.reply({ hideFields }) }, { status: 400 });
  const toast = result.invited ? messages.invite.successful : messages.reset.successful;
  return data(
    { state: "done" as const, invited: result.invited, result: submission.reply({ resetForm: true }) },
    { headers: await createToastHeaders(toast) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.invited ? messages.invite.pageTitle : "Choose a New Password"} | Storyhearth` },
];

function InvalidLink({ invited }: { invited: boolean }) {
  const text = invited ? messages.invite.invalidLink : messages.reset.invalidLink;
  return (
    <Card className="space-y-4 text-center">
      <h1 className="text-2xl font-semibold">{text.title}</h1>
      <p className="text-muted-foreground">{text.description}</p>
      <div className="flex flex-col gap-2">
        <Link to="/reset-password" className={buttonClass()}>
          Request a New Link
        </Link>
        <Link to="/login" className={buttonClass("outline")}>
          Back to sign in
        </Link>
      </div>
    </Card>
  );
}

export default function ResetConfirmPage() {
  const { token, valid, invited: invitedLoad, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof ResetConfirmSchema>>({
    id: "reset-confirm",
    lastResult: actionData?.state === "form" ? actionData.result : undefined,
    // Checked by the server only: the page ships no schema code (decision 0173).
    constraint,
  });
  const state = actionData?.state ?? (valid ? "form" : "invalid");
  const invited = actionData?.state === "done" ? Boolean(actionData.invited) : invitedLoad;

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      {state === "invalid" ? (
        <InvalidLink invited={invited} />
      ) : state === "done" ? (
        <Card className="space-y-4 text-center">
          <h1 className="text-2xl font-semibold">{invited ? messages.invite.complete : messages.reset.complete}</h1>
          <p className="text-muted-foreground">
            {invited
              ? messages.invite.completeText
              : "Your password has been changed. You can now sign in with your new password."}
          </p>
          <Link to="/login" className={buttonClass("default", "default", "w-full")}>
            Sign in
          </Link>
        </Card>
      ) : (
        <Card className="space-y-6">
          <div>
            <h1 className="text-2xl font-semibold">{invited ? messages.invite.heading : "Choose a new password"}</h1>
            {invited ? <p className="text-sm text-muted-foreground">{messages.invite.intro}</p> : null}
            <p className="text-sm text-muted-foreground">{messages.password.hint}</p>
          </div>
          <Form method="post" className="space-y-4" {...getFormProps(form)}>
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields fields={fields} />
            <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting"
                ? invited
                  ? messages.invite.submitting
                  : "Resetting..."
                : invited
                  ? messages.invite.submit
                  : "Reset Password"}
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
