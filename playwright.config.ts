import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The app under test: the production build on 127.0.0.1 with its own SQLite file and port.
// E2E_PORT and BUILD_DIR let parallel runs on one machine stay out of each other's way.
const port = Number(process.env.E2E_PORT ?? 4310);
const dir = path.resolve(`tests/.tmp/e2e-${port}`);
const buildDir = process.env.BUILD_DIR ?? "build";
// The services the app calls, started beside it (tests/mocks/e2e-services.ts): a real OAuth2 server
// for the administrator sign-in, and a fake OpenAI-compatible script writer. Below the ephemeral
// port range, so no test's randomly bound server can take them.
const providerPort = port + 1000;
const openaiPort = port + 1001;
export const e2eServices = {
  /** Tests sign in there with its session cookie (tests/mocks/identity-provider.ts). */
  identityProviderUrl: `http://127.0.0.1:${providerPort}`,
  /** GET /__requests lists what the script writer was asked. */
  openaiUrl: `http://127.0.0.1:${openaiPort}`,
  openaiModel: "gpt-4o-mini",
};
export const e2eEnv = {
  NODE_ENV: "production",
  APP_ENV: "test",
  PORT: String(port),
  HOST: "127.0.0.1",
  APP_URL: `http://127.0.0.1:${port}`,
  DATABASE_PATH: path.join(dir, "e2e.db"),
  DATA_DIR: path.join(dir, "files"),
  SESSION_SECRET: "e2e-session-secret",
  BUILD_DIR: buildDir,
  // Every test signs in; the sign-in limit itself is tested in Vitest.
  RATE_LIMIT_AUTH_MAX: "100000",
  RATE_LIMIT_PUBLIC_POST_MAX: "100000",
  RATE_LIMIT_GENERAL_MAX: "100000",
  OAUTH_AUTHORIZATION_URL: `${e2eServices.identityProviderUrl}/authorize`,
  OAUTH_TOKEN_URL: `${e2eServices.identityProviderUrl}/token`,
  OAUTH_USERINFO_URL: `${e2eServices.identityProviderUrl}/userinfo`,
  OAUTH_CLIENT_ID: "storyhearth-e2e",
  OAUTH_CLIENT_SECRET: "storyhearth-e2e-secret",
  OPENAI_API_KEY: "sk-test-fake-openai",
  OPENAI_BASE_URL: `${e2eServices.openaiUrl}/v1`,
  OPENAI_MODEL: e2eServices.openaiModel,
};
// The test process opens the same database to create fixtures and read the outbox.
Object.assign(process.env, {
  DATABASE_PATH: e2eEnv.DATABASE_PATH,
  SESSION_SECRET: e2eEnv.SESSION_SECRET,
  APP_ENV: "test",
  DATA_DIR: e2eEnv.DATA_DIR,
});
if (!process.env.PLAYWRIGHT_WORKER_INDEX && !process.env.TEST_WORKER_INDEX) {
  fs.rmSync(dir, { recursive: true, force: true });
}

// Debian's build of Chromium's headless shell: the same Blink as /usr/bin/chromium without the
// browser UI and its GPU process, and what Playwright itself launches for headless runs. Half the
// suite's time on a 2-core machine (decision 0184).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // One retry on CI only: a test that fails once under CI's load and passes on retry is reported as
  // flaky in the summary instead of refusing the whole submission; a real failure fails both times.
  retries: process.env.CI ? 1 : 0,
  // 60 s: a long no-JavaScript flow (a dozen form round trips) passed 30 s on a slow CI machine (0184).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // The XSS corpus runs once, with JavaScript: the page it loads is the server's HTML, so markup that
    // escaped there would run before hydration and be caught; without JavaScript nothing can run at
    // all (decision 0184). Every flow still runs in both projects.
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /XSS corpus in every user-entered field/ },
  ],
  webServer: [
    {
      command: `node --import tsx tests/mocks/e2e-services.ts ${providerPort} ${openaiPort}`,
      url: `${e2eServices.identityProviderUrl}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The compiled server, as production runs it (0141); compiled again here (under a second) so a
      // run after `remix vite:build` alone never tests a stale server.
      command: `node scripts/build-server.js && node ${buildDir}/node/index.js`,
      url: `http://127.0.0.1:${port}/healthz`,
      env: e2eEnv,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
