// Never in production. Links are clickable so a newcomer can follow a reset link.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TextareaField } from "~/components/forms";
import { OutboxStatusBadge } from "~/components/outbox-status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { replyToOutboxEmail } from "~/features/contributions/dev-reply.server";
import { tokenFromRecipients } from "~/features/contributions/reply-address.server";
import { splitTextLinks } from "~/lib/email/layout";
import { getOutboxEmail } from "~/lib/email/outbox.server";
import { devToolsEnabled } from "~/lib/env.server";
import { notFound, readFormData } from "~/lib/http.server";

export async function loader({ params }: LoaderFunctionArgs) {
  if (!devToolsEnabled()) throw notFound();
  const email = params.emailId ? getOutboxEmail(params.emailId) : undefined;
  if (!email) throw notFound();
  return {
    email: {
      id: email.id,
      kind: email.kind,
      from: email.from,
      to: email.to,
      replyTo: email.replyTo,
      subject: email.subject,
      headers: email.headers,
      status: email.status,
      attempts: email.attempts,
      lastError: email.lastError,
      providerMessageId: email.providerMessageId,
      createdAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
      text: email.text,
      html: email.html,
    },
    // Invitations and reminders can be answered from here, as a relative would by replying.
    canReply: Boolean(email.replyTo && tokenFromRecipients(email.replyTo)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (!devToolsEnabled()) throw notFound();
  const email = params.emailId ? getOutboxEmail(params.emailId) : undefined;
  if (!email) throw notFound();
  const form = await readFormData(request);
  const body = String(form.get("body") ?? "").trim();
  if (!body) return { ok: false as const, message: "Write a reply first." };
  return replyToOutboxEmail(email, body);
}

const formatTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

function LinkifiedText({ text }: { text: string }) {
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm leading-relaxed">
      {splitTextLinks(text).map((part, i) =>
        part.type === "link" ? (
          <a key={i} href={part.href} className="text-primary underline underline-offset-2">
            {part.href}
          </a>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </pre>
  );
}

function ReplyForm() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Card className="space-y-3">
      <CardTitle>Reply as the recipient</CardTitle>
      <p className="text-sm text-muted-foreground">
        Posts a correctly signed Mailgun webhook to this app, exactly as a real reply to this e-mail would arrive.
      </p>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm text-destructive"}>
          {result.message}{" "}
          {result.ok && result.campaignId ? (
            <Link to={`/campaigns/${result.campaignId}/stories`} className="text-primary underline">
              See the collection&apos;s stories
            </Link>
          ) : null}
        </p>
      ) : null}
      <Form method="post" className="space-y-3">
        <TextareaField label="Your reply" textareaProps={{ name: "body", required: true, rows: 6, defaultValue: "" }} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Sending..." : "Send Reply"}
        </Button>
      </Form>
    </Card>
  );
}

export default function DevMailboxMessage() {
  const { email, canReply } = useLoaderData<typeof loader>();
  type Row = [label: string, value: React.ReactNode];
  const rows: Row[] = [
    ["From", email.from],
    ["To", email.to],
  ];
  if (email.replyTo) rows.push(["Reply-To", email.replyTo]);
  rows.push(
    ["Subject", email.subject],
    ["Kind", <span className="font-mono text-xs">{email.kind}</span>],
    ["Status", <OutboxStatusBadge status={email.status} />],
    ["Created", <time dateTime={email.createdAt}>{formatTime(email.createdAt)}</time>],
  );
  if (email.sentAt) rows.push(["Sent", <time dateTime={email.sentAt}>{formatTime(email.sentAt)}</time>]);
  rows.push(["Attempts", String(email.attempts)]);
  if (email.providerMessageId) rows.push(["Provider id", email.providerMessageId]);
  if (email.lastError) rows.push(["Last error", email.lastError]);
  for (const [name, value] of Object.entries(email.headers)) rows.push([name, value]);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Link to="/dev/mailbox" className="text-sm text-primary hover:underline">
        ← Back to mailbox
      </Link>
      <h1 className="break-words text-2xl font-bold">{email.subject || "(no subject)"}</h1>

      <Card>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value], i) => (
            <div key={`${i}-${label}`} className="contents">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd className="mb-2 break-all sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>

      {canReply ? <ReplyForm /> : null}

      <Card className="space-y-3">
        <CardTitle>Text version</CardTitle>
        <LinkifiedText text={email.text} />
      </Card>

      <Card className="space-y-3">
        <CardTitle>HTML version</CardTitle>
        {/* sandbox="" runs no script and navigates nowhere: a hostile mail cannot touch this page. */}
        <iframe
          title="HTML version of the e-mail"
          sandbox=""
          srcDoc={email.html}
          className="h-[640px] w-full rounded-md border border-border bg-white"
        />
      </Card>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.email.subject ?? "Message"} | Dev mailbox | Storyhearth` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundText="There is no message with this id in the outbox." />;
}
