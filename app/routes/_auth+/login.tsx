import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LoginSchema } from "~/features/account/schemas";
import { readFormData } from "~/lib/http.server";
import { authenticator, commitLogin, InvalidCredentialsError, requireAnonymous, safeRedirect } from "~/features/account/auth.server";
import { cn } from "~/lib/cn";
import { messages } from "~/features/account/messages";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await readFormData(request.clone());
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  try {
    const user = await authenticator.authenticate("form", request);
    return redirectWithToast(safeRedirect(submission.value.redirectTo), messages.auth.welcomeBack, {
      headers: { "Set-Cookie": await commitLogin(request, user) },
    });
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), { status: 401 });
  }
}

export const meta: MetaFunction = () => [{ title: "Sign In | Storyhearth" }];

function SignInForm() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login-form",
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      {form.errors?.length ? (
        <div role="alert" className="rounded-md border border-destructive p-3 text-sm">
          <p className="font-semibold text-destructive">{messages.auth.loginFailed}</p>
          <ErrorList errors={form.errors} />
        </div>
      ) : null}
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
      <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
      <Field
        label="Password"
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        errors={fields.password.errors}
      />
      <div className="flex justify-end">
        <Link to="/reset-password" className="text-sm text-primary hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}

function SignUpForm() {
  return (
    <form className="space-y-4" aria-describedby="signup-coming-soon">
      <div className="grid grid-cols-2 gap-3">
        <Field label="First name" inputProps={{ name: "firstName", autoComplete: "given-name" }} />
        <Field label="Last name" inputProps={{ name: "lastName", autoComplete: "family-name" }} />
      </div>
      <Field label="Email" inputProps={{ name: "email", type: "email", autoComplete: "email" }} />
      <Field label="Password" inputProps={{ name: "password", type: "password", autoComplete: "new-password" }} />
      <Button type="submit" className="w-full" disabled>
        Coming Soon
      </Button>
      <p id="signup-coming-soon" className="text-center text-sm text-muted-foreground">
        {messages.auth.signUpComingSoon}
      </p>
    </form>
  );
}

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "signup" ? "signup" : "signin";
  const tabLink = (value: "signin" | "signup") => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", value);
    return `?${params}`;
  };
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 md:items-center">
      <section className="space-y-4">
        <h1 className="font-serif text-4xl font-bold">Keep your family's stories</h1>
        <p className="text-lg text-muted-foreground">
          Collect stories from relatives through simple e-mail campaigns: they just reply, or use a form that needs no account.
        </p>
        <ul className="space-y-2 text-muted-foreground">
          <li>✉️ Story collection through e-mail campaigns</li>
          <li>🎙️ AI-powered podcast generation from the stories you gather</li>
          <li>🔊 Professional voice synthesis, one or two warm narrators</li>
        </ul>
      </section>
      <Card>
        <div role="tablist" aria-label="Account" className="mb-6 grid grid-cols-2 rounded-md bg-muted p-1">
          {(["signin", "signup"] as const).map((value) => (
            <Link
              key={value}
              role="tab"
              aria-selected={tab === value}
              to={tabLink(value)}
              replace
              preventScrollReset
              className={cn("rounded px-3 py-1.5 text-center text-sm font-medium", tab === value && "bg-card shadow")}
            >
              {value === "signin" ? "Sign In" : "Sign Up"}
            </Link>
          ))}
        </div>
        <div role="tabpanel">{tab === "signin" ? <SignInForm /> : <SignUpForm />}</div>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
