import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { bookPageView, requestBook, turnOffBookLinks } from "~/features/book/build.server";
import { BookOptions, BookStatus, isWorking } from "~/features/book/components/book-status";
import { bookMessages } from "~/features/book/messages";
import { notFound, readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireOwnedCampaign } from "~/models/campaign.server";

export const meta: MetaFunction = () => [{ title: `${bookMessages.heading} | Storyhearth` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const campaign = await requireOwnedCampaign(user.id, params.campaignId ?? "");
  return { campaign: { id: campaign.id, title: campaign.title }, ...bookPageView(user.id, campaign.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const campaignId = params.campaignId ?? "";
  const form = await readFormData(request);
  const here = `/campaigns/${campaignId}/book`;
  if (form.get("intent") === "revoke") {
    if (turnOffBookLinks(user.id, campaignId) === null) throw notFound();
    return redirectWithToast(here, { title: bookMessages.revoked });
  }
  const result = requestBook(user.id, campaignId, form);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data({ error: result.message, words: result.words }, { status: result.status });
  }
  return redirectWithToast(here, { title: bookMessages.queued });
}

export default function BookPage() {
  const { campaign, book, storyCount, liveLinks, covers, words } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = `/campaigns/${campaign.id}/book`;
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold break-words">
        {bookMessages.heading}: {campaign.title}
      </h1>
      <p>{bookMessages.intro}</p>
      {book ? <BookStatus book={book} here={here} /> : null}
      <Card className="p-4">
        <CardTitle>{bookMessages.make}</CardTitle>
        {storyCount === 0 ? <p>{bookMessages.noStories}</p> : null}
        <Form method="post" className="mt-3 space-y-3">
          <BookOptions covers={covers} error={actionData?.error} words={actionData?.words ?? words} />
          <Button type="submit" disabled={isWorking(book) || storyCount === 0}>
            {bookMessages.make}
          </Button>
        </Form>
        <p className="mt-3">
          <Link to="/books" className="underline">
            {bookMessages.account.link}
          </Link>
        </p>
      </Card>
      {liveLinks > 0 ? (
        <Card className="space-y-3 p-4">
          <p>{bookMessages.linksLive(liveLinks)}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <Button type="submit" variant="outline">
              {bookMessages.revoke}
            </Button>
          </Form>
        </Card>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
