import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";

import { voiceSummary } from "~/audio/voices.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormAlert } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import { signInGreeting } from "~/features/account/account.server";
import {
  authenticator,
  commitLogin,
  InvalidCredentialsError,
  requireAnonymous,
  safeRedirect,
  SignInThrottledError,
} from "~/features/account/auth.server";
import { messages } from "~/features/account/messages";
import { LoginSchema } from "~/features/account/schemas";
import { voicesSentence } from "~/features/site/voice-words";
import { cn } from "~/lib/cn";
import { readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";
import { redirectWithToast } from "~/lib/toast.server";
import { retryAfterHeaders, tooManyData } from "~/lib/too-many.server";
import { constraintOf } from "~/lib/zod-constraint";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return { constraint: constraintOf(LoginSchema), voices: voiceSummary() };
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
    return redirectWithToast(safeRedirect(submission.value.redirectTo), signInGreeting(user), {
      headers: { "Set-Cookie": await commitLogin(request, user) },
    });
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      return tooManyData(
        submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
        error.retryAfterSeconds,
      );
    }
    if (!(error instanceof InvalidCredentialsError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), { status: 401 });
  }
}

// The throttle's 429 carries Retry-After on the page's answer too, not only in the action's result.
export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => [{ title: "Sign in | Storyhearth" }, describedAs()];

function SignInForm() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "login-form",
    lastResult,
    // Checked by the server only: the page ships no schema code (decision 0173).
    constraint,
  });
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <FormAlert title={messages.auth.loginFailed} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
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
        {submitting ? "Signing in..." : "Sign in"}
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

const TABS = [
  { value: "signin", label: "Sign in", Panel: SignInForm },
  { value: "signup", label: "Sign up", Panel: SignUpForm },
] as const;
type Tab = (typeof TABS)[number]["value"];

// Without JavaScript the tabs are `?tab=` links to one form; with it, WAI-ARIA tabs (roving tabindex)
// over both panels, the URL following so a reload keeps the tab (decision 0125).
function AccountTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl: Tab = searchParams.get("tab") === "signup" ? "signup" : "signin";
  const [selected, setSelected] = useState<Tab>(fromUrl);
  useEffect(() => setSelected(fromUrl), [fromUrl]);
  const enhanced = useHydrated();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabLink = (value: Tab) => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", value);
    return `?${params}`;
  };
  const tabClass = (active: boolean) =>
    cn("rounded px-3 py-1.5 text-center text-sm font-medium", active && "bg-card shadow");
  const listClass = "mb-6 grid grid-cols-2 rounded-md bg-muted p-1";

  const select = (index: number) => {
    const tab = TABS[(index + TABS.length) % TABS.length]!;
    setSelected(tab.value);
    tabs.current[TABS.indexOf(tab)]?.focus();
    setSearchParams((params) => (params.set("tab", tab.value), params), { replace: true, preventScrollReset: true });
  };
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };
  const shown = enhanced ? selected : fromUrl;
  return (
    <>
      {enhanced ? (
        <div role="tablist" aria-label="Account" className={listClass}>
          {TABS.map(({ value, label }, index) => (
            <button
              key={value}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`account-tab-${value}`}
              aria-selected={selected === value}
              aria-controls={`account-panel-${value}`}
              tabIndex={selected === value ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={tabClass(selected === value)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : (
        <div className={listClass}>
          {TABS.map(({ value, label }) => (
            <Link
              key={value}
              to={tabLink(value)}
              replace
              preventScrollReset
              aria-current={fromUrl === value ? "page" : undefined}
              className={tabClass(fromUrl === value)}
            >
              {label}
            </Link>
          ))}
        </div>
      )}
      {/* The shown form keeps its place in the tree as JavaScript takes over, so what was typed stays. */}
      {TABS.map(({ value, Panel }) =>
        enhanced || value === shown ? (
          <div
            key={value}
            {...(enhanced
              ? { role: "tabpanel", id: `account-panel-${value}`, "aria-labelledby": `account-tab-${value}` }
              : {})}
            hidden={shown !== value}
          >
            {/* Only the shown form is mounted: one set of fields named Email and Password on the page. */}
            {shown === value ? <Panel /> : null}
          </div>
        ) : null,
      )}
    </>
  );
}

export default function LoginPage() {
  const { voices } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 md:items-center">
      <section className="space-y-4">
        <h1 className="font-serif text-4xl font-bold">Keep your family's stories</h1>
        <p className="text-lg text-muted-foreground">
          Collect stories from relatives by e-mail: they just reply, or use a form that needs no account.
        </p>
        <ul className="space-y-2 text-muted-foreground">
          <li>✉️ Invitations, gentle reminders and replies gathered for you</li>
          <li>🎙️ Their stories made into a podcast episode and a family newsletter</li>
          <li>🔊 {voicesSentence(voices)}</li>
        </ul>
      </section>
      <Card>
        <AccountTabs />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
