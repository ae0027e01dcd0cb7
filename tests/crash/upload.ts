// Crash scenario: a testimonial video goes up in 15 MB chunks to a real HTTP server process, which is
// SIGKILLed mid-upload (while a chunk streams in, or while the chunks are assembled) and started
// again on the same port. The client then does what the browser client does: asks upload-status,
// sends only the missing chunks, submits. The stored video must be the original, byte for byte,
// stored once, and after the clean-up job no temporary chunk may be left.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";

import { listTestimonialResponses } from "~/features/testimonials/campaigns.server";
import { chunkCount, chunkRange, makeUploadId } from "~/features/testimonials/upload-limits";
import { cleanAbandonedUploads } from "~/features/testimonials/uploads.server";

import { fileBlob, makeLargeVideo, makeTestimonialCampaign, mediaHash } from "../utils/testimonial-helpers";
import {
  countProblems,
  killWhen,
  randomInt,
  startWorker,
  survivors,
  type CrashOutcome,
  type Kill,
  type Random,
  type Worker,
} from "./harness";

const UPLOAD_SERVER = "tests/support/upload-server.ts";

/** Kill while chunk `chunk` streams in (a fraction of it sent), or while the complete set is assembled. */
export type UploadKillPoint = { during: "chunk"; chunk: number; fraction: number } | { during: "assembly" };

/** Somewhere in any chunk (10–90 % of it sent). */
export const pickChunkKillPoint = (random: Random, totalChunks: number): UploadKillPoint => ({
  during: "chunk",
  chunk: randomInt(random, 0, totalChunks - 1),
  fraction: 0.1 + 0.8 * random(),
});

/** Any chunk or the assembly, each as likely. */
export const pickUploadKillPoint = (random: Random, totalChunks: number): UploadKillPoint =>
  random() < 1 / (totalChunks + 1) ? { during: "assembly" } : pickChunkKillPoint(random, totalChunks);

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(port: number): Promise<Worker> {
  const worker = startWorker(UPLOAD_SERVER, { PORT: String(port) }, ["ignore", "pipe", "inherit"]);
  const lines = readline.createInterface({ input: worker.child.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.on("line", (line) => (line === "listening" ? resolve() : console.log(line)));
    void worker.exited.then((code) => reject(new Error(`the upload server exited with ${code} before listening`)));
  });
  return worker;
}

const uploadsDir = () => path.resolve(process.env.DATA_DIR!, "uploads");

