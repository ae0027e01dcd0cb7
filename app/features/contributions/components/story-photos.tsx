import { useFetcher } from "@remix-run/react";

import { storyMessages } from "~/features/contributions/messages";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";

export const REMOVE_PHOTO_INTENT = "remove-photo";

export type StoryPhoto = { id: string; url: string; version: string | null; fileName: string };

export function StoryPhotos({ photos, contributorName }: { photos: StoryPhoto[]; contributorName: string }) {
  if (photos.length === 0) return null;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {storyMessages.card.photos}
      </h4>
      <ul className="flex flex-wrap gap-3">
        {photos.map((photo, i) => (
          <PhotoItem
            key={photo.id}
            photo={photo}
            index={i + 1}
            count={photos.length}
            contributorName={contributorName}
          />
        ))}
      </ul>
    </div>
  );
}

function PhotoItem({
  photo,
  index,
  count,
  contributorName,
}: {
  photo: StoryPhoto;
  index: number;
  count: number;
  contributorName: string;
}) {
  const fetcher = useFetcher({ key: `remove-photo-${photo.id}` });
  if (fetcher.state !== "idle" && fetcher.formData?.get("photoId") === photo.id) return null;
  return (
    <li className="w-28 space-y-1">
      <a
        href={photo.url}
        target="_blank"
        rel="noreferrer"
        className="block overflow-hidden rounded-md border border-border"
      >
        {/* A 112 px box: the 192 px copy covers a 2x screen. */}
        <img
          src={imageUrl(photo.url, 192, photo.version)}
          srcSet={imageSrcSet(photo.url, photo.version, 400)}
          sizes="112px"
          width={112}
          height={112}
          alt={storyMessages.card.photoAlt(index, count, contributorName)}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full object-cover"
        />
      </a>
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={REMOVE_PHOTO_INTENT} />
        <input type="hidden" name="photoId" value={photo.id} />
        <button
          type="submit"
          aria-label={storyMessages.card.removePhotoLabel(index, photo.fileName)}
          className="w-full rounded-md border border-border px-2 py-1 text-sm hover:bg-muted"
        >
          {storyMessages.card.removePhoto}
        </button>
      </fetcher.Form>
    </li>
  );
}
