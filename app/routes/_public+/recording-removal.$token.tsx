import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { storyMessages } from "~/features/contributions/messages";
import { removalPage, requestRecordingRemoval } from "~/features/contributions/recordings.server";
import { withdrawEpisodesWithClip } from "~/features/podcasts/clip-removal.server";
import { noScripts } from "~/components/page-scripts";
import { describedAs } from "~/lib/link-preview";

const m = storyMessages.removal;

// One button that posts a form: no scripts (issue 33).
export const handle = noScripts;

// The thank-you e-mail's link. A GET only asks (mail scanners follow links); the POST records the request.
export async function loader({ params }: LoaderFunctionArgs) {
  const page = removalPage(params.token ?? "");
  if (!page) throw new Response("Not Found", { status: 404 });
  return page;
}

export async function action({ params }: ActionFunctionArgs) {
  const recording = await requestRecordingRemoval(params.token ?? "");
  if (!recording) throw new Response("Not Found", { status: 404 });
  // Episodes already made that play it: withdrawn from feeds and shares and remade without it; the owner is told once.
  if (!recording.removalRequestedAt) await withdrawEpisodesWithClip(recording.id);
  return { done: true };
}

export const meta: MetaFunction = () => [{ title: `${m.title} | Storyhearth` }, { name: "robots", content: "noindex" }, describedAs()];

export default function RecordingRemoval() {
  const { campaignTitle, requested } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done || requested;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">{done ? m.doneTitle : m.title}</h1>
        <p className="text-muted-foreground">{done ? m.doneText : m.text(campaignTitle)}</p>
        {done ? null : (
          <Form method="post">
            <Button type="submit">{m.confirm}</Button>
          </Form>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundTitle={m.invalidTitle} notFoundText={m.invalidText} />;
}
