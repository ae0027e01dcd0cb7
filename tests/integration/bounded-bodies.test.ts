// Decision 0142: 200 MB bodies to the sign-in form, a public answer form, the
// story upload and the Mailgun webhook, with and without Content-Length, four at a time, against
// the real server in its own process: every answer is a 413 the client reads. Bodies are generated
// as they are sent, never held. How much the server's memory moves and how long the answers take are
// figures in `npm run bench -- bounds` (asserted here, they failed on a loaded machine);
// the time limits below are only ceilings a busy 2-core machine stays far under.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestUser } from "../utils/auth";
import { postOversized, type OversizedAnswer, type OversizedTarget } from "../utils/oversized-post";
import { createTestCampaign } from "../utils/stories-helpers";

const MB = 1024 * 1024;
const BODY_BYTES = 200 * MB;

let server: ChildProcess;
let port = 0;
let cookie = "";
let publicId = "";
let stderr = "";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

beforeAll(async () => {
  const user = await createTestUser();
  cookie = user.cookie;
  publicId = createTestCampaign(user.id).publicId;
  port = await freePort();
  // The development server (Vite in middleware mode) so the test needs no production build; the
  // body limits sit in front of Remix either way. Same database file as this test process.
  server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      APP_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      JOBS_DISABLED: "true",
      VOICES_AUTO_DOWNLOAD: "false",
      RATE_LIMIT_AUTH_MAX: "1000",
      RATE_LIMIT_PUBLIC_POST_MAX: "1000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  server.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
});

type Target = Omit<OversizedTarget, "cookie"> & { cookie?: boolean };
type Answer = OversizedAnswer;

const post = (target: Target, chunked: boolean, bytes = BODY_BYTES): Promise<Answer> =>
  postOversized(port, { ...target, cookie: target.cookie ? cookie : undefined }, chunked, bytes);

/** A urlencoded body of `bytes`, sent in pieces without Content-Length. */
async function chunkedForm(path: string, bytes: number) {
  const filler = "a".repeat(bytes - "email=a%40example.com&password=".length);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const all = Buffer.from(`email=a%40example.com&password=${filler}`);
      for (let at = 0; at < all.byteLength; at += 64 * 1024) controller.enqueue(all.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("request bodies under their caps", () => {
  it("reach the route whole, chunked or not", async () => {
    // Just under the 2 MB cap: the sign-in form reads it and answers as it does to any wrong password.
    const under = await chunkedForm("/login", 2 * MB - 1024);
    expect(under.status).toBe(400);
    const over = await chunkedForm("/login", 2 * MB + 1024);
    expect(over.status).toBe(413);
    expect(((await over.json()) as { message: string }).message).toBe(
      "This request is too large: at most 2 MB can be sent here.",
    );
    // The development server compiles the sign-in route on this first request.
  }, 120_000);
});

describe("request bodies over their caps", () => {
  it("answers every 200 MB post with a readable 413, four at a time, and still answers after", async () => {
    const targets: Target[] = [
      { path: "/login", type: "form", accept: "text/html" },
      { path: `/contribute/${publicId}`, type: "form", accept: "text/html" },
      { path: `/contribute/${publicId}`, type: "multipart", accept: "text/html" },
      { path: "/api/stories/upload", type: "form", accept: "application/json", cookie: true },
      { path: "/api/stories/upload", type: "json", accept: "application/json", cookie: true },
      { path: "/webhooks/mailgun/inbound", type: "form", accept: "application/json" },
      // Its attachments go to temporary files until the signature is checked.
      { path: "/webhooks/mailgun/inbound", type: "multipart", accept: "application/json" },
    ];
    const jobs = targets.flatMap((target) => [false, true].map((chunked) => ({ target, chunked })));

    // Vite compiles the routes and the 413 pages on their first use: one over-limit post of each
    // kind (60 MB, past every cap) first.
    for (const { target, chunked } of jobs) expect((await post(target, chunked, 60 * MB)).status).toBe(413);

    const answers: Array<Answer & { job: string }> = [];
    const queue = [...jobs];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const answer = await post(job.target, job.chunked);
          answers.push({
            ...answer,
            job: `${job.target.type} ${job.target.path} ${job.chunked ? "chunked" : "with Content-Length"}`,
          });
        }
      }),
    );

    for (const answer of answers) {
      expect({ job: answer.job, status: answer.status }).toEqual({ job: answer.job, status: 413 });
      if (answer.contentType.includes("json"))
        expect((JSON.parse(answer.body) as { message: string }).message, answer.job).toMatch(/too large|larger than/i);
      else expect(answer.body, answer.job).toMatch(/too large|larger than/i);
    }
    expect(answers).toHaveLength(jobs.length);
    // Not killed for its memory, nor stuck: the server still answers.
    expect(server.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 300_000);
});
