import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { noScripts } from "~/components/page-scripts";
import { bookListening, startFragment } from "~/features/book/listen.server";
import { bookMessages } from "~/features/book/messages";
import { formatDay } from "~/lib/format-date";
import { notFound } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";

export const meta: MetaFunction = () => [
  { title: `${bookMessages.listenPage.title} | Storyhearth` },
  { name: "robots", content: "noindex" },
  describedAs(),
];

// The page is its HTML: the native player, the chapter's start as a media fragment, the text (decision 0181).
export const handle = noScripts;

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const story = bookListening(token);
  if (!story) throw notFound();
  return {
    title: story.title,
    name: story.contributorName,
    collection: story.campaignTitle,
    lengthLabel: story.lengthLabel,
    date: formatDay(story.submittedAt),
    text: story.text,
    transcript: story.transcript,
    // An episode plays from the story's chapter: the fragment is in the server's HTML, so it works without scripts.
    audio: story.play ? `/b/${token}/audio${startFragment(story.play.start)}` : null,
    episode: story.play?.episodeTitle ? bookMessages.listenPage.fromEpisode(story.play.episodeTitle) : null,
  };
}

export default function BookListenPage() {
  const story = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg space-y-4 p-4">
      <p className="text-sm text-muted-foreground">{story.collection}</p>
      <h1 className="text-2xl font-semibold">{story.title}</h1>
      <p className="text-sm text-muted-foreground">
        {story.name ? bookMessages.pdf.from(story.name) : bookMessages.pdf.anonymous}
      </p>
      <p className="text-sm text-muted-foreground">{[story.date, story.lengthLabel].filter(Boolean).join(" · ")}</p>
      {story.episode ? <p className="text-sm">{story.episode}</p> : null}
      {story.audio ? (
        <audio controls preload="none" src={story.audio} className="w-full" />
      ) : (
        <p>{bookMessages.listenPage.noAudio}</p>
      )}
      {story.transcript ? (
        <section>
          <h2 className="font-medium">{bookMessages.listenPage.transcript}</h2>
          <p className="whitespace-pre-line">{story.transcript}</p>
        </section>
      ) : null}
      {story.text ? (
        <section>
          <h2 className="font-medium">{bookMessages.listenPage.story}</h2>
          <p className="whitespace-pre-line">{story.text}</p>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
