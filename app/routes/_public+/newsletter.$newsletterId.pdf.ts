import type { LoaderFunctionArgs } from "@remix-run/node";

import { photoBytes } from "~/features/contributions/photos.server";
import { newsletterPaths } from "~/features/newsletters/content";
import {
  getNewsletterCoverKey,
  getNewsletterImage,
  getPublicNewsletter,
} from "~/features/newsletters/newsletters.server";
import { renderNewsletterPdf } from "~/features/newsletters/pdf.server";
import { originFor } from "~/lib/env.server";
import { notFound } from "~/lib/http.server";

function fileName(title: string, edition: number) {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${slug || "family-newsletter"}-edition-${edition}.pdf`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const newsletter = getPublicNewsletter(params.newsletterId ?? "");
  if (!newsletter) throw notFound();
  const paths = newsletterPaths(newsletter.publicId);
  const pdf = await renderNewsletterPdf(newsletter, {
    origin: originFor(request),
    loadImage: async (url) => {
      const key =
        url === paths.cover
          ? getNewsletterCoverKey(newsletter.publicId)
          : getNewsletterImage(newsletter.publicId, url.split("/").pop() ?? "")?.storageKey;
      return key ? photoBytes(key) : null;
    },
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${fileName(newsletter.title, newsletter.edition)}"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
