// `scripts/icons.ts` writes the favicon, PNG icons and web manifest from this module (decision 0125).
import { PRODUCT_NAME } from "~/lib/messages";

export const THEME_COLORS = { light: "#fdfaf5", dark: "#1b1612" } as const;

type Point = readonly [number, number];

export const MARK = {
  size: 32,
  cornerRadius: 7,
  background: "#9a3f12",
  flameColor: "#fdfaf5",
  flame: {
    tip: [16, 6] as Point,
    leftSide: [
      [13, 10],
      [9, 13],
      [9, 18],
    ] as readonly Point[],
    footCenter: [16, 18] as Point,
    footRadius: 7,
    rightSide: [
      [23, 13],
      [19, 10],
      [16, 6],
    ] as readonly Point[],
  },
} as const;

const pair = (p: Point) => `${p[0]} ${p[1]}`;
const { flame } = MARK;
const footRight: Point = [flame.footCenter[0] + flame.footRadius, flame.footCenter[1]];
export const FLAME_PATH = `M${pair(flame.tip)}C${flame.leftSide.map(pair).join(" ")}A${flame.footRadius} ${flame.footRadius} 0 0 0 ${pair(footRight)}C${flame.rightSide.map(pair).join(" ")}Z`;

export type IconFile = {
  src: string;
  size: number;
  purpose: "any" | "maskable";
  flameScale: number;
};

export const ICONS: IconFile[] = [
  { src: "/icons/icon-192.png", size: 192, purpose: "any", flameScale: 1 },
  { src: "/icons/icon-512.png", size: 512, purpose: "any", flameScale: 1 },
  { src: "/icons/icon-maskable-512.png", size: 512, purpose: "maskable", flameScale: 0.8 },
];
export const APPLE_TOUCH_ICON: IconFile = {
  src: "/icons/apple-touch-icon.png",
  size: 180,
  purpose: "maskable",
  flameScale: 0.9,
};
export const MANIFEST_PATH = "/site.webmanifest";

export function webManifest() {
  return {
    name: PRODUCT_NAME,
    short_name: PRODUCT_NAME,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLORS.light,
    background_color: THEME_COLORS.light,
    icons: ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}

export function faviconSvg() {
  const { size, cornerRadius, background, flameColor } = MARK;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${cornerRadius}" fill="${background}"/><path d="${FLAME_PATH}" fill="${flameColor}"/></svg>\n`;
}
