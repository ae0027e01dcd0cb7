import { downloadVoicesOnFirstStart } from "../app/audio/voice-download.server";
import { retireTokensInStoredEmail } from "../app/features/contributions/retired-links.server";
import { defaultPiperModels } from "../app/features/podcasts/default-voices.server";
import { startBackgroundJobs, stopBackgroundJobs } from "../app/jobs/index.server";
import { closeDb, getDb, migrateDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { isPrimaryInstance } from "../app/lib/litefs.server";
import { seedDemoData } from "../app/seed/demo.server";
import { createApp } from "./app";

const config = env(); // fails fast, naming any missing or invalid variable

const primary = await isPrimaryInstance();
if (primary) {
  migrateDatabase(getDb());
  const retired = retireTokensInStoredEmail();
  if (retired) console.log(`Replaced the links of ${retired} invitation(s) found in stored e-mail.`);
}
if (config.SEED_DEMO_DATA && primary) {
  const demo = await seedDemoData(getDb());
  if (demo)
    console.log(
      `Demo data ready. Sign in as ${demo.owner.email} / ${demo.owner.password} (admin: ${demo.admin.email}).`,
    );
}

const viteDevServer =
  config.NODE_ENV === "production"
    ? undefined
    : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const app = await createApp({ env: config, viteDevServer, buildDir: process.env.BUILD_DIR });
const server = app.listen(config.PORT, config.HOST, () => {
  console.log(`Storyhearth listening on http://localhost:${config.PORT}`);
  if (config.VOICES_AUTO_DOWNLOAD ?? config.APP_ENV !== "test") void downloadVoicesOnFirstStart(defaultPiperModels());
});

if (config.JOBS_DISABLED !== "true") startBackgroundJobs();

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, finishing open requests…`);
  server.close(() => {
    void stopBackgroundJobs().finally(() => {
      closeDb();
      process.exit(0);
    });
  });
  setTimeout(() => server.closeAllConnections(), 5_000).unref();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
