// Without JavaScript a plain POST whose errors the /launch-list page shows.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";

import { Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { landingMessages } from "~/features/site/landing-messages";
import type { constraintOf } from "~/lib/zod-constraint";

type Props = {
  lastResult?: SubmissionResult;
  autoFocus?: boolean;
  /** The schema's HTML constraints from the page's loader: the page loads no schema code. */
  constraint: ReturnType<typeof constraintOf>;
};

export function LaunchListForm({ lastResult, autoFocus, constraint }: Props) {
  // The /launch-list action answers a failed submission with its reply; success redirects.
  const fetcher = useFetcher<SubmissionResult>();
  // Checked by the /launch-list action only; its reply shows under the field.
  const [form, fields] = useForm<{ email: string }>({
    id: "launch-list",
    lastResult: fetcher.data ?? lastResult,
    constraint,
  });
  return (
    <fetcher.Form method="post" action="/launch-list" className="space-y-3" {...getFormProps(form)}>
      <Field
        label={landingMessages.signup.emailLabel}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          placeholder: landingMessages.signup.emailPlaceholder,
          autoComplete: "email",
          autoFocus,
        }}
        errors={fields.email.errors}
      />
      <Button type="submit" className="w-full" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? landingMessages.signup.submitting : landingMessages.signup.submit}
      </Button>
      <p className="text-center text-xs text-muted-foreground">{landingMessages.signup.privacy}</p>
    </fetcher.Form>
  );
}