/** Every file under uploads/: chunks, temporary parts, locks, assembled videos. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
function readRange(file: string, start: number, length: number) {
  const bytes = Buffer.alloc(length);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, bytes, 0, length, start);
  } finally {
    fs.closeSync(fd);
  }
  return bytes;
}

type Json = Record<string, unknown>;

export type UploadCrash = { outcome: CrashOutcome; lostChunks: number[]; resentChunks: number[]; sameVideo: boolean };

/** `killPoint` is chosen once the number of chunks is known. */
export async function runUploadCrash({
  megabytes,
  killPoint: choose,
}: {
  megabytes: number;
  killPoint: (totalChunks: number) => UploadKillPoint;
}): Promise<UploadCrash> {
  const campaign = makeTestimonialCampaign();
  const file = makeLargeVideo(megabytes);
  const size = fs.statSync(file).size;
  const total = chunkCount(size);
  const killPoint = choose(total);
  // The same frames: the stored video is rewritten without its metadata (decision 0165).
  const original = mediaHash(file);
  const whole = await fileBlob(file, "video/x-matroska");
  const uploadId = makeUploadId();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/testimonials/public/${campaign.publicId}`;
  const fields = (i: number) => ({
    uploadId,
    chunkIndex: String(i),
    totalChunks: String(total),
    fileName: "family.mkv",
  });

  const sendChunk = async (i: number) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields(i))) form.set(name, value);
    const { start, end } = chunkRange(i, size);
    form.set("chunk", whole.slice(start, end), "family.mkv");
    const res = await fetch(`${base}/upload-chunk`, { method: "POST", body: form });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const askStatus = async () => {
    const res = await fetch(`${base}/upload-status?uploadId=${uploadId}`);
    return { status: res.status, body: (await res.json()) as Json };
  };

  let server = await startServer(port);
  try {
    const acked = new Set<number>();
    const sendInFull = async (i: number) => {
      const answer = await sendChunk(i);
      if (answer.status !== 200)
        throw new Error(`chunk ${i} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      acked.add(i);
    };

    // ── the crash ──
    let killLabel: string;
    let kill: Kill;
    if (killPoint.during === "chunk") {
      for (let i = 0; i < killPoint.chunk; i++) await sendInFull(i);
      const { start, end } = chunkRange(killPoint.chunk, size);
      const sent = Math.floor((end - start) * killPoint.fraction);
      const partial = sendPartialChunk(
        `${base}/upload-chunk`,
        fields(killPoint.chunk),
        readRange(file, start, sent),
        end - start,
      );
      // Killed once the server has written at least half of what was sent into the chunk's place in
      // the video (the chunks before it are all there, so the file ends where this one's bytes do).
      const video = path.join(uploadsDir(), uploadId, "video");
      const written = () => (fs.statSync(video, { throwIfNoEntry: false })?.size ?? 0) - start;
      kill = await killWhen(server, () => written() >= sent / 2, { pollMs: 5, timeoutMs: 30_000 });
      partial.destroy();
      killLabel = `chunk ${killPoint.chunk + 1}/${total} at ${Math.round(killPoint.fraction * 100)}%`;
    } else {
      for (let i = 0; i < total - 1; i++) await sendInFull(i);
      const last = sendChunk(total - 1).catch(() => null);
      const lock = path.join(uploadsDir(), uploadId, "assemble.lock");
      let answered = false;
      void last.then((a) => (answered = a !== null));
      kill = await killWhen(server, () => answered || fs.existsSync(lock), { pollMs: 1, timeoutMs: 60_000 });
      killLabel = answered ? "after assembly, before submit" : "while assembling";
      if ((await last)?.status === 200) acked.add(total - 1);
    }
    const orphans = await survivors(kill.orphans);

    // ── restart, resume the way the browser client does ──
    server = await startServer(port);
    const first = await askStatus();
    const received = first.status === 200 ? ((first.body.receivedChunks as number[]) ?? []) : [];
    const lostChunks = [...acked].filter((i) => !received.includes(i));
    const done = new Set(received);
    let assembled: Json | null = first.body.allChunksReceived === true ? first.body : null;
    const resentChunks: number[] = [];
    for (let round = 0; !assembled && round < 3; round++) {
      for (let i = 0; i < total && !assembled; i++) {
        if (done.has(i)) continue;
        if (acked.has(i)) resentChunks.push(i);
        const answer = await sendChunk(i);
        if (answer.status !== 200)
          throw new Error(`chunk ${i} answered ${answer.status} after the restart: ${JSON.stringify(answer.body)}`);
        done.add(i);
        if (answer.body.allChunksReceived === true) assembled = answer.body;
      }
      if (!assembled) {
        const again = await askStatus();
        if (again.body.allChunksReceived === true) assembled = again.body;
      }
    }
    const extra: string[] = [];
    if (lostChunks.length) extra.push(`acknowledged chunks ${lostChunks.join(", ")} were lost`);
    if (!assembled) extra.push("the upload never completed after the restart");
    else {
      const submit = await fetch(`${base}/submit-chunked`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          respondentName: "Crash Tester",
          respondentEmail: "crash@example.com",
          responses: "[]",
          consentGiven: true,
          consentTimestamp: new Date().toISOString(),
          uploadId,
          videoPath: assembled.videoPath,
        }),
      });
      if (submit.status !== 201) extra.push(`submit answered ${submit.status}: ${await submit.text()}`);
    }

    // ── the clean-up job, then what is left ──
    server.child.kill("SIGTERM");
    await server.exited;
    await cleanAbandonedUploads();
    const leftovers = filesUnder(uploadsDir());
    const responses = listTestimonialResponses(campaign.id);
    const matching = responses.filter(
      (r) => r.videoKey && mediaHash(path.resolve(process.env.DATA_DIR!, r.videoKey)) === original,
    );
    if (leftovers.length) extra.push(`left behind: ${leftovers.map((f) => path.relative(uploadsDir(), f)).join(", ")}`);
    const outcome = countProblems(
      {
        scenario: `chunked upload (${Math.round(size / 2 ** 20)} MB, ${total} chunks)`,
        killPoint: killLabel,
        expected: 1,
        delivered: matching.length,
        duplicates: Math.max(0, responses.length - 1) + resentChunks.length,
        stuck: leftovers.length + orphans.length,
      },
      extra,
    );
    return { outcome, lostChunks, resentChunks, sameVideo: matching.length === 1 };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  }
}

/**
 * Starts a chunk upload and sends only `bytes` of its `chunkSize` bytes: the request stays open,
 * mid-body, as when a connection stalls. Returns the request so the caller can drop it.
 */
function sendPartialChunk(url: string, fields: Record<string, string>, bytes: Buffer, chunkSize: number) {
  const boundary = `----crash${Date.now().toString(16)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="family.mkv"\r\nContent-Type: video/x-matroska\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(url, {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + chunkSize + tail.length),
    },
  });
  // The server dies mid-request: the connection error is the expected end.
  req.on("error", () => {});
  req.write(head);
  req.write(bytes);
  return req;
}
