// LiteFS simulated with temporary LITEFS_DIRs: litefs-js reads `<LITEFS_DIR>/.primary`, absent on
// the primary and holding the primary's hostname on a replica. Two views of one SQLite file stand
// for two nodes; switching the files over moves the primary.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { jobs } from "#db/schema";
import { eq } from "drizzle-orm";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { startBackgroundJobs, stopBackgroundJobs } from "~/jobs/index.server";
import { db } from "~/lib/db.server";
import {
  ensurePrimary,
  getInstanceName,
  getPrimaryInfo,
  instanceHeaders,
  isPrimaryInstance,
} from "~/lib/litefs.server";
import { followPrimary, type PrimaryFollower } from "~/lib/queue/primary-follower.server";
import { enqueueJob, getJob } from "~/lib/queue/queue.server";
import { JobRunner, type JobHandler } from "~/lib/queue/runner.server";
import { wakeJobs } from "~/lib/queue/wake.server";

const dirs: string[] = [];
const followers: PrimaryFollower[] = [];
const savedLitefsDir = process.env.LITEFS_DIR;

afterEach(async () => {
  await Promise.all(followers.splice(0).map((f) => f.stop()));
  await stopBackgroundJobs();
  if (savedLitefsDir === undefined) delete process.env.LITEFS_DIR;
  else process.env.LITEFS_DIR = savedLitefsDir;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A node's view of the cluster: `replicaOf(name)` writes `.primary`, `becomePrimary()` removes it. */
function litefsView() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-"));
  dirs.push(dir);
  return {
    dir,
    replicaOf(primary: string) {
      fs.writeFileSync(path.join(dir, ".primary"), `${primary}\n`);
    },
    becomePrimary() {
      fs.rmSync(path.join(dir, ".primary"), { force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe("primary detection", () => {
  it("without LiteFS this node is the primary", async () => {
    expect(await isPrimaryInstance("")).toBe(true);
    await expect(ensurePrimary("")).resolves.toBeUndefined();
  });

  it("no .primary file means primary; one naming another host means replica", async () => {
    const view = litefsView();
    expect(await isPrimaryInstance(view.dir)).toBe(true);
    view.replicaOf("machine-primary-1");
    expect(await getPrimaryInfo(view.dir)).toMatchObject({
      currentIsPrimary: false,
      primaryInstance: "machine-primary-1",
    });
  });

  it("ensurePrimary answers a replay to the primary on a replica", async () => {
    const view = litefsView();
    view.replicaOf("machine-primary-1");
    const thrown = await ensurePrimary(view.dir).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("fly-replay")).toBe("instance=machine-primary-1");
  });

  it("every response names the instance that served it", async () => {
    const app = express();
    app.use(instanceHeaders());
    app.get("/", (_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(response.headers.get("fly-instance")).toBe(getInstanceName());
      expect(response.headers.get("x-instance")).toBe(getInstanceName());
    } finally {
      server.close();
    }
  });
});

describe("a GET that writes, through Remix", () => {
  // A tiny app in the shape of the real ones: a page (listen counting) and a resource route (an
  // OAuth callback), each calling ensurePrimary before writing.
  let listens = 0;
  const writingLoader = async () => {
    await ensurePrimary();
    listens++;
    return { listens };
  };
  const build = {
    mode: "production",
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) =>
          new Response("<!doctype html><p>page</p>", { status, headers }),
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/podcast.$id": {
        id: "routes/podcast.$id",
        parentId: "root",
        path: "podcast/:id",
        module: { default: () => null, loader: writingLoader },
      },
      "routes/auth.callback": {
        id: "routes/auth.callback",
        parentId: "root",
        path: "auth/callback",
        module: { loader: async () => Response.json(await writingLoader()) },
      },
    },
    assets: { entry: { imports: [], module: "/entry.js" }, routes: {}, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");

  it("on a replica, the page, its data request and a resource route all answer fly-replay and write nothing", async () => {
    const view = litefsView();
    view.replicaOf("machine-primary-1");
    process.env.LITEFS_DIR = view.dir;
    listens = 0;
    for (const url of ["http://x/podcast/p1", "http://x/podcast/p1.data", "http://x/auth/callback?code=abc"]) {
      const response = await handle(new Request(url));
      expect(response.headers.get("fly-replay"), url).toBe("instance=machine-primary-1");
    }
    expect(listens).toBe(0);
  });

  it("on the primary, the same requests are served and write", async () => {
    const view = litefsView();
    process.env.LITEFS_DIR = view.dir;
    listens = 0;
    const page = await handle(new Request("http://x/podcast/p1"));
    expect(page.status).toBe(200);
    expect(page.headers.get("fly-replay")).toBeNull();
    expect((await handle(new Request("http://x/auth/callback?code=abc"))).status).toBe(200);
    expect(listens).toBe(2);
  });
});

describe("the job runner follows the primary", () => {
  it("does not start on a replica, and starts when the node becomes primary", async () => {
    const view = litefsView();
    view.replicaOf("machine-primary-1");
    const job = enqueueJob("no-such-handler-on-replica", {}, { maxAttempts: 1 })!;
    const follower = startBackgroundJobs({ checkEveryMs: 20, handOverMs: 50, litefsDir: view.dir });
    await follower.check();
    await sleep(100);
    expect(follower.runner).toBeNull();
    wakeJobs(); // nothing is registered on a replica
    expect(getJob(job.id)?.status).toBe("queued");

    view.becomePrimary();
    await waitFor(() => follower.runner?.isRunning === true, "the runner to start");
    await waitFor(() => getJob(job.id)?.status === "failed", "the job to run");
  });

  it("hands over without running a job twice, even one still in the old primary's hands", async () => {
    const a = litefsView();
    const b = litefsView();
    b.replicaOf("node-a");
    const runs: { id: string; by: string }[] = [];
    const inHand = new Set<string>();
    let overlapped = false;
    const handlers = (node: string): Record<string, JobHandler> => ({
      "handover-record": async (payload, job) => {
        if (inHand.has(job.id)) overlapped = true;
        inHand.add(job.id);
        runs.push({ id: job.id, by: node });
        await sleep(Number(payload.ms));
        inHand.delete(job.id);
      },
    });
    const follow = (node: string, dir: string) => {
      const follower = followPrimary({
        isPrimary: () => isPrimaryInstance(dir),
        createRunner: () => new JobRunner({ handlers: handlers(node), pollMs: 10 }),
        clustered: true,
        checkEveryMs: 20,
        handOverMs: 1_500,
      });
      followers.push(follower);
      return follower;
    };
    const nodeA = follow("A", a.dir);
    const nodeB = follow("B", b.dir);
    await waitFor(() => nodeA.runner?.isRunning === true, "A to run");
    expect(nodeB.runner).toBeNull();

    const long = enqueueJob("handover-record", { ms: 400 })!;
    await waitFor(() => runs.some((r) => r.id === long.id), "A to take the long job");
    const short = Array.from({ length: 20 }, () => enqueueJob("handover-record", { ms: 15 })!);

    // The lease moves while A is in the middle of the long job.
    a.replicaOf("node-b");
    b.becomePrimary();
    await waitFor(() => nodeA.runner === null && nodeB.runner?.isRunning === true, "the hand-over");
    const all = [long, ...short];
    await waitFor(() => all.every((j) => getJob(j.id)?.status === "done"), "every job to finish");
    await sleep(1_700); // past B's hand-over window: nothing may be taken back and run again

    const counts = new Map<string, number>();
    for (const run of runs) counts.set(run.id, (counts.get(run.id) ?? 0) + 1);
    expect(all.map((j) => counts.get(j.id))).toEqual(all.map(() => 1));
    expect(overlapped).toBe(false);
    expect(runs.filter((r) => r.id === long.id)).toEqual([{ id: long.id, by: "A" }]);
    expect(runs.some((r) => r.by === "B")).toBe(true);
  });

  it("takes back a job a dead primary left running, once the hand-over window has passed", async () => {
    const view = litefsView();
    view.replicaOf("node-dead");
    const runs: string[] = [];
    const job = enqueueJob("handover-orphan")!;
    db.update(jobs)
      .set({ status: "running", lockedAt: new Date(), lockedBy: "node-dead:1:abc" })
      .where(eq(jobs.id, job.id))
      .run();
    const follower = followPrimary({
      isPrimary: () => isPrimaryInstance(view.dir),
      createRunner: () =>
        new JobRunner({ handlers: { "handover-orphan": (_p, j) => void runs.push(j.id) }, pollMs: 10 }),
      clustered: true,
      checkEveryMs: 20,
      handOverMs: 1_000,
    });
    followers.push(follower);

    view.becomePrimary();
    await waitFor(() => follower.runner?.isRunning === true, "the new primary to run");
    await sleep(200);
    expect(getJob(job.id)?.status).toBe("running"); // still within the window
    await waitFor(() => getJob(job.id)?.status === "done", "the orphan to run");
    expect(runs).toEqual([job.id]);
  });

  it("a single node (no LiteFS) takes back what its dead process left at once", async () => {
    const runs: string[] = [];
    const job = enqueueJob("single-node-orphan")!;
    db.update(jobs)
      .set({ status: "running", lockedAt: new Date(), lockedBy: "local:999:dead" })
      .where(eq(jobs.id, job.id))
      .run();
    const follower = followPrimary({
      isPrimary: () => isPrimaryInstance(""),
      createRunner: () =>
        new JobRunner({ handlers: { "single-node-orphan": (_p, j) => void runs.push(j.id) }, pollMs: 10 }),
      clustered: false,
      checkEveryMs: 20,
      handOverMs: 60_000,
    });
    followers.push(follower);
    await waitFor(() => getJob(job.id)?.status === "done", "the orphan to run");
    expect(runs).toEqual([job.id]);
  });
});
