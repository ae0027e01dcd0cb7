import os from "node:os";

/** A one-line description of the machine, stored with every figure. */
export function machine() {
  const cpus = os.cpus();
  return `${cpus.length}× ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, node ${process.version}`;
}
