// The dev mailbox: on a machine without Mailgun every e-mail lands in the outbox, and this page
// shows it. Never available in production.
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useOutlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { listOutbox, type OutboxStatus } from "~/models/outbox.server";
import { isProduction } from "~/utils/env.server";

export async function loader() {
  if (isProduction()) throw new Response("Not Found", { status: 404 });
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

const statusVariant: Record<OutboxStatus, "default" | "secondary" | "outline" | "destructive"> = {
  sent: "default",
  stored: "secondary",
  queued: "outline",
  failed: "destructive",
};

/** Formatted the same on server and client (no time-zone dependent hydration mismatch). */
const formatTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export default function DevMailbox() {
  const { emails } = useLoaderData<typeof loader>();
  // Flat-route naming makes dev.mailbox.$emailId a child of this route; a message gets the whole page.
  const outlet = useOutlet();
  if (outlet) return outlet;

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
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-border bg-muted text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3">Subject</th>
                <th scope="col" className="px-4 py-3">To</th>
                <th scope="col" className="px-4 py-3">Kind</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3">Time</th>
              </tr>
            </thead>
            <tbody>
              {emails.map((email) => (
                <tr key={email.id} className="border-b border-border last:border-0 hover:bg-muted/50">
                  <td className="px-4 py-3">
                    <Link to={`/dev/mailbox/${email.id}`} className="font-medium text-primary hover:underline">
                      {email.subject || "(no subject)"}
                    </Link>
                  </td>
                  <td className="break-all px-4 py-3">{email.to}</td>
                  <td className="px-4 py-3 font-mono text-xs">{email.kind}</td>
                  <td className="px-4 py-3">
                    <Badge variant={statusVariant[email.status]}>{email.status}</Badge>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                    <time dateTime={email.createdAt}>{formatTime(email.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Dev mailbox | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
