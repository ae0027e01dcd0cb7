// Zips written byte by byte, for archives no honest zip writer makes: entries that share their data
// (an overlap bomb), sizes that lie, names that climb out of the folder, a name given twice.
import { crc32, deflateRawSync } from "node:zlib";

export type ForgedEntry = {
  name: string;
  data?: Buffer;
  /** Deflated (the default) or stored as it is. */
  deflate?: boolean;
  /** Bytes already deflated, with the size they inflate to (a bomb made without holding it inflated). */
  raw?: { deflated: Buffer; size: number; crc: number };
  /** The size the directory claims, when it lies. */
  claimedSize?: number;
  /** Points at the data of the entry with this name instead of having its own. */
  sameDataAs?: string;
};

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

export function forgeZip(entries: ForgedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  const written = new Map<string, { offset: number; method: number; crc: number; compressed: number; size: number }>();
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    let record = entry.sameDataAs ? written.get(entry.sameDataAs) : undefined;
    if (!record) {
      const data = entry.data ?? Buffer.alloc(0);
      const method = entry.raw || entry.deflate !== false ? 8 : 0;
      const body = entry.raw ? entry.raw.deflated : method === 8 ? deflateRawSync(data) : data;
      const crc = entry.raw ? entry.raw.crc : crc32(data);
      const size = entry.raw ? entry.raw.size : data.length;
      record = { offset, method, crc, compressed: body.length, size };
      const header = Buffer.concat([
        u32(0x04034b50),
        u16(20),
        u16(0),
        u16(method),
        u16(0),
        u16(0x21),
        u32(crc),
        u32(body.length),
        u32(entry.claimedSize ?? size),
        u16(name.length),
        u16(0),
        name,
      ]);
      parts.push(header, body);
      offset += header.length + body.length;
      written.set(entry.name, record);
    }
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(0),
        u16(record.method),
        u16(0),
        u16(0x21),
        u32(record.crc),
        u32(record.compressed),
        u32(entry.claimedSize ?? record.size),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(record.offset),
        name,
      ]),
    );
  }
  const directory = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(central.length),
    u16(central.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...parts, directory, end]);
}
