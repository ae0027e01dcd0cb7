export const IMAGE_WIDTHS = [96, 192, 400, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const imageUrl = (src: string, width: ImageWidth, version?: string | null) =>
  `${src}?w=${width}${version ? `&v=${version}` : ""}`;

export function imageSrcSet(src: string, version: string | null | undefined, largest: ImageWidth) {
  return IMAGE_WIDTHS.filter((w) => w <= largest)
    .map((w) => `${imageUrl(src, w, version)} ${w}w`)
    .join(", ");
}
