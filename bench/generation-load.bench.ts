// Pages stay fast while a podcast renders: p99 latency of the dashboard while a real generation
// (script, embedded espeak voice, ffmpeg mixing in the worker process) runs, against the same page
// idle, in the same run. Goal: p99 under load ≤ 2× idle.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { measure } from "./lib/load";
import { benchAppEnv, startServer } from "./lib/server";
import type { BenchContext, Figures } from "./lib/types";

const STORY = Array.from(
  { length: 60 },
  (_, i) => `In the summer of ${1950 + i} the family drove to the lake, and Grandma packed sandwiches for everyone.`,
).join(" ");

export default async function generationLoadBench(ctx: BenchContext): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-gen-"));
  const env = benchAppEnv(dir, ctx.buildDir);
  Object.assign(process.env, env);
  const { closeDb, getDb, migrateDatabase } = await import("../app/lib/db.server");
  const { createUser } = await import("../app/models/user.server");
  const { createSession } = await import("../app/models/session.server");
  const { SESSION_ID_KEY } = await import("../app/features/account/auth.server");
  const { authSessionStorage } = await import("../app/lib/session.server");

  migrateDatabase(getDb());
  const owner = await createUser({ email: "bench-gen@example.com", firstName: "Bench", podcastLimit: 1000 });
  const session = await authSessionStorage().getSession();
  session.set(SESSION_ID_KEY, createSession(owner.id).id);
  const cookie = (await authSessionStorage().commitSession(session)).split(";")[0]!;
  closeDb();

  const server = await startServer(env);
  try {
    const headers = { Cookie: cookie, Accept: "text/html" };
    const seconds = Math.max(3, Math.min(ctx.seconds, 8));
    await measure(`${server.url}/`, { seconds: 2, concurrency: 2, headers }); // warm-up
    const idle = await measure(`${server.url}/`, { seconds, concurrency: 2, headers });

    const api = { Cookie: cookie, "Content-Type": "application/json" };
    const upload = await fetch(`${server.url}/api/stories/upload`, {
      method: "POST",
      headers: api,
      body: JSON.stringify({ storyTitle: "Summers at the Lake", storyContent: STORY }),
    });
    const { storyId } = (await upload.json()) as { storyId: string };
    const generate = await fetch(`${server.url}/api/podcasts/generate`, {
      method: "POST",
      headers: api,
      body: JSON.stringify({
        storyId,
        voiceConfig: {
          hostCount: 2,
          primaryVoice: "female-warm",
          primaryAccent: "american",
          primarySpeed: 1,
          secondaryVoice: "male-warm",
          secondaryAccent: "british",
          secondarySpeed: 1,
        },
        options: { backgroundMusic: "gentle-piano", introOutro: "standard", processingQuality: "standard" },
      }),
    });
    const { podcastId } = (await generate.json()) as { podcastId: string };
    // Wait until the render is really under way, then load the page while it runs.
    const status = async () =>
      ((await (await fetch(`${server.url}/api/podcasts/${podcastId}`, { headers: api })).json()) as { status: string })
        .status;
    for (
      let i = 0;
      i < 200 && !["voice_processing", "audio_processing", "complete", "failed"].includes(await status());
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const loaded = await measure(`${server.url}/`, { seconds, concurrency: 2, headers });
    const during = await status();
    console.log(
      `  idle p99 ${idle.p99.toFixed(1)} ms; during generation (${during} at the end) p99 ${loaded.p99.toFixed(1)} ms`,
    );
    const goal = "p99 while a generation runs ≤ 2× idle";
    return {
      "generation_load.dashboard_p99": {
        value: loaded.p99,
        unit: "ms",
        baseline: idle.p99,
        ratio: loaded.p99 / idle.p99,
        goal,
        machine: ctx.machine,
      },
      "generation_load.dashboard_rps": {
        value: loaded.rps,
        unit: "req/s",
        baseline: idle.rps,
        ratio: loaded.rps / idle.rps,
        goal: "informational",
        machine: ctx.machine,
      },
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
