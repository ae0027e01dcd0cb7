// Stands in for the identity provider only outside production and while none is configured (decision 0107).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DEMO_ADMIN } from "#db/demo-accounts";
import type { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormAlert } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { commitAdminLogin, getAdmin } from "~/features/account/auth.server";
import { messages } from "~/features/account/messages";
import { LoginSchema } from "~/features/account/schemas";
import { isDevAdminLoginAvailable } from "~/features/admin/oauth.server";
import { adminUserMessages } from "~/features/admin/user-messages";
import { notFound, readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { constraintOf } from "~/lib/zod-constraint";
import { verifyLogin } from "~/models/user.server";

function requireStandIn() {
  if (!isDevAdminLoginAvailable()) throw notFound();
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireStandIn();
  if (await getAdmin(request)) throw redirect("/admin");
  return { constraint: constraintOf(LoginSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  requireStandIn();
  const submission = parseWithZod(await readFormData(request), { schema: LoginSchema });
  const hideFields = ["password"];
  if (submission.status !== "success")
    return data({ refused: false, result: submission.reply({ hideFields }) }, { status: 400 });
  const user = await verifyLogin(submission.value.email, submission.value.password);
  if (!user) {
    return data(
      { refused: false, result: submission.reply({ formErrors: [messages.auth.invalidCredentials], hideFields }) },
      { status: 401 },
    );
  }
  if (user.role !== "admin") {
    const refusal = adminUserMessages.signIn.notAdmin(user.email);
    return data({ refused: true, result: submission.reply({ formErrors: [refusal], hideFields }) }, { status: 403 });
  }
  return redirectWithToast("/admin", adminUserMessages.signIn.welcome, {
    headers: { "Set-Cookie": await commitAdminLogin(request, user) },
  });
}

export const meta: MetaFunction = () => [{ title: "Admin Sign In (local) | Storyhearth" }];

export default function DevAdminLogin() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "dev-admin-login",
    lastResult: actionData?.result,
    // Checked by the server only: the page ships no schema code (decision 0173).
    constraint,
  });
  const submitting = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">Admin Sign In</h1>
          <p className="text-sm text-muted-foreground">
            No identity provider is configured on this machine, so this local page stands in for it. Sign in with an
            administrator account: on a machine started with <code>npm start</code>, the demo administrator is{" "}
            <code>{DEMO_ADMIN.email}</code> with the password <code>{DEMO_ADMIN.password}</code>.
          </p>
        </div>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <FormAlert
            title={actionData?.refused ? adminUserMessages.accessRequired : messages.auth.loginFailed}
            errors={form.errors}
          />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username" }}
            errors={fields.email.errors}
          />
          <Field
            label="Password"
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.password.errors}
          />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Signing in..." : "Sign In as Administrator"}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
