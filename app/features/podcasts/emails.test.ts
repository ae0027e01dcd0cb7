// The "podcast ready" mail against SpamAssassin's image rules (HTML_IMAGE_ONLY_*, HTML_IMAGE_RATIO_*), without SpamAssassin.
import { expect, test } from "vitest";

import { inlineDataImages } from "~/lib/email/inline-images";
import { htmlToText } from "~/lib/html-text";

import { podcastReadyEmail } from "./emails";

const IMAGE_ONLY_UP_TO_BYTES = 3200;
const IMAGE_RATIO_UP_TO = 0.008;

test("the podcast-ready mail has enough words beside its cover that no image-only rule can fire", () => {
  const mail = podcastReadyEmail({
    name: null,
    title: "A",
    duration: "0:30",
    podcastUrl: "https://a.test/p/1",
    coverSrc: "data:image/jpeg;base64,/9j/AA==",
  });
  const { html, images } = inlineDataImages(mail.html);
  expect(images).toHaveLength(1);
  // Its words carry it past, not the layout's dark-mode stylesheet.
  expect(Buffer.byteLength(html.replace(/<style>[\s\S]*?<\/style>/, ""))).toBeGreaterThan(IMAGE_ONLY_UP_TO_BYTES);
  const [width, height] = [/<img[^>]*width="(\d+)"/.exec(html)![1], /<img[^>]*height="(\d+)"/.exec(html)![1]].map(
    Number,
  );
  const words = htmlToText(html).replace(/\s+/g, "").length;
  expect(words / (width! * height!)).toBeGreaterThan(IMAGE_RATIO_UP_TO * 2);
  expect(mail.text).toContain("Sharing it with your family");
  expect(mail.text).toContain("Keeping it");
});
