// Never in production. Without Mailgun every e-mail lands here (decision 0006).
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OutboxStatusBadge } from "~/components/outbox-status-badge";
import { Card } from "~/components/ui/card";
import { listOutbox } from "~/lib/email/outbox.server";
import { devToolsEnabled } from "~/lib/env.server";
import { notFound } from "~/lib/http.server";

export async function loader() {
  if (!devToolsEnabled()) throw notFound();
  const emails = listOutbox({ limit: 200 }).map((email) => ({
    id: email.id,
    to: email.to,
    subject: email.subject,
    kind: email.kind,
    status: email.status,
    createdAt: email.createdAt.toISOString(),
  }));
  return { emails };
}

/** The same on server and client: no time-zone hydration mismatch. */
const formatTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export default function DevMailbox() {
  const { emails } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold">Dev mailbox</h1>
        <p className="text-muted-foreground">
          Every e-mail the app sends is stored here on a local run (no Mailgun configured). Newest first.
        </p>
      </div>
      {emails.length === 0 ? (
        <Card className="text-center text-muted-foreground">
          No e-mails yet. Password resets, invitations and reminders will appear here.
        </Card>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card shadow-sm">
          {emails.map((email) => (
            <li key={email.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/dev/mailbox/${email.id}`}
                  className="block truncate font-medium text-primary hover:underline"
                >
                  {email.subject || "(no subject)"}
                </Link>
                <p className="truncate text-sm text-muted-foreground">
                  To {email.to} · <span className="font-mono text-xs">{email.kind}</span>
                </p>
              </div>
              <div className="flex items-center gap-3 text-sm">
                <OutboxStatusBadge status={email.status} />
                <time dateTime={email.createdAt} className="whitespace-nowrap text-muted-foreground">
                  {formatTime(email.createdAt)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Dev mailbox | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
