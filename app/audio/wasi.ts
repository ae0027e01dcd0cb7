// Just enough WASI (preview1) for a command-line program, its files in memory: Node's own node:wasi
// crashed the process after a few dozen flite runs (decision 0126).

const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOENT: 44 } as const;
const FILETYPE = { CHARACTER_DEVICE: 2, DIRECTORY: 3, REGULAR_FILE: 4 } as const;
const O_CREAT = 1;
const O_TRUNC = 8;
const FD_APPEND = 1;
const DIR_FD = 3;
const DIR_NAME = ".";

class ExitSignal {
  constructor(readonly code: number) {}
}

type OpenFile = { name: string; at: number; append: boolean };

export class MemoryWasi {
  private memory: WebAssembly.Memory | undefined;
  private readonly files = new Map<string, Uint8Array>();
  private readonly room = new Map<string, Uint8Array>();
  private readonly open = new Map<number, OpenFile>();
  private nextFd = DIR_FD + 1;
  private readonly out: Record<1 | 2, number[]> = { 1: [], 2: [] };
  private readonly args: Uint8Array[];
  readonly imports: Record<string, (...args: never[]) => number>;

  constructor({ args, files = {} }: { args: string[]; files?: Record<string, Uint8Array> }) {
    this.args = args.map((a) => new TextEncoder().encode(`${a}\0`));
    for (const [name, bytes] of Object.entries(files)) this.files.set(name, bytes);
    this.imports = this.makeImports();
  }

  get stdout() {
    return Buffer.from(this.out[1]).toString("utf8");
  }
  get stderr() {
    return Buffer.from(this.out[2]).toString("utf8").trim();
  }
  file(name: string) {
    return this.files.get(name);
  }

  start(instance: WebAssembly.Instance): number {
    this.memory = instance.exports.memory as WebAssembly.Memory;
    try {
      (instance.exports._start as () => void)();
      return 0;
    } catch (error) {
      if (error instanceof ExitSignal) return error.code;
      throw error;
    }
  }

  // The memory's buffer is replaced whenever the program grows it: always take it afresh.
  private view() {
    return new DataView(this.memory!.buffer);
  }
  private bytes(ptr: number, len: number) {
    return new Uint8Array(this.memory!.buffer, ptr, len);
  }

  private iovecs(iovs: number, count: number) {
    const view = this.view();
    return Array.from({ length: count }, (_, i) => ({
      ptr: view.getUint32(iovs + i * 8, true),
      len: view.getUint32(iovs + i * 8 + 4, true),
    }));
  }

  private write(fd: number, data: Uint8Array): number {
    if (fd === 1 || fd === 2) {
      for (const b of data) this.out[fd].push(b);
      return ERRNO.SUCCESS;
    }
    const file = this.open.get(fd);
    if (!file) return ERRNO.BADF;
    const current = this.files.get(file.name)!;
    const at = file.append ? current.length : file.at;
    const end = at + data.length;
    let room = this.room.get(file.name) ?? current;
    if (end > room.length) {
      const bigger = new Uint8Array(Math.max(end, room.length * 2));
      bigger.set(current);
      room = bigger;
      this.room.set(file.name, room);
    }
    room.set(data, at);
    this.files.set(file.name, room.subarray(0, Math.max(current.length, end)));
    file.at = end;
    return ERRNO.SUCCESS;
  }

