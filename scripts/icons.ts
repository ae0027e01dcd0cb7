// Draws the product's icons from its mark (app/lib/brand.ts), offline and with no image library:
// the shapes are flattened to polygons, filled with 4× vertical supersampling and exact horizontal
// coverage, and written as RGBA PNGs with node:zlib. Also writes favicon.svg and site.webmanifest.
// Run: node --import tsx scripts/icons.ts (the outputs are committed; decision 0125).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { APPLE_TOUCH_ICON, faviconSvg, ICONS, MANIFEST_PATH, MARK, webManifest, type IconFile } from "~/lib/brand";

type Point = readonly [number, number];
const STEPS = 48;

function cubic(from: Point, [c1, c2, to]: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (let i = 1; i <= STEPS; i++) {
    const t = i / STEPS;
    const u = 1 - t;
    const at = (k: 0 | 1) => u * u * u * from[k] + 3 * u * u * t * c1![k] + 3 * u * t * t * c2![k] + t * t * t * to![k];
    out.push([at(0), at(1)]);
  }
  return out;
}

/** Points on a circle from angle a0 to a1 (radians, y down). */
function arc(center: Point, r: number, a0: number, a1: number): Point[] {
  return Array.from({ length: STEPS + 1 }, (_, i) => {
    const a = a0 + ((a1 - a0) * i) / STEPS;
    return [center[0] + r * Math.cos(a), center[1] + r * Math.sin(a)] as Point;
  });
}

function flamePolygon(): Point[] {
  const { tip, leftSide, footCenter, footRadius, rightSide } = MARK.flame;
  // The foot goes from the left side's end (angle π) down through the bottom (π/2) to the right (0).
  const footRight: Point = [footCenter[0] + footRadius, footCenter[1]];
  return [tip, ...cubic(tip, leftSide), ...arc(footCenter, footRadius, Math.PI, 0), ...cubic(footRight, rightSide)];
}

function roundedSquare(size: number, r: number): Point[] {
  const c = (x: number, y: number, from: number): Point[] => arc([x, y], r, from, from + Math.PI / 2);
  return [
    ...c(size - r, r, -Math.PI / 2),
    ...c(size - r, size - r, 0),
    ...c(r, size - r, Math.PI / 2),
    ...c(r, r, Math.PI),
  ];
}

const SUB = 4;

/** Coverage (0..1) of each pixel of a width×width image by the polygon (even-odd), in pixel units. */
function coverage(polygon: Point[], width: number): Float32Array {
  const cover = new Float32Array(width * width);
  for (let row = 0; row < width * SUB; row++) {
    const y = (row + 0.5) / SUB;
    const xs: number[] = [];
    for (let i = 0; i < polygon.length; i++) {
      const [x0, y0] = polygon[i]!;
      const [x1, y1] = polygon[(i + 1) % polygon.length]!;
      if (y0 <= y !== y1 <= y) xs.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
    }
    xs.sort((a, b) => a - b);
    const line = Math.floor(row / SUB) * width;
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, xs[k]!);
      const to = Math.min(width, xs[k + 1]!);
      for (let px = Math.floor(from); px < Math.ceil(to); px++) {
        cover[line + px]! += (Math.min(to, px + 1) - Math.max(from, px)) / SUB;
      }
    }
  }
  return cover;
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

function draw(icon: IconFile): Buffer {
  const { size } = icon;
  const unit = size / MARK.size;
  const square: Point[] =
    icon.purpose === "any"
      ? roundedSquare(size, MARK.cornerRadius * unit)
      : [
          [0, 0],
          [size, 0],
          [size, size],
          [0, size],
        ];
  // The flame is scaled about the square's centre.
  const mid = MARK.size / 2;
  const flame = flamePolygon().map(
    ([x, y]) => [(mid + (x - mid) * icon.flameScale) * unit, (mid + (y - mid) * icon.flameScale) * unit] as Point,
  );
  const back = coverage(square, size);
  const front = coverage(flame, size);
  const [br, bg, bb] = rgb(MARK.background);
  const [fr, fg, fb] = rgb(MARK.flameColor);
  const pixels = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const rowStart = y * (size * 4 + 1); // each row starts with filter type 0
    for (let x = 0; x < size; x++) {
      const a = Math.min(1, back[y * size + x]!);
      const f = Math.min(1, front[y * size + x]!);
      const o = rowStart + 1 + x * 4;
      pixels[o] = Math.round(br + (fr - br) * f);
      pixels[o + 1] = Math.round(bg + (fg - bg) * f);
      pixels[o + 2] = Math.round(bb + (fb - bb) * f);
      pixels[o + 3] = Math.round(255 * Math.max(a, f));
    }
  }
  return png(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, filteredRows: Buffer) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(filteredRows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const publicDir = path.resolve("public");
for (const icon of [...ICONS, APPLE_TOUCH_ICON]) {
  const file = path.join(publicDir, icon.src);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, draw(icon));
  console.log(`${icon.src} ${icon.size}×${icon.size}`);
}
fs.writeFileSync(path.join(publicDir, "favicon.svg"), faviconSvg());
fs.writeFileSync(path.join(publicDir, MANIFEST_PATH), `${JSON.stringify(webManifest(), null, 2)}\n`);
console.log("/favicon.svg", MANIFEST_PATH);
