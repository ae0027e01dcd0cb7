import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { noScripts } from "~/components/page-scripts";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ReplacedLink } from "~/features/contributions/components/replaced-link";
import { retiredLink } from "~/features/contributions/retired-links.server";
import { unsubscribe, unsubscribeTarget } from "~/features/contributions/unsubscribe.server";
import { notFound } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";

export const handle = noScripts;

// A GET only asks: mail scanners follow links. The POST (also one-click List-Unsubscribe-Post) acts.
// A replaced link (decision 0190) no longer acts: it offers a fresh one instead.
export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const found = unsubscribeTarget(token);
  if (found) return { title: found.campaign.title, unsubscribed: found.unsubscribed, replaced: null };
  const retired = retiredLink(token);
  if (!retired) throw notFound();
  return { title: retired.campaign.title, unsubscribed: false, replaced: { token } };
}

export async function action({ params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const found = unsubscribeTarget(token);
  if (!found) {
    if (retiredLink(token)) return data({ done: false }, { status: 410 });
    throw notFound();
  }
  unsubscribe(found, token);
  return { done: true };
}

export const meta: MetaFunction = () => [{ title: "Unsubscribe | Storyhearth" }, describedAs()];

export default function Unsubscribe() {
  const { title, unsubscribed, replaced } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done || unsubscribed;
  if (replaced)
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <ReplacedLink campaignTitle={title} token={replaced.token} />
      </div>
    );
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">{done ? "You're unsubscribed" : "Unsubscribe?"}</h1>
        <p className="text-muted-foreground">
          {done
            ? `You will get no more e-mails about "${title}".`
            : `Stop receiving e-mails about "${title}": invitations, reminders and newsletters.`}
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
