// `npm start`: build the app, then serve the production build on http://localhost:3000 with the
// demo family seeded on first start. Any variable already set in the environment wins.
// A local demo opts in to the dev tools (the /dev/mailbox, the stand-in admin sign-in) explicitly
// and listens on 127.0.0.1 only: NODE_ENV=production alone means APP_ENV=production (decision 0143).
import "./node-version.js";

import { spawn, spawnSync } from "node:child_process";

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/node/index.js`], {
  stdio: "inherit",
  env: { NODE_ENV: "production", APP_ENV: "development", HOST: "127.0.0.1", SEED_DEMO_DATA: "true", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
