// The same end-to-end app, on the S3 storage driver against a local S3-compatible server (s3rver),
// for what only that driver does: browsers putting video parts straight into the bucket (decision
// 0145). Runs the *.s3-spec.ts files: `npx playwright test -c playwright.s3.config.ts`.
import { defineConfig } from "@playwright/test";

import base, { e2eEnv } from "./playwright.config";

const port = Number(process.env.E2E_PORT ?? 4310);
const s3Port = port + 1002;
export const e2eBucket = {
  STORAGE_DRIVER: "s3",
  BUCKET_NAME: "storyhearth-e2e",
  AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: "S3RVER",
  AWS_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "true",
};
// The test process reads what landed in the bucket through the app's own storage.
Object.assign(process.env, e2eBucket);

const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];

export default defineConfig({
  ...base,
  testMatch: /\.s3-spec\.ts$/,
  webServer: [
    {
      command: `node --import tsx tests/mocks/s3-service.ts ${s3Port} ${e2eBucket.BUCKET_NAME} ${e2eEnv.APP_URL}`,
      port: s3Port,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    ...servers.map((server) => (server.env ? { ...server, env: { ...server.env, ...e2eBucket } } : server)),
  ],
});
