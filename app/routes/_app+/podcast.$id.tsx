import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { CoverImage } from "~/features/podcasts/covers/components/cover-image";
import { isGenerationInProgress } from "~/features/podcasts/generation-status";
import { revokeFeedAction } from "~/features/podcasts/generation/family-podcast-intents.server";
import { libraryMessages } from "~/features/podcasts/library/library-messages";
import { listSimilarCandidates } from "~/features/podcasts/library/library.server";
import { getPodcastDetail } from "~/features/podcasts/library/podcast-detail.server";
import { rankSimilar } from "~/features/podcasts/library/similar";
import { technicalDetails } from "~/features/podcasts/library/technical-details";
import { episodeChapters } from "~/features/podcasts/listening/chapters.server";
import { FeedPanel } from "~/features/podcasts/listening/components/feed-panel";
import { ListeningSession } from "~/features/podcasts/listening/components/listening-session";
import { PodcastPlayer } from "~/features/podcasts/listening/components/podcast-player";
import { SharePanel } from "~/features/podcasts/listening/components/share-panel";
import { TranscriptView } from "~/features/podcasts/listening/components/transcript-view";
import { podcastDownloadUrl } from "~/features/podcasts/listening/download-names";
import { feedPanelFor } from "~/features/podcasts/listening/feeds.server";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { isPodcastId } from "~/features/podcasts/listening/listening-schemas";
import { countListenOncePerVisit } from "~/features/podcasts/listening/listens.server";
import { isSharePanelIntent, sharePanelAction, sharePanelFor } from "~/features/podcasts/listening/share-panel.server";
import { timedTranscript } from "~/features/podcasts/listening/transcript";
import { podcastMessages } from "~/features/podcasts/messages";
import { podcastCoverUrl } from "~/features/podcasts/podcast-view";
import { getOwnedPodcast, getOwnedPodcastAudioKey } from "~/features/podcasts/podcasts.server";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { wizardUrls } from "~/features/podcasts/wizard/wizard-urls";
import { cn } from "~/lib/cn";
import { formatDay } from "~/lib/format-date";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";
import { formatDuration } from "~/lib/text-format";

const DETAIL_TABS = ["description", "transcript", "technical"] as const;
type DetailTab = (typeof DETAIL_TABS)[number];
const tabOf = (value: string | null): DetailTab =>
  (DETAIL_TABS as readonly string[]).includes(value ?? "") ? (value as DetailTab) : "description";

