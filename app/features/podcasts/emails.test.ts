// The "podcast ready" mail against SpamAssassin's image rules, without SpamAssassin (its HTMLEval
// plugin, 4.0): HTML_IMAGE_ONLY_04…32 fire for a message with an image and at most 3,200 bytes of
// HTML source, HTML_IMAGE_RATIO_02…08 when its visible non-space text is at most 0.008 per pixel of
// image area. `npm run bench -- email` scores the real message when SpamAssassin is installed.
import { expect, test } from "vitest";
import { inlineDataImages } from "~/lib/email/inline-images";
import { htmlToText } from "~/lib/html-text";
import { podcastReadyEmail } from "./emails";

const IMAGE_ONLY_UP_TO_BYTES = 3200;
const IMAGE_RATIO_UP_TO = 0.008;

test("the podcast-ready mail has enough words beside its cover that no image-only rule can fire", () => {
  // The shortest it gets: no name, a one-letter title, a short link.
  const mail = podcastReadyEmail({ name: null, title: "A", duration: "0:30", podcastUrl: "https://a.test/p/1", coverSrc: "data:image/jpeg;base64,/9j/AA==" });
  // As Mailgun sends it: the cover is an inline attachment named by Content-ID.
  const { html, images } = inlineDataImages(mail.html);
  expect(images).toHaveLength(1);
  // Its words carry it past, not the layout's dark-mode stylesheet.
  expect(Buffer.byteLength(html.replace(/<style>[\s\S]*?<\/style>/, ""))).toBeGreaterThan(IMAGE_ONLY_UP_TO_BYTES);
  const [width, height] = [/<img[^>]*width="(\d+)"/.exec(html)![1], /<img[^>]*height="(\d+)"/.exec(html)![1]].map(Number);
  const words = htmlToText(html).replace(/\s+/g, "").length;
  expect(words / (width! * height!)).toBeGreaterThan(IMAGE_RATIO_UP_TO * 2);
  // The text version says the same.
  expect(mail.text).toContain("Sharing it with your family");
  expect(mail.text).toContain("Keeping it");
});
