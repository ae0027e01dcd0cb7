import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { PodcastPlayer } from "~/features/podcasts/components/podcast-player";
import { SharePanel } from "~/features/podcasts/components/share-panel";
import { TranscriptView } from "~/features/podcasts/components/transcript-view";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { listLibrary, newsletterPublicIdFor } from "~/features/podcasts/library.server";
import { getOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { createShareLink, sharePath } from "~/models/share-link.server";
import { podcastDownloadUrl } from "~/features/podcasts/download-names";
import { countListenOncePerVisit } from "~/features/podcasts/listens.server";
import { getPodcastDetail } from "~/features/podcasts/podcast-detail.server";
import { rankSimilar } from "~/features/podcasts/similar";
import { technicalDetails } from "~/features/podcasts/technical-details";
import { parseTranscript } from "~/features/podcasts/transcript";
import { readFormData } from "~/lib/http.server";
import { requireUser } from "~/features/account/auth.server";
import { cn } from "~/lib/cn";
import { formatDay, formatDuration } from "~/lib/text-format";
import { appUrl } from "~/lib/env.server";
import { isGenerationInProgress } from "~/features/podcasts/generation-status";
import { readLibraryPins, recentShareFor, rememberShare, toggleLibraryPin } from "~/features/podcasts/listening-cookies.server";
import { listeningMessages } from "~/features/podcasts/listening-messages";
import { isPodcastId, ShareFormSchema } from "~/features/podcasts/listening-schemas";
import { redirectWithToast } from "~/lib/toast.server";

const m = listeningMessages.detail;
const s = listeningMessages.share;

const DETAIL_TABS = ["description", "transcript", "technical"] as const;
type DetailTab = (typeof DETAIL_TABS)[number];
const tabOf = (value: string | null): DetailTab => ((DETAIL_TABS as readonly string[]).includes(value ?? "") ? (value as DetailTab) : "description");

function requirePodcastId(params: LoaderFunctionArgs["params"]) {
  const id = params.id;
  if (!isPodcastId(id)) throw Response.json({ message: m.invalidId }, { status: 400, statusText: m.invalidId });
  return id;
}
const notFound = () => new Response("Not Found", { status: 404 });

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
  const similar = rankSimilar(podcast, listLibrary(user.id)).map((p) => ({
    id: p.id,
    title: p.title,
    duration: formatDuration(p.duration),
    createdAt: formatDay(p.createdAt),
    sameCollection: Boolean(podcast.campaignId && p.campaignId === podcast.campaignId),
  }));
  const newsletterId = newsletterPublicIdFor(user.id, podcast.id);
  const pins = await readLibraryPins(request);
  const share = podcast.audioUrl ? await recentShareFor(request, podcast.id) : null;
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
        transcript: parseTranscript(podcast.transcript),
        technical: technicalDetails(podcast, listens),
      },
      tab: tabOf(new URL(request.url).searchParams.get("tab")),
      similar,
      newsletterHref: newsletterId ? `/newsletter/${newsletterId}` : null,
      pinned: pins.includes(podcast.id),
      share: share ? { url: share.url, days: share.days, passwordProtected: share.passwordProtected } : null,
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
  if (intent === "share") {
    const submission = parseWithZod(formData, { schema: ShareFormSchema });
    const hideFields = ["password"];
    if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), failed: true }, { status: 400 });
    const created = await createShareLink(user.id, podcast.id, submission.value);
    if ("error" in created) {
      if (created.error === "missing") throw notFound();
      return data({ result: submission.reply({ hideFields }), failed: true }, { status: 409 });
    }
    const days = submission.value.expiration;
    const setCookie = await rememberShare(request, {
      podcastId: podcast.id,
      url: `${appUrl()}${sharePath(created.token)}`,
      days,
      passwordProtected: created.passwordProtected,
      expiresAt: created.expiresAt.getTime(),
    });
    return redirectWithToast(back, s.generated(days), { headers: { "Set-Cookie": setCookie } });
  }
  if (intent === "no-share-link") {
    return redirectWithToast(back, { ...s.noLink, variant: "destructive" });
  }
  if (intent === "save-library") {
    const { pinned, setCookie } = await toggleLibraryPin(request, podcast.id);
    const toast = pinned ? listeningMessages.downloads.savedToast : listeningMessages.downloads.unsavedToast;
    return redirectWithToast(back, toast, { headers: { "Set-Cookie": setCookie } });
  }
  throw Response.json({ message: "Unknown action" }, { status: 400 });
}

export default function PodcastPage() {
  const { podcast, tab, similar, newsletterHref, pinned, share } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Link to="/my-podcasts" className="text-sm text-primary hover:underline">
        ← {m.back}
      </Link>
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold">{podcast.title}</h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>Created {podcast.createdAt}</span>
          <span>Duration {podcast.duration}</span>
          <Badge variant="secondary">{podcast.hostLabel}</Badge>
          {podcast.inProgress ? <Badge>{listeningMessages.list.processing}</Badge> : null}
          {podcast.status === "failed" ? <Badge variant="destructive">{listeningMessages.list.failed}</Badge> : null}
        </p>
      </header>

      <Card>
        {podcast.audioUrl ? (
          <PodcastPlayer src={podcast.audioUrl} fallbackSrc={podcastDownloadUrl(podcast.id)} duration={podcast.durationSeconds} title={podcast.title} />
        ) : (
          <p className="text-muted-foreground">{podcast.status === "failed" ? (podcast.errorMessage ?? m.failed) : m.notReady}</p>
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
        <SimilarPodcasts similar={similar} />
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
            className={cn("px-4 py-3 text-sm font-medium hover:bg-muted", t === tab && "border-b-2 border-primary text-primary")}
          >
            {m.tabs[t]}
          </Link>
        ))}
      </nav>
      <section aria-label={m.tabs[tab]} className="px-6 pb-6">
        {tab === "description" ? (
          podcast.description ? (
            <p className="whitespace-pre-line">{podcast.description}</p>
          ) : (
            <p className="text-muted-foreground">{m.noDescription}</p>
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
      <CardTitle>{m.similar}</CardTitle>
      {similar.length ? (
        <ul className="space-y-2">
          {similar.map((p) => (
            <li key={p.id}>
              <Link to={`/podcast/${p.id}`} className="block rounded-md border border-border p-3 hover:bg-muted">
                <span className="block font-medium">{p.title}</span>
                <span className="text-xs text-muted-foreground">
                  {p.createdAt} · {p.duration}
                  {p.sameCollection ? " · Same collection" : ""}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{m.noSimilar}</p>
      )}
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.podcast.title ?? "Podcast"} | Storyhearth` }];

export function ErrorBoundary() {
  const error = useRouteError();
  const invalid = isRouteErrorResponse(error) && error.status === 400;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{invalid ? m.invalidId : m.unavailableTitle}</h1>
      {invalid ? null : <p className="text-muted-foreground">{m.loadFailed}</p>}
      <Link to="/my-podcasts" className={buttonClass()}>
        {m.back}
      </Link>
    </div>
  );
}
