// Bounded, so a chunk sent too long cannot spill into its neighbour (decision 0114).
import fs from "node:fs";
import { Writable } from "node:stream";

const BUFFER_BYTES = 4 * 1024 * 1024;

type RegionOptions = { start?: number; maxBytes?: number };

export class FileRegionWriter extends Writable {
  received = 0;
  private fd: number | null = null;
  private readonly start: number;
  private readonly maxBytes: number;

  constructor(
    private readonly file: string,
    { start = 0, maxBytes = Number.POSITIVE_INFINITY }: RegionOptions = {},
  ) {
    super({ highWaterMark: BUFFER_BYTES });
    this.start = start;
    this.maxBytes = maxBytes;
  }

  override _construct(callback: (error?: Error | null) => void) {
    // Created when missing, never truncated: other regions of the file may already hold their bytes.
    fs.open(this.file, fs.constants.O_WRONLY | fs.constants.O_CREAT, 0o644, (error, fd) => {
      this.fd = fd;
      callback(error);
    });
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void) {
    const position = this.start + Math.min(this.received, this.maxBytes);
    const buffers: Buffer[] = [];
    for (const { chunk } of chunks) {
      const room = this.maxBytes - this.received;
      if (room > 0) buffers.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      this.received += chunk.length;
    }
    writeAll(this.fd!, buffers, position, callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this._writev([{ chunk }], callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (this.fd === null) return callback(error);
    fs.close(this.fd, (closeError) => callback(error ?? closeError));
  }
}

function writeAll(fd: number, buffers: Buffer[], position: number, callback: (error?: Error | null) => void) {
  if (buffers.length === 0) return callback();
  fs.writev(fd, buffers, position, (error, written) => {
    if (error) return callback(error);
    const rest: Buffer[] = [];
    let skip = written;
    for (const buffer of buffers) {
      if (skip >= buffer.length) skip -= buffer.length;
      else {
        rest.push(skip > 0 ? buffer.subarray(skip) : buffer);
        skip = 0;
      }
    }
    writeAll(fd, rest, position + written, callback);
  });
}
