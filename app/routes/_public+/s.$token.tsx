import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAlert, PasswordField } from "~/components/forms";
import { noScripts } from "~/components/page-scripts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CoverImage } from "~/features/podcasts/covers/components/cover-image";
import { ensurePodcastCover } from "~/features/podcasts/covers/covers.server";
import { episodeChapters } from "~/features/podcasts/listening/chapters.server";
import { ListeningSession } from "~/features/podcasts/listening/components/listening-session";
import { PodcastPlayer } from "~/features/podcasts/listening/components/podcast-player";
import { TranscriptView } from "~/features/podcasts/listening/components/transcript-view";
import { grantShareAccess, hasShareAccess } from "~/features/podcasts/listening/listening-cookies.server";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { SharePasswordSchema } from "~/features/podcasts/listening/listening-schemas";
import { countListenOncePerVisit } from "~/features/podcasts/listening/listens.server";
import playerScript from "~/features/podcasts/listening/player-script?worker&url";
import { timedTranscript } from "~/features/podcasts/listening/transcript";
import { podcastMessages } from "~/features/podcasts/messages";
import { hostLabel } from "~/features/podcasts/podcast-view";
import { originFor } from "~/lib/env.server";
import { readFormData } from "~/lib/http.server";
import { imageVersion } from "~/lib/images.server";
import { linkPreviewMeta, productIcon, type LinkPreview } from "~/lib/link-preview";
import { useNonce } from "~/lib/nonce";
import { formatDuration } from "~/lib/text-format";
import {
  checkSharePassword,
  resolveShareLink,
  shareAudioPath,
  shareCoverPath,
  sharePath,
  type OpenShare,
} from "~/models/share-link.server";

// Shows only the shared podcast, nothing else of the owner's (decision 0111). No React in the browser
// (decision 0174): the page is its HTML, the player and transcript are driven by player-script.ts.

export const handle = noScripts;

const notFound = () =>
  new Response(listeningMessages.sharePage.notFound, {
    status: 404,
    statusText: listeningMessages.sharePage.notFoundTitle,
  });

