import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { noScripts } from "~/components/page-scripts";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { storyMessages } from "~/features/contributions/messages";
import {
  recordingIdOfRemovalToken,
  removalPage,
  removeStoryOfRecording,
  requestRecordingRemoval,
} from "~/features/contributions/recordings.server";
import { withdrawEpisodesWithClip } from "~/features/podcasts/generation/clip-removal.server";
import { notFound, readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";

export const handle = noScripts;

// The thank-you e-mail's link. A GET only asks (mail scanners follow links); the POST records the request.
export async function loader({ params, request }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const page = removalPage(token);
  if (page) return { ...page, storyDeleted: false };
  if (new URL(request.url).searchParams.has("deleted") && recordingIdOfRemovalToken(token))
    return { campaignTitle: "", requested: true, storyDeleted: true };
  throw notFound();
}

export async function action({ params, request }: ActionFunctionArgs) {
  const story = (await readFormData(request)).get("story") === "yes";
  const recording = await requestRecordingRemoval(params.token ?? "");
  if (!recording) throw notFound();
  // Episodes already made that play it (or read the story): withdrawn from feeds and shares and remade
  // without it. The story may be asked for later, after the recording alone: then episodes go again.
  if (!recording.removalRequestedAt || story) await withdrawEpisodesWithClip(recording.id, { story });
  if (!story) return { done: true };
  await removeStoryOfRecording(recording.id);
  return redirect(`/recording-removal/${params.token}?deleted`);
}

export const meta: MetaFunction = () => [
  { title: `${storyMessages.removal.title} | Storyhearth` },
  { name: "robots", content: "noindex" },
  describedAs(),
];

export default function RecordingRemoval() {
  const { campaignTitle, requested, storyDeleted } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done || requested;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">
          {done ? storyMessages.removal.doneTitle : storyMessages.removal.title}
        </h1>
        <p className="text-muted-foreground">
          {storyDeleted
            ? storyMessages.removal.storyDoneText
            : done
              ? storyMessages.removal.doneText
              : storyMessages.removal.text(campaignTitle)}
        </p>
        {storyDeleted ? null : done ? (
          <Form method="post" className="space-y-3 border-t border-border pt-4">
            <p className="text-sm text-muted-foreground">{storyMessages.removal.storyStays}</p>
            <input type="hidden" name="story" value="yes" />
            <Button type="submit" variant="outline">
              {storyMessages.removal.deleteStory}
            </Button>
          </Form>
        ) : (
          <Form method="post" className="space-y-4">
            <label className="flex items-center justify-center gap-2 text-sm">
              <input type="checkbox" name="story" value="yes" />
              {storyMessages.removal.alsoStory}
            </label>
            <Button type="submit">{storyMessages.removal.confirm}</Button>
          </Form>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFoundTitle={storyMessages.removal.invalidTitle}
      notFoundText={storyMessages.removal.invalidText}
    />
  );
}
