// Without JavaScript a plain POST whose errors the /launch-list page shows.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { constraintOf } from "~/lib/zod-constraint";
import { useFetcher } from "@remix-run/react";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { landingMessages } from "~/features/site/landing-messages";
import { LaunchListSchema } from "~/features/site/launch-list-schema";

const s = landingMessages.signup;

export function LaunchListForm({ lastResult, autoFocus }: { lastResult?: SubmissionResult; autoFocus?: boolean }) {
  // The /launch-list action answers a failed submission with its reply; success redirects.
  const fetcher = useFetcher<SubmissionResult>();
  const [form, fields] = useForm({
    id: "launch-list",
    lastResult: fetcher.data ?? lastResult,
    constraint: constraintOf(LaunchListSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LaunchListSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action="/launch-list" className="space-y-3" {...getFormProps(form)}>
      <Field
        label={s.emailLabel}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), placeholder: s.emailPlaceholder, autoComplete: "email", autoFocus }}
        errors={fields.email.errors}
      />
      <Button type="submit" className="w-full" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? s.submitting : s.submit}
      </Button>
      <p className="text-center text-xs text-muted-foreground">{s.privacy}</p>
    </fetcher.Form>
  );
}
