import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormAlert, PasswordField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { commitLogout, requireUser } from "~/features/account/auth.server";
import { deleteAccount } from "~/features/account/delete-account.server";
import { messages } from "~/features/account/messages";
import { DeleteAccountSchema } from "~/features/account/schemas";
import { hashedFamilyFiles } from "~/features/podcasts/family-files.server";
import { readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { constraintOf } from "~/lib/zod-constraint";

const m = messages.deleteAccount;
/** The whole account's archive, offered before anything is deleted. */
const ARCHIVE_URL = "/archive";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email, constraint: constraintOf(DeleteAccountSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: DeleteAccountSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const result = await deleteAccount(user, submission.value, hashedFamilyFiles);
  if (!result.ok) return data(submission.reply({ formErrors: [result.message], hideFields }), { status: 400 });
  // The session row went with the account; this clears the cookie too.
  return redirectWithToast("/", m.deleted, { headers: { "Set-Cookie": await commitLogout(request) } });
}

export const meta: MetaFunction = () => [{ title: `${m.pageTitle} | Storyhearth` }];

export default function DeleteAccountPage() {
  const { email, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof DeleteAccountSchema>>({
    id: "delete-account",
    lastResult,
    // Checked by the server only: the page ships no schema code (decision 0173).
    constraint,
  });
  const submitting = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Link to="/dashboard" className="text-sm text-primary hover:underline">
        ← Back to Dashboard
      </Link>
      <Card className="mt-4 space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">{m.heading}</h1>
          <p className="text-sm text-muted-foreground">{m.intro}</p>
        </div>
        <div className="space-y-2 rounded-md border border-border p-4">
          <p className="text-sm">{m.archiveFirst}</p>
          <a href={ARCHIVE_URL} download className="text-sm font-medium text-primary underline">
            {m.archiveLink}
          </a>
        </div>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <FormAlert title={m.failed} errors={form.errors} />
          <Field
            label={m.confirmationLabel}
            hint={email}
            inputProps={{
              ...getInputProps(fields.confirmation, { type: "text" }),
              autoComplete: "off",
              autoCapitalize: "none",
              spellCheck: false,
            }}
            errors={fields.confirmation.errors}
          />
          <PasswordField
            label={m.passwordLabel}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.password.errors}
          />
          <Button type="submit" variant="destructive" className="w-full" disabled={submitting}>
            {submitting ? m.submitting : m.submit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
