import sharp from "sharp";

import { FLAME_PATH, MARK } from "~/lib/brand";
import { MAX_INPUT_PIXELS, openImage } from "~/lib/images.server";

/** Podcast apps ask for 1400-3000 px squares; Apple Podcasts refuses smaller. */
export const COVER_SIZE = 1400;
export const COVER_MAX_BYTES = 512 * 1024;

export type CoverText = {
  title: string;
  kicker?: string | null;
  byline?: string | null;
};

const COLORS = { deep: "#5c240a", primary: MARK.background, ember: "#c2570c", cream: MARK.flameColor, glow: "#f3c98b" };

const markup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

function backgroundSvg(size: number) {
  const flameSize = size * 0.16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="${COLORS.ember}"/><stop offset="0.55" stop-color="${COLORS.primary}"/><stop offset="1" stop-color="${COLORS.deep}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="1.05" r="0.75">
      <stop offset="0" stop-color="${COLORS.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${COLORS.glow}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#sky)"/>
  <rect width="${size}" height="${size}" fill="url(#glow)"/>
  <rect x="${size * 0.04}" y="${size * 0.04}" width="${size * 0.92}" height="${size * 0.92}" rx="${size * 0.03}" fill="none" stroke="${COLORS.cream}" stroke-opacity="0.35" stroke-width="${size * 0.004}"/>
  <g transform="translate(${(size - flameSize) / 2} ${size * 0.09}) scale(${flameSize / MARK.size})"><path d="${FLAME_PATH}" fill="${COLORS.cream}"/></g>
</svg>`;
}

async function textLayer(text: string, font: string, width: number, height: number) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${COLORS.cream}">${markup(text)}</span>`,
      font,
      width,
      height,
      rgba: true,
      wrap: "word-char",
      align: "center",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

export async function drawCover({ title, kicker, byline }: CoverText, size = COVER_SIZE): Promise<Buffer> {
  const margin = Math.round(size * 0.1);
  const inner = size - 2 * margin;
  const layers = [];
  if (title.trim()) {
    const t = await textLayer(oneLine(title, 140), "DejaVu Serif Bold", inner, Math.round(size * 0.36));
    layers.push({
      input: t.input,
      left: Math.round((size - t.width) / 2),
      top: Math.round(size * 0.56 - t.height / 2),
    });
  }
  if (kicker?.trim()) {
    const k = await textLayer(oneLine(kicker, 60).toUpperCase(), "DejaVu Sans", inner, Math.round(size * 0.045));
    layers.push({ input: k.input, left: Math.round((size - k.width) / 2), top: Math.round(size * 0.27) });
  }
  if (byline?.trim()) {
    const b = await textLayer(oneLine(byline, 60), "DejaVu Serif Italic", inner, Math.round(size * 0.06));
    layers.push({ input: b.input, left: Math.round((size - b.width) / 2), top: Math.round(size * 0.8) });
  }
  return sharp(Buffer.from(backgroundSvg(size)))
    .composite(layers)
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}

export class CoverPhotoError extends Error {}

export async function photoCover(bytes: Buffer, size = COVER_SIZE): Promise<Buffer> {
  try {
    const { image } = await openImage(bytes);
    return await image
      .resize(size, size, { fit: "cover", position: "attention" })
      .flatten({ background: COLORS.cream })
      .jpeg({ quality: 84, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new CoverPhotoError("not an image");
  }
}

export async function coverThumbnail(cover: Buffer, size = 240): Promise<Buffer> {
  return sharp(cover, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(size, size, { fit: "cover" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
