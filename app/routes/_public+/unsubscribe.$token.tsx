import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { noScripts } from "~/components/page-scripts";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { getInvitationByToken, unsubscribeInvitation } from "~/models/invitation.server";
import { describedAs } from "~/lib/link-preview";

// One button: a plain form post answers with the same page, so no scripts (decision 0181).
export const handle = noScripts;

// A GET only asks: mail scanners follow links. The POST (also one-click List-Unsubscribe-Post) acts.
export async function loader({ params }: LoaderFunctionArgs) {
  const found = getInvitationByToken(params.token ?? "");
  if (!found) throw new Response("Not Found", { status: 404 });
  return { title: found.campaign.title, unsubscribed: found.invitation.status === "unsubscribed" };
}

export async function action({ params }: ActionFunctionArgs) {
  if (!getInvitationByToken(params.token ?? "")) throw new Response("Not Found", { status: 404 });
  unsubscribeInvitation(params.token ?? "");
  return { done: true };
}

export const meta: MetaFunction = () => [{ title: "Unsubscribe | Storyhearth" }, describedAs()];

export default function Unsubscribe() {
  const { title, unsubscribed } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done || unsubscribed;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">{done ? "You're unsubscribed" : "Unsubscribe?"}</h1>
        <p className="text-muted-foreground">
          {done ? `You will get no more e-mails about "${title}".` : `Stop receiving invitations and reminders for "${title}".`}
        </p>
        {done ? null : (
          <Form method="post">
            <Button type="submit">Unsubscribe</Button>
          </Form>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundTitle="Link Not Found" notFoundText="This unsubscribe link is not valid." />;
}
