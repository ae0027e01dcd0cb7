// /podcast/:id/cover — the family's own photo as the cover, or back to the drawn one (decision 0133).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormAlert } from "~/components/forms";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { CoverImage } from "~/features/podcasts/covers/components/cover-image";
import { CoverPhotoError } from "~/features/podcasts/covers/cover-image.server";
import { MAX_COVER_PHOTO_BYTES, removeCoverPhoto, setCoverPhoto } from "~/features/podcasts/covers/covers.server";
import { isPodcastId } from "~/features/podcasts/listening/listening-schemas";
import { podcastMessages } from "~/features/podcasts/messages";
import { podcastCoverUrl } from "~/features/podcasts/podcast-view";
import { getOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { isMultipart, MultipartError, readMultipartForm } from "~/lib/multipart.server";
import { redirectWithToast } from "~/lib/toast.server";

async function requireOwnedPodcast(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const podcast = isPodcastId(id) ? await getOwnedPodcast(user.id, id) : undefined;
  if (!podcast) throw notFound();
  return { user, podcast };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { podcast } = await requireOwnedPodcast(request, params.id);
  return { podcast: { id: podcast.id, title: podcast.title, hasPhoto: podcast.coverKey !== null } };
}

async function readPhoto(request: Request): Promise<Buffer | { error: string; status: number }> {
  try {
    const { form, oversized } = await readMultipartForm(request, {
      maxBodyBytes: MAX_COVER_PHOTO_BYTES + 64 * 1024,
      maxFileBytes: MAX_COVER_PHOTO_BYTES,
      maxFiles: 1,
      keep: (name) => name === "photo",
      oversized: "drop",
    });
    if (oversized.length) return { error: podcastMessages.cover.tooLarge, status: 413 };
    const photo = form.get("photo");
    if (!(photo instanceof File) || photo.size === 0) return { error: podcastMessages.cover.noPhoto, status: 400 };
    return Buffer.from(await photo.arrayBuffer());
  } catch (error) {
    if (error instanceof MultipartError && error.reason === "body-too-large")
      return { error: podcastMessages.cover.tooLarge, status: 413 };
    if (error instanceof MultipartError) return { error: podcastMessages.cover.notAnImage, status: 400 };
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, podcast } = await requireOwnedPodcast(request, params.id);
  const back = `/podcast/${podcast.id}`;
  if (!isMultipart(request)) {
    if ((await readFormData(request)).get("intent") !== "use-drawn") throw badIntent();
    await removeCoverPhoto(user.id, podcast.id);
    return redirectWithToast(back, podcastMessages.cover.reset);
  }
  const photo = await readPhoto(request);
  if (!Buffer.isBuffer(photo)) return data({ error: photo.error }, { status: photo.status });
  try {
    if (!(await setCoverPhoto(user.id, podcast.id, photo))) throw notFound();
  } catch (error) {
    if (error instanceof CoverPhotoError) return data({ error: podcastMessages.cover.notAnImage }, { status: 400 });
    throw error;
  }
  return redirectWithToast(back, podcastMessages.cover.saved);
}

export default function CoverPage() {
  const { podcast } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <BackLink to={`/podcast/${podcast.id}`}>{podcastMessages.cover.back}</BackLink>
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold">{podcastMessages.cover.pageTitle}</h1>
        <p className="text-muted-foreground">{podcastMessages.cover.intro}</p>
      </header>
      <Card className="flex flex-col gap-6 sm:flex-row">
        <CoverImage src={podcastCoverUrl(podcast.id)} title={podcast.title} className="w-48" sizes="192px" priority />
        <div className="min-w-0 flex-1 space-y-4">
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <FormAlert errors={actionData?.error ? [actionData.error] : undefined} />
            <Field
              label={podcastMessages.cover.photoLabel}
              hint={podcastMessages.cover.photoHint}
              inputProps={{
                type: "file",
                name: "photo",
                accept: "image/jpeg,image/png,image/webp,image/heic,image/heif",
                required: true,
              }}
            />
            <Button type="submit" disabled={busy}>
              {podcastMessages.cover.upload}
            </Button>
          </Form>
          {podcast.hasPhoto ? (
            <Form method="post">
              <Button type="submit" name="intent" value="use-drawn" variant="outline">
                {podcastMessages.cover.useDrawn}
              </Button>
            </Form>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${podcastMessages.cover.pageTitle}: ${data?.podcast.title ?? "Podcast"} | Storyhearth` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
