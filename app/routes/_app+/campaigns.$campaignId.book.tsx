import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { bookPageView, requestBook, turnOffBookLinks } from "~/features/book/build.server";
import { bookMessages as m } from "~/features/book/messages";
import { readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireOwnedCampaign } from "~/models/campaign.server";

export const meta: MetaFunction = () => [{ title: `${m.heading} | Storyhearth` }];

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
    if (turnOffBookLinks(user.id, campaignId) === null) throw new Response("Not Found", { status: 404 });
    return redirectWithToast(here, { title: m.revoked });
  }
  const result = await requestBook(user.id, campaignId, form);
  if (!result.ok) {
    if (result.status === 404) throw new Response("Not Found", { status: 404 });
    return data({ error: result.message }, { status: result.status });
  }
  return redirectWithToast(here, { title: m.queued });
}

export default function BookPage() {
  const { campaign, book, storyCount, liveLinks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const working = book && (book.status === "queued" || book.status === "running");
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-6">
      {/* Progress without JavaScript: the page asks again every few seconds while the job runs. */}
      {working ? <meta httpEquiv="refresh" content="3" /> : null}
      <h1 className="text-2xl font-semibold">
        {m.heading}: {campaign.title}
      </h1>
      <p>{m.intro}</p>
      {book ? (
        <Card className="space-y-3 p-4" aria-live="polite">
          {working ? (
            <>
              <p role="status">{book.status === "queued" ? m.queued : m.running(book.storiesDone, book.storyCount)}</p>
              <progress max={book.storyCount} value={book.storiesDone} className="w-full" />
              <a className={buttonClass("outline")} href={`/campaigns/${campaign.id}/book`}>
                {m.refresh}
              </a>
            </>
          ) : book.status === "done" ? (
            <>
              <p role="status">{m.ready(book.pageCount ?? 0)}</p>
              <a className={buttonClass()} href={book.href} download>
                {m.download}
              </a>
            </>
          ) : (
            <p role="alert">{m.failed}</p>
          )}
        </Card>
      ) : null}
      <Card className="p-4">
        <CardTitle>{m.make}</CardTitle>
        {storyCount === 0 ? <p>{m.noStories}</p> : null}
        <Form method="post" className="mt-3 space-y-3">
          <fieldset>
            <legend className="font-medium">{m.trimLabel}</legend>
            {(Object.keys(m.trims) as Array<keyof typeof m.trims>).map((trim) => (
              <label key={trim} className="mr-4 inline-flex items-center gap-2">
                <input type="radio" name="trim" value={trim} defaultChecked={trim === "6x9"} />
                {m.trims[trim]}
              </label>
            ))}
          </fieldset>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="bleed" value="on" />
            {m.bleedLabel}
          </label>
          {actionData?.error ? (
            <p role="alert" className="text-destructive">
              {actionData.error}
            </p>
          ) : null}
          <Button type="submit" disabled={Boolean(working) || storyCount === 0}>
            {m.make}
          </Button>
        </Form>
      </Card>
      {liveLinks > 0 ? (
        <Card className="space-y-3 p-4">
          <p>{m.linksLive(liveLinks)}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <Button type="submit" variant="outline">
              {m.revoke}
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
