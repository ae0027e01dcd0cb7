// `npm start`: build the app, then serve the production build on http://localhost:3000 with the
// demo family seeded on first start. Any variable already set in the environment wins.
import { spawnSync, spawn } from "node:child_process";

const build = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", SEED_DEMO_DATA: "true", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