function requirePodcastId(params: LoaderFunctionArgs["params"]) {
  const id = params.id;
  if (!isPodcastId(id))
    throw Response.json(
      { message: listeningMessages.detail.invalidId },
      { status: 400, statusText: listeningMessages.detail.invalidId },
    );
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = requirePodcastId(params);
  const podcast = await getPodcastDetail(user.id, id);
  if (!podcast) throw notFound();

  const headers = new Headers();
  let listens = podcast.listens;
  if (podcast.audioUrl) {
    const visit = await countListenOncePerVisit(request, podcast.id);
    if (visit.counted) listens += 1;
    headers.append("Set-Cookie", visit.setCookie);
  }
  const similar = rankSimilar(podcast, listSimilarCandidates(user.id)).map((p) => ({
    id: p.id,
    title: p.title,
    duration: formatDuration(p.duration),
    createdAt: formatDay(p.createdAt),
    sameCollection: Boolean(podcast.campaignId && p.campaignId === podcast.campaignId),
  }));
  const panel = await sharePanelFor(request, user.id, podcast.id);
  const audioKey = podcast.audioUrl ? getOwnedPodcastAudioKey(user.id, id) : null;
  const chapters = audioKey ? await episodeChapters(audioKey) : [];
  return data(
    {
      podcast: {
        id: podcast.id,
        title: podcast.title,
        description: podcast.description,
        status: podcast.status,
        statusLabel: podcast.statusLabel,
        errorMessage: podcast.errorMessage,
        inProgress: isGenerationInProgress(podcast.status) || podcast.status === "not_started",
        audioUrl: podcast.audioUrl,
        durationSeconds: podcast.duration,
        duration: formatDuration(podcast.duration),
        createdAt: formatDay(podcast.createdAt),
        completedAt: podcast.completedAt ? formatDay(podcast.completedAt) : null,
        hostLabel: podcast.hostLabel,
        chapters,
        transcript: timedTranscript(podcast.transcript, {
          duration: podcast.duration,
          chapters,
          script: podcast.script,
        }),
        technical: technicalDetails(podcast, listens),
      },
      tab: tabOf(new URL(request.url).searchParams.get("tab")),
      // Made here, so the page loads neither the wizard's links nor its messages.
      scriptLink:
        podcast.status === "script_ready"
          ? { href: wizardUrls.script(podcast.id), label: scriptMessages.script.heading }
          : null,
      similar,
      ...panel,
      share: podcast.audioUrl ? panel.share : null,
      feed: podcast.audioUrl ? feedPanelFor(request, user.id, null) : null,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = requirePodcastId(params);
  const podcast = await getOwnedPodcast(user.id, id);
  if (!podcast) throw notFound();
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  // Post/redirect/get: the toast shows without JavaScript and a refresh repeats nothing.
  const here = new URL(request.url);
  const back = here.pathname + here.search;
  if (isSharePanelIntent(intent)) return sharePanelAction(request, user.id, podcast.id, formData, back);
  switch (intent) {
    case "revoke-feed":
      return revokeFeedAction(user.id, null, back);
    default:
      throw badIntent();
  }
}

/** The player and the transcript tab share one session, so the transcript follows the audio. */
export default function PodcastPage() {
  return (
    <ListeningSession>
      <PodcastPageContent />
    </ListeningSession>
  );
}

function PodcastPageContent() {
  const { podcast, tab, similar, newsletterHref, pinned, share, feed, scriptLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Link to="/my-podcasts" className="text-sm text-primary hover:underline">
        ← {listeningMessages.detail.back}
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex shrink-0 flex-col items-start gap-1">
          <CoverImage
            src={podcastCoverUrl(podcast.id)}
            title={podcast.title}
            className="w-36 sm:w-44"
            sizes="(min-width: 640px) 176px, 144px"
            priority
          />
          <Link to={`/podcast/${podcast.id}/cover`} className="text-sm text-primary hover:underline">
            {podcastMessages.cover.change}
          </Link>
        </div>
        <div className="min-w-0 space-y-2">
          <h1 className="font-serif text-3xl font-bold">{podcast.title}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span>Created {podcast.createdAt}</span>
            <span>Duration {podcast.duration}</span>
            <Badge variant="secondary">{podcast.hostLabel}</Badge>
            {podcast.inProgress ? <Badge>{libraryMessages.list.processing}</Badge> : null}
            {podcast.status === "failed" ? <Badge variant="destructive">{libraryMessages.list.failed}</Badge> : null}
          </p>
        </div>
      </header>

      {/* On a phone the player stays under the site's bar while the transcript below follows it (CSS only, so without JavaScript too). */}
      <Card
        className={cn(podcast.audioUrl && "max-lg:sticky max-lg:top-16 max-lg:z-20 max-lg:p-3 max-lg:shadow-md")}
        data-testid="player-card"
      >
        {podcast.audioUrl ? (
          <PodcastPlayer
            chaptersClassName="max-lg:max-h-24 max-lg:overflow-y-auto"
            src={podcast.audioUrl}
            fallbackSrc={podcastDownloadUrl(podcast.id)}
            duration={podcast.durationSeconds}
            title={podcast.title}
            artworkUrl={podcastCoverUrl(podcast.id)}
            chapters={podcast.chapters}
            resumeKey={`podcast:${podcast.id}`}
          />
        ) : (
          <div className="space-y-3">
            <p className="text-muted-foreground">
              {podcast.status === "failed"
                ? (podcast.errorMessage ?? listeningMessages.detail.failed)
                : listeningMessages.detail.notReady}
            </p>
            {scriptLink ? (
              <Link to={scriptLink.href} className={buttonClass()}>
                {scriptLink.label}
              </Link>
            ) : null}
          </div>
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-6">
          <DetailTabs tab={tab} podcast={podcast} />
          {podcast.audioUrl ? (
            <SharePanel
              podcastId={podcast.id}
              title={podcast.title}
              hasTranscript={podcast.transcript.length > 0}
              newsletterHref={newsletterHref}
              pinned={pinned}
              share={share}
              failed={actionData?.failed ?? false}
              lastResult={actionData?.result}
            />
          ) : null}
        </div>
        <div className="min-w-0 space-y-6">
          <SimilarPodcasts similar={similar} />
          {feed ? <FeedPanel feed={feed} scope="family" /> : null}
        </div>
      </div>
    </div>
  );
}

type LoadedPodcast = ReturnType<typeof useLoaderData<typeof loader>>["podcast"];

function DetailTabs({ tab, podcast }: { tab: DetailTab; podcast: LoadedPodcast }) {
  return (
    <Card className="space-y-4 p-0">
      <nav aria-label="Podcast details" className="flex flex-wrap border-b border-border">
        {DETAIL_TABS.map((t) => (
          <Link
            key={t}
            to={`?tab=${t}`}
            replace
            preventScrollReset
            aria-current={t === tab ? "page" : undefined}
            className={cn(
              "px-4 py-3 text-sm font-medium hover:bg-muted",
              t === tab && "border-b-2 border-primary text-primary",
            )}
          >
            {listeningMessages.detail.tabs[t]}
          </Link>
        ))}
      </nav>
      <section aria-label={listeningMessages.detail.tabs[tab]} className="px-6 pb-6">
        {tab === "description" ? (
          podcast.description ? (
            <p className="whitespace-pre-line">{podcast.description}</p>
          ) : (
            <p className="text-muted-foreground">{listeningMessages.detail.noDescription}</p>
          )
        ) : null}
        {tab === "transcript" ? <TranscriptView turns={podcast.transcript} /> : null}
        {tab === "technical" ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {podcast.technical.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-muted-foreground">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </section>
    </Card>
  );
}

function SimilarPodcasts({ similar }: { similar: ReturnType<typeof useLoaderData<typeof loader>>["similar"] }) {
  return (
    <Card className="h-fit space-y-3">
      <CardTitle>{listeningMessages.detail.similar}</CardTitle>
      {similar.length ? (
        <ul className="space-y-2">
          {similar.map((p) => (
            <li key={p.id}>
              <Link to={`/podcast/${p.id}`} className="block rounded-md border border-border p-3 hover:bg-muted">
                <span className="block font-medium">{p.title}</span>
                <span className="text-xs text-muted-foreground">
                  {`${p.createdAt} · ${p.duration}`}
                  {p.sameCollection ? " · Same collection" : ""}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{listeningMessages.detail.noSimilar}</p>
      )}
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.podcast.title ?? "Podcast"} | Storyhearth` },
  describedAs(),
];

export function ErrorBoundary() {
  const error = useRouteError();
  const invalid = isRouteErrorResponse(error) && error.status === 400;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">
        {invalid ? listeningMessages.detail.invalidId : listeningMessages.detail.unavailableTitle}
      </h1>
      {invalid ? null : <p className="text-muted-foreground">{listeningMessages.detail.loadFailed}</p>}
      <Link to="/my-podcasts" className={buttonClass()}>
        {listeningMessages.detail.back}
      </Link>
    </div>
  );
}