  private makeImports() {
    const args_sizes_get = (argc: number, size: number) => {
      this.view().setUint32(argc, this.args.length, true);
      this.view().setUint32(
        size,
        this.args.reduce((n, a) => n + a.length, 0),
        true,
      );
      return ERRNO.SUCCESS;
    };
    const args_get = (argv: number, buf: number) => {
      let at = buf;
      this.args.forEach((arg, i) => {
        this.view().setUint32(argv + i * 4, at, true);
        this.bytes(at, arg.length).set(arg);
        at += arg.length;
      });
      return ERRNO.SUCCESS;
    };
    const clock_time_get = (_id: number, _precision: bigint, time: number) => {
      this.view().setBigUint64(time, BigInt(Math.round(performance.timeOrigin + performance.now())) * 1_000_000n, true);
      return ERRNO.SUCCESS;
    };
    const fd_close = (fd: number) => (this.open.delete(fd) ? ERRNO.SUCCESS : ERRNO.BADF);
    const fd_fdstat_get = (fd: number, buf: number) => {
      const type =
        fd <= 2
          ? FILETYPE.CHARACTER_DEVICE
          : fd === DIR_FD
            ? FILETYPE.DIRECTORY
            : this.open.has(fd)
              ? FILETYPE.REGULAR_FILE
              : null;
      if (type === null) return ERRNO.BADF;
      const view = this.view();
      view.setUint8(buf, type);
      view.setUint16(buf + 2, 0, true);
      view.setBigUint64(buf + 8, 0xffffffffffffffffn, true);
      view.setBigUint64(buf + 16, 0xffffffffffffffffn, true);
      return ERRNO.SUCCESS;
    };
    const fd_fdstat_set_flags = () => ERRNO.SUCCESS;
    const fd_prestat_get = (fd: number, buf: number) => {
      if (fd !== DIR_FD) return ERRNO.BADF;
      this.view().setUint8(buf, 0);
      this.view().setUint32(buf + 4, DIR_NAME.length, true);
      return ERRNO.SUCCESS;
    };
    const fd_prestat_dir_name = (fd: number, path: number, len: number) => {
      if (fd !== DIR_FD) return ERRNO.BADF;
      this.bytes(path, len).set(new TextEncoder().encode(DIR_NAME).subarray(0, len));
      return ERRNO.SUCCESS;
    };
    const fd_read = (fd: number, iovs: number, count: number, nread: number) => {
      const file = this.open.get(fd);
      if (fd === 0) {
        this.view().setUint32(nread, 0, true);
        return ERRNO.SUCCESS;
      }
      if (!file) return ERRNO.BADF;
      const data = this.files.get(file.name)!;
      let total = 0;
      for (const { ptr, len } of this.iovecs(iovs, count)) {
        const chunk = data.subarray(file.at, Math.min(data.length, file.at + len));
        this.bytes(ptr, chunk.length).set(chunk);
        file.at += chunk.length;
        total += chunk.length;
        if (chunk.length < len) break;
      }
      this.view().setUint32(nread, total, true);
      return ERRNO.SUCCESS;
    };
    const fd_seek = (fd: number, offset: bigint, whence: number, result: number) => {
      const file = this.open.get(fd);
      if (!file) return ERRNO.BADF;
      const base = whence === 0 ? 0 : whence === 1 ? file.at : this.files.get(file.name)!.length;
      const at = base + Number(offset);
      if (at < 0) return ERRNO.INVAL;
      file.at = at;
      this.view().setBigUint64(result, BigInt(at), true);
      return ERRNO.SUCCESS;
    };
    const fd_write = (fd: number, iovs: number, count: number, nwritten: number) => {
      let total = 0;
      for (const { ptr, len } of this.iovecs(iovs, count)) {
        const errno = this.write(fd, this.bytes(ptr, len).slice());
        if (errno !== ERRNO.SUCCESS) return errno;
        total += len;
      }
      this.view().setUint32(nwritten, total, true);
      return ERRNO.SUCCESS;
    };
    const path_open = (
      dirFd: number,
      _dirFlags: number,
      path: number,
      pathLen: number,
      oflags: number,
      _rights: bigint,
      _inherit: bigint,
      fdflags: number,
      opened: number,
    ) => {
      if (dirFd !== DIR_FD) return ERRNO.BADF;
      const name = new TextDecoder().decode(this.bytes(path, pathLen)).replace(/^\.\//, "");
      if (!this.files.has(name)) {
        if (!(oflags & O_CREAT)) return ERRNO.NOENT;
        this.files.set(name, new Uint8Array(0));
      }
      if (oflags & O_TRUNC) {
        this.files.set(name, new Uint8Array(0));
        this.room.delete(name);
      }
      const fd = this.nextFd++;
      this.open.set(fd, { name, at: 0, append: Boolean(fdflags & FD_APPEND) });
      this.view().setUint32(opened, fd, true);
      return ERRNO.SUCCESS;
    };
    const proc_exit = (code: number): number => {
      throw new ExitSignal(code);
    };
    return {
      args_get,
      args_sizes_get,
      clock_time_get,
      fd_close,
      fd_fdstat_get,
      fd_fdstat_set_flags,
      fd_prestat_get,
      fd_prestat_dir_name,
      fd_read,
      fd_seek,
      fd_write,
      path_open,
      proc_exit,
    } as unknown as Record<string, (...args: never[]) => number>;
  }
}
