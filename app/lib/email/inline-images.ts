// Pictures stay data: URLs in the outbox row; the sender turns each into an inline attachment named by
// Content-ID, because Gmail and Outlook block data: images (decision 0135).

export type InlineImage = { filename: string; contentType: string; bytes: Buffer };

const TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" } as const;
const DATA_IMAGE = /src="data:(image\/(?:jpeg|png|gif));base64,([A-Za-z0-9+/=]+)"/g;

export const imageDataUrl = (bytes: Buffer, contentType: keyof typeof TYPES) =>
  `data:${contentType};base64,${bytes.toString("base64")}`;

export function inlineDataImages(html: string): { html: string; images: InlineImage[] } {
  const images: InlineImage[] = [];
  const out = html.replace(DATA_IMAGE, (_match, contentType: string, base64: string) => {
    const filename = `image-${images.length + 1}.${TYPES[contentType as keyof typeof TYPES]}`;
    images.push({ filename, contentType, bytes: Buffer.from(base64, "base64") });
    return `src="cid:${filename}"`;
  });
  return { html: out, images };
}
