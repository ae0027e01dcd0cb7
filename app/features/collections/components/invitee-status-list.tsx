import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect } from "react";

import { Field, FormAlert } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { displayAddress } from "~/lib/display-address";
import type { FormConstraint } from "~/lib/zod-constraint";

import { CORRECT_INTENT, RESEND_INTENT, type InviteeStatus, type InviteeView } from "../invitee-status";
import { campaignMessages } from "../messages";

const badgeVariant: Record<InviteeStatus, "default" | "secondary" | "outline" | "destructive"> = {
  answered: "default",
  not_delivered: "destructive",
  invited: "secondary",
  reminded: "secondary",
  not_sent: "outline",
  unsubscribed: "outline",
};

type Correction = { invitationId: string; result: SubmissionResult<string[]> };

export function InviteeStatusList({
  invitees,
  error,
  correction,
  constraint,
}: {
  invitees: InviteeView[];
  error?: string | null;
  correction?: Correction | null;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  if (invitees.length === 0) return null;
  const answered = invitees.filter((i) => i.status === "answered").length;
  const sendingId =
    navigation.formData?.get("intent") === RESEND_INTENT ? navigation.formData.get("invitationId") : null;
  return (
    <Card role="region" className="space-y-3" aria-labelledby="invitees-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id="invitees-heading">{campaignMessages.invitees.heading}</CardTitle>
        <p className="text-sm text-muted-foreground">{campaignMessages.invitees.summary(answered, invitees.length)}</p>
      </div>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive p-3 text-sm text-destructive-foreground"
        >
          {error}
        </p>
      ) : null}
      <ul className="divide-y divide-border" aria-labelledby="invitees-heading">
        {invitees.map((invitee) => (
          <li key={invitee.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="invitee">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="break-all">{displayAddress(invitee.email)}</span>
              <Badge variant={badgeVariant[invitee.status]}>{invitee.statusLabel}</Badge>
              {invitee.reminderCount > 0 ? (
                <span className="text-xs text-muted-foreground">
                  {campaignMessages.invitees.reminded(invitee.reminderCount, invitee.maxReminders)}
                </span>
              ) : null}
            </div>
            {invitee.failureReason ? (
              <p className="w-full break-words text-sm text-muted-foreground">
                {campaignMessages.invitees.failedBecause(invitee.failureReason)}
              </p>
            ) : null}
            {invitee.canCorrect ? (
              <CorrectAddressForm
                invitee={invitee}
                constraint={constraint}
                lastResult={correction?.invitationId === invitee.id ? correction.result : undefined}
              />
            ) : null}
            {invitee.canResend ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={RESEND_INTENT} />
                <input type="hidden" name="invitationId" value={invitee.id} />
                <input type="hidden" name="seen" value={invitee.reminderCount} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={campaignMessages.invitees.resendTo(invitee.email)}
                  disabled={sendingId === invitee.id}
                >
                  {sendingId === invitee.id ? campaignMessages.invitees.resending : campaignMessages.invitees.resend}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

// Written by hand rather than with conform's form hook, which this page would otherwise load for one field (decision 0183).
function CorrectAddressForm({
  invitee,
  lastResult,
  constraint,
}: {
  invitee: InviteeView;
  lastResult?: SubmissionResult<string[]>;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const formId = `correct-${invitee.id}`;
  const fieldId = `${formId}-email`;
  const errors = lastResult?.error?.email ?? undefined;
  const formErrors = lastResult?.error?.[""] ?? undefined;
  const typed = (lastResult?.initialValue as Record<string, unknown> | null | undefined)?.email;
  useEffect(() => {
    if (lastResult?.error?.email) document.getElementById(fieldId)?.focus();
  }, [lastResult, fieldId]);
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === CORRECT_INTENT &&
    navigation.formData.get("invitationId") === invitee.id;
  return (
    <Form id={formId} method="post" noValidate preventScrollReset className="flex w-full flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={CORRECT_INTENT} />
      <input type="hidden" name="invitationId" value={invitee.id} />
      <FormAlert errors={formErrors} />
      <Field
        className="min-w-0 flex-1 basis-56"
        label={campaignMessages.invitees.correction.label(invitee.email)}
        inputProps={{
          id: fieldId,
          name: "email",
          type: "email",
          autoComplete: "off",
          defaultValue: typeof typed === "string" ? typed : undefined,
          required: constraint.email?.required,
          maxLength: constraint.email?.maxLength,
        }}
        errors={errors}
      />
      <Button type="submit" size="sm" disabled={submitting}>
        {submitting ? campaignMessages.invitees.correction.submitting : campaignMessages.invitees.correction.submit}
      </Button>
    </Form>
  );
}
