// The sized-image URLs pages put in src/srcset; the server side that answers them is images.server.ts.

/** The widths a page may ask for; anything else is the original (feeds and downloads keep 1400 px). */
export const IMAGE_WIDTHS = [96, 192, 400, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** `src` (a URL without a query) at one width; `version` (the stored image's hash) lets it be cached for good. */
export const imageUrl = (src: string, width: ImageWidth, version?: string | null) => `${src}?w=${width}${version ? `&v=${version}` : ""}`;

/** A srcset of `src` in every width up to `largest`, for a box of `sizes`. */
export function imageSrcSet(src: string, version: string | null | undefined, largest: ImageWidth) {
  return IMAGE_WIDTHS.filter((w) => w <= largest)
    .map((w) => `${imageUrl(src, w, version)} ${w}w`)
    .join(", ");
}
