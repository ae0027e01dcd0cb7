// An e-mail's pictures travel inside the message: the outbox keeps them in the HTML as data: URLs
// (so the row is the whole message and the dev mailbox shows them), and the sender turns each one
// into an inline attachment the HTML names by Content-ID, because Gmail and Outlook block data: images.
// Why: docs/decisions/0135-podcast-ready-emails-and-step-4-share.md

export type InlineImage = { filename: string; contentType: string; bytes: Buffer };

const TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" } as const;
const DATA_IMAGE = /src="data:(image\/(?:jpeg|png|gif));base64,([A-Za-z0-9+/=]+)"/g;

/** A data: URL for an image, for `<img src>` in an e-mail built with lib/email/layout.ts. */
export const imageDataUrl = (bytes: Buffer, contentType: keyof typeof TYPES) => `data:${contentType};base64,${bytes.toString("base64")}`;

/** The HTML with each data: image replaced by `cid:<filename>`, and the images to attach inline. */
export function inlineDataImages(html: string): { html: string; images: InlineImage[] } {
  const images: InlineImage[] = [];
  const out = html.replace(DATA_IMAGE, (_match, contentType: string, base64: string) => {
    const filename = `image-${images.length + 1}.${TYPES[contentType as keyof typeof TYPES]}`;
    images.push({ filename, contentType, bytes: Buffer.from(base64, "base64") });
    return `src="cid:${filename}"`;
  });
  return { html: out, images };
}
