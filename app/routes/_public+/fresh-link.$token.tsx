import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { noScripts } from "~/components/page-scripts";
import { ReplacedLink } from "~/features/contributions/components/replaced-link";
import { storyMessages } from "~/features/contributions/messages";
import { retiredLink, sendFreshLink } from "~/features/contributions/retired-links.server";
import { notFound } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";

export const handle = noScripts;

// Only a replaced token answers; the mail goes to the invitation's own address (decision 0190).
export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const found = retiredLink(token);
  if (!found) throw notFound();
  return { campaignTitle: found.campaign.title, token };
}

export async function action({ params }: ActionFunctionArgs) {
  const found = retiredLink(params.token ?? "");
  if (!found) throw notFound();
  await sendFreshLink(found);
  return { sent: true };
}

export const meta: MetaFunction = () => [
  { title: `${storyMessages.replacedLink.pageTitle} | Storyhearth` },
  { name: "robots", content: "noindex" },
  describedAs(),
];

export default function FreshLink() {
  const { campaignTitle, token } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>()?.sent ?? false;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <ReplacedLink campaignTitle={campaignTitle} token={token} sent={sent} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundTitle="Link Not Found" notFoundText="This link is not valid." />;
}