function previewOf(request: Request, token: string, share: OpenShare | null): LinkPreview {
  const origin = originFor(request);
  const url = `${origin}${sharePath(token)}`;
  if (!share || share.link.passwordHash) {
    return {
      title: listeningMessages.sharePage.sharedWithYou,
      description: listeningMessages.sharePage.neutralPreviewDescription,
      image: productIcon(origin),
      url,
    };
  }
  const { podcast } = share;
  return {
    title: podcast.title,
    description: listeningMessages.sharePage.previewDescription(formatDuration(podcast.duration)),
    image: `${origin}${shareCoverPath(token)}`,
    imageAlt: podcastMessages.cover.alt(podcast.title),
    audio: `${origin}${shareAudioPath(token)}`,
    url,
    type: "music.song",
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const share = resolveShareLink(token);
  if (share.state === "missing") throw notFound();
  if (share.state === "expired")
    return data({ state: "expired" as const, preview: previewOf(request, token, null) }, { status: 410 });
  const preview = previewOf(request, token, share);
  // 200, not 401: messengers show no preview for an error answer, and this page is a form to fill,
  // not a refusal. The preview is the neutral one; the audio route itself stays closed (401).
  if (share.link.passwordHash && !(await hasShareAccess(request, share.link.id))) {
    return data({ state: "password" as const, preview });
  }
  const { podcast } = share;
  const visit = await countListenOncePerVisit(request, podcast.id);
  const chapters = await episodeChapters(podcast.audioKey);
  return data(
    {
      state: "open" as const,
      podcast: {
        title: podcast.title,
        duration: formatDuration(podcast.duration),
        durationSeconds: podcast.duration,
        hostLabel: hostLabel(podcast.hostCount),
        chapters,
        transcript: timedTranscript(podcast.transcript, {
          duration: podcast.duration,
          chapters,
          script: podcast.script,
        }),
      },
      audioUrl: shareAudioPath(token),
      coverUrl: shareCoverPath(token),
      coverVersion: imageVersion(await ensurePodcastCover(podcast)),
      preview,
    },
    { headers: { "Set-Cookie": visit.setCookie } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const share = resolveShareLink(token);
  if (share.state === "missing") throw notFound();
  if (share.state === "expired") return data({ result: null }, { status: 410 });
  const submission = parseWithZod(await readFormData(request), { schema: SharePasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  if (!(await checkSharePassword(share.link, submission.value.password))) {
    return data(
      {
        result: submission.reply({ formErrors: [listeningMessages.sharePage.wrongPassword], hideFields: ["password"] }),
      },
      { status: 400 },
    );
  }
  return redirect(sharePath(token), { headers: { "Set-Cookie": await grantShareAccess(request, share.link.id) } });
}

export default function SharedPodcastPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {loaded.state === "expired" ? (
        <Card className="space-y-2 text-center">
          <h1 className="text-2xl font-bold">{listeningMessages.sharePage.expiredTitle}</h1>
          <p className="text-muted-foreground">{listeningMessages.sharePage.expired}</p>
        </Card>
      ) : loaded.state === "password" ? (
        <PasswordPrompt />
      ) : (
        <SharedPodcast
          podcast={loaded.podcast}
          audioUrl={loaded.audioUrl}
          coverUrl={loaded.coverUrl}
          coverVersion={loaded.coverVersion}
        />
      )}
    </div>
  );
}

function PasswordPrompt() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ password: string }>({ id: "share-password", lastResult: actionData?.result });
  return (
    <Card className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">{listeningMessages.sharePage.passwordTitle}</h1>
      <p className="text-muted-foreground">{listeningMessages.sharePage.passwordIntro}</p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormAlert errors={form.errors} />
        <PasswordField
          label={listeningMessages.sharePage.passwordLabel}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "off" }}
          errors={fields.password.errors}
        />
        <Button type="submit" className="w-full">
          {listeningMessages.sharePage.unlock}
        </Button>
      </Form>
    </Card>
  );
}

type OpenData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "open" }>;

function SharedPodcast({
  podcast,
  audioUrl,
  coverUrl,
  coverVersion,
}: Pick<OpenData, "podcast" | "audioUrl" | "coverUrl" | "coverVersion">) {
  const nonce = useNonce();
  return (
    <ListeningSession>
      <article className="space-y-6">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <CoverImage src={coverUrl} version={coverVersion} title={podcast.title} className="w-40 sm:w-44" priority />
          <div className="min-w-0 space-y-2">
            <p className="text-sm text-muted-foreground">{listeningMessages.sharePage.sharedWithYou}</p>
            <h1 className="font-serif text-3xl font-bold">{podcast.title}</h1>
            <p className="flex items-center gap-3 text-sm text-muted-foreground">
              <span>Duration {podcast.duration}</span>
              <Badge variant="secondary">{podcast.hostLabel}</Badge>
            </p>
          </div>
        </header>
        <Card>
          <PodcastPlayer
            src={audioUrl}
            duration={podcast.durationSeconds}
            title={podcast.title}
            artworkUrl={coverUrl}
            chapters={podcast.chapters}
            scripted
          />
        </Card>
        <Card className="space-y-3">
          <h2 className="text-xl font-semibold">{listeningMessages.detail.tabs.transcript}</h2>
          <TranscriptView turns={podcast.transcript} scripted />
        </Card>
      </article>
      <script type="module" src={playerScript} nonce={nonce} />
    </ListeningSession>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.state === "open" ? `${data.podcast.title} | Storyhearth` : "Shared podcast | Storyhearth" },
  { name: "robots", content: "noindex, nofollow" },
  ...(data && "preview" in data ? linkPreviewMeta(data.preview) : []),
];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFoundTitle={listeningMessages.sharePage.notFoundTitle}
      notFoundText={listeningMessages.sharePage.notFound}
    />
  );
}
