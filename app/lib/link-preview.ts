// URLs must be absolute: crawlers do not resolve them against the page.
import type { MetaDescriptor } from "@remix-run/node";

import { ICONS } from "~/lib/brand";
import { PRODUCT_DESCRIPTION, PRODUCT_NAME } from "~/lib/messages";

export type LinkPreview = {
  title: string;
  description: string;
  image?: string | null;
  imageAlt?: string | null;
  audio?: string | null;
  url?: string | null;
  type?: "website" | "music.song" | "article";
};

export const productIcon = (origin: string) =>
  `${origin}${ICONS.find((i) => i.size === 512 && i.purpose === "any")!.src}`;

export const describedAs = (content: string = PRODUCT_DESCRIPTION): MetaDescriptor => ({
  name: "description",
  content,
});

export function linkPreviewMeta(preview: LinkPreview): MetaDescriptor[] {
  const tags: Array<[string, string | null | undefined]> = [
    ["og:site_name", PRODUCT_NAME],
    ["og:type", preview.type ?? "website"],
    ["og:title", preview.title],
    ["og:description", preview.description],
    ["og:url", preview.url],
    ["og:image", preview.image],
    ["og:image:alt", preview.image ? preview.imageAlt : null],
    ["og:audio", preview.audio],
    ["og:audio:type", preview.audio ? "audio/mpeg" : null],
  ];
  const twitter: Array<[string, string | null | undefined]> = [
    ["twitter:card", "summary"],
    ["twitter:title", preview.title],
    ["twitter:description", preview.description],
    ["twitter:image", preview.image],
  ];
  return [
    describedAs(preview.description),
    ...tags.filter(([, v]) => v).map(([property, content]) => ({ property, content: content! })),
    ...twitter.filter(([, v]) => v).map(([name, content]) => ({ name, content: content! })),
  ];
}
