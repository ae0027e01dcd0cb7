// A real iPhone-style HEIC photo made at test time: nothing here encodes HEIF (libvips in sharp and
// libheif-js only decode it, and no heif-enc is installed), but ffmpeg's libx265 encodes one HEVC
// frame, and a HEIF file is that frame in a few ISO boxes (ISO/IEC 23008-12): 'ftyp heic', a 'meta'
// naming one 'hvc1' item with its decoder configuration (hvcC) and size (ispe), and the frame in 'mdat'.
import { execFileSync } from "node:child_process";

const ffmpegBin = process.env.FFMPEG_PATH || "ffmpeg";

const u8 = (n: number) => Buffer.from([n & 0xff]);
const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, "latin1"), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u8(version), u8(flags >> 16), u16(flags & 0xffff), ...parts);

/** The NAL units of an Annex-B stream (start codes 00 00 01 / 00 00 00 01). */
function nalUnits(stream: Buffer): Buffer[] {
  const starts: Array<{ at: number; code: number }> = [];
  for (let i = 0; i + 2 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      starts.push({ at: i + 3, code: i > 0 && stream[i - 1] === 0 ? 4 : 3 });
      i += 2;
    }
  }
  return starts.map((s, n) => {
    const next = starts[n + 1];
    return stream.subarray(s.at, next ? next.at - next.code : stream.length);
  });
}

const nalType = (nal: Buffer) => (nal[0]! >> 1) & 0x3f;
/** The SPS without emulation-prevention bytes (00 00 03 → 00 00), to read its profile fields. */
function unescape(nal: Buffer) {
  const out: number[] = [];
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i]!);
  }
  return Buffer.from(out);
}

/** A `width`×`height` HEIC (one HEVC frame of ffmpeg's test pattern), as an iPhone writes it. */
export function makeHeic(width = 64, height = 48): Buffer {
  const stream = execFileSync(ffmpegBin, [
    "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc=size=${width}x${height}:rate=1`, "-frames:v", "1",
    "-c:v", "libx265", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p", "-f", "hevc", "-",
  ]); // prettier-ignore
  const nals = nalUnits(stream);
  const find = (type: number) => nals.find((n) => nalType(n) === type)!;
  const [vps, sps, pps] = [find(32), find(33), find(34)];
  const slices = nals.filter((n) => nalType(n) < 32);
  // profile_tier_level starts after the SPS's 2-byte NAL header and its first byte.
  const ptl = unescape(sps).subarray(3, 15);
  const hvcC = box(
    "hvcC",
    u8(1),
    ptl, // profile space/tier/idc, 4 bytes of compatibility flags, 6 of constraints, level
    u16(0xf000),
    u8(0xfc),
    u8(0xfc | 1), // 4:2:0
    u8(0xf8),
    u8(0xf8), // 8-bit
    u16(0),
    u8(0x0f), // one temporal layer, nested, 4-byte NAL lengths
    u8(3),
    ...[vps, sps, pps].flatMap((nal) => [u8(0x80 | nalType(nal)), u16(1), u16(nal.length), nal]),
  );
  const data = Buffer.concat(slices.flatMap((nal) => [u32(nal.length), nal]));
  const ftyp = box("ftyp", Buffer.from("heic", "latin1"), u32(0), Buffer.from("mif1heic", "latin1"));
  const meta = (offset: number) =>
    fullBox(
      "meta",
      0,
      0,
      fullBox("hdlr", 0, 0, u32(0), Buffer.from("pict", "latin1"), u32(0), u32(0), u32(0), u8(0)),
      fullBox("pitm", 0, 0, u16(1)),
      fullBox("iloc", 0, 0, u8(0x44), u8(0), u16(1), u16(1), u16(0), u16(1), u32(offset), u32(data.length)),
      fullBox("iinf", 0, 0, u16(1), fullBox("infe", 2, 0, u16(1), u16(0), Buffer.from("hvc1", "latin1"), u8(0))),
      box(
        "iprp",
        box("ipco", hvcC, fullBox("ispe", 0, 0, u32(width), u32(height))),
        fullBox("ipma", 0, 0, u32(1), u16(1), u8(2), u8(0x81), u8(0x02)),
      ),
    );
  // The item's offset is where mdat's payload starts, which depends on meta's own length.
  const head = Buffer.concat([ftyp, meta(0)]);
  const offset = head.length + 8;
  return Buffer.concat([ftyp, meta(offset), box("mdat", data)]);
}

/** The same frame of ffmpeg's test pattern as a PNG, to compare a decoded HEIC with. */
export function testPattern(width = 64, height = 48): Buffer {
  return execFileSync(ffmpegBin, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${width}x${height}:rate=1`,
    "-frames:v",
    "1",
    "-c:v",
    "png",
    "-f",
    "image2pipe",
    "-",
  ]);
}
