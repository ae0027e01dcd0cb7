// Safe defaults (decision 0143): the compiled server started with NODE_ENV=production and no APP_ENV
// is production. No dev mailbox, no stand-in admin sign-in, no local webhook key; HSTS and Secure
// cookies on. A second server beside the e2e one, on its own port and database.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

import { signWebhook } from "~/features/contributions/mailgun-webhook.server";

import { e2eServices } from "../../playwright.config";
import { expect, test } from "./fixtures";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });

let server: ChildProcess | undefined;
let base = "";
let dir = "";
let stdout = "";

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-safe-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // What an operator's environment holds; APP_ENV and the dev-only settings are not in it.
  const { APP_ENV: _appEnv, ...inherited } = process.env;
  const buildDir = process.env.BUILD_DIR ?? "build";
  server = spawn(process.execPath, [`${buildDir}/node/index.js`], {
    env: {
      PATH: inherited.PATH,
      BUILD_DIR: buildDir,
      NODE_ENV: "production",
      PORT: String(port),
      // Only so the test server is not reachable from elsewhere; unset, production listens on 0.0.0.0.
      HOST: "127.0.0.1",
      APP_URL: base,
      DATABASE_PATH: path.join(dir, "safe.db"),
      DATA_DIR: path.join(dir, "files"),
      SESSION_SECRET: "safe-defaults-session-secret",
      MAILGUN_API_KEY: "key-safe-defaults",
      MAILGUN_DOMAIN: "mg.storyhearth.test",
      MAILGUN_URL: "http://127.0.0.1:9",
      MAILGUN_WEBHOOK_SIGNING_KEY: "the-real-signing-key",
      OAUTH_AUTHORIZATION_URL: `${e2eServices.identityProviderUrl}/authorize`,
      OAUTH_TOKEN_URL: `${e2eServices.identityProviderUrl}/token`,
      OAUTH_USERINFO_URL: `${e2eServices.identityProviderUrl}/userinfo`,
      OAUTH_CLIENT_ID: "storyhearth-e2e",
      OAUTH_CLIENT_SECRET: "storyhearth-e2e-secret",
      JOBS_DISABLED: "true",
      VOICES_AUTO_DOWNLOAD: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  server.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the production server exited (${server.exitCode}): ${stderr}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the production server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A Mailgun-style signature made with the fixed key that only local runs accept. */
function devSigned() {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString("hex");
  return { timestamp, token, signature: signWebhook("dev-webhook-signing-key", timestamp, token) };
}

test("NODE_ENV=production without APP_ENV: no dev mailbox, no stand-in sign-in, no development key", async ({
  request,
}) => {
  for (const url of ["/dev/mailbox", "/dev/mailbox/some-email-id", "/dev/admin-login"]) {
    expect((await request.get(`${base}${url}`, { maxRedirects: 0 })).status(), url).toBe(404);
  }
  // The administrator sign-in goes to the identity provider, with a Secure state cookie.
  const login = await request.get(`${base}/api/login`, { maxRedirects: 0 });
  expect(login.status()).toBe(302);
  expect(login.headers().location).toMatch(new RegExp(`^${e2eServices.identityProviderUrl}/authorize`));
  expect(login.headers()["set-cookie"]).toMatch(/;\s*Secure/i);

  const events = await request.post(`${base}/webhooks/mailgun/events`, {
    data: { signature: devSigned(), "event-data": { event: "complained" } },
  });
  expect(events.status()).toBe(401);
  const form = devSigned();
  const inbound = await request.post(`${base}/webhooks/mailgun/inbound`, {
    multipart: { ...form, recipient: "reply+abc@mg.storyhearth.test", subject: "Re", "body-plain": "Hi" },
  });
  expect(inbound.status()).toBe(401);

  const home = await request.get(`${base}/`);
  expect(home.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
});

test("a production start on an empty database creates no account", () => {
  const db = new Database(path.join(dir, "safe.db"), { readonly: true });
  try {
    expect(db.prepare("select count(*) as n from users").get()).toEqual({ n: 0 });
    expect(db.prepare("select count(*) as n from campaigns").get()).toEqual({ n: 0 });
  } finally {
    db.close();
  }
  expect(stdout).not.toMatch(/Sign in as|Seeded|Demo data ready/);
  expect(stdout).toMatch(/listening on/);
});
