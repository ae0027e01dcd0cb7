// For a test file whose app runs on the S3 driver: a real S3-compatible server (s3rver) started before
// its tests, the app's settings pointed at it before anything asks for storage, and closed after.
import { afterAll, beforeAll } from "vitest";

import { env, parseEnv } from "~/lib/env.server";

import { S3RVER_KEYS, startS3Server } from "./s3-server";

type S3Server = Awaited<ReturnType<typeof startS3Server>>;

/** The variables a deployment on Tigris sets (docs/deploy.md), pointing at `server`: the S3 driver needs no others. */
export const s3Variables = (server: Pick<S3Server, "bucket" | "endpoint">) => ({
  STORAGE_DRIVER: "s3",
  BUCKET_NAME: server.bucket,
  AWS_ENDPOINT_URL_S3: server.endpoint,
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
  S3_FORCE_PATH_STYLE: "true",
});

/** Call at the top of the test file; the server's address and bucket are read once its tests run. */
export function runAppOnS3(bucket: string) {
  let server: S3Server | undefined;
  beforeAll(async () => {
    server = await startS3Server(bucket);
    // Those variables as the app reads them; the rest of the test's settings stay.
    const variables = s3Variables(server);
    const parsed = parseEnv(variables);
    Object.assign(
      env(),
      Object.fromEntries(Object.keys(variables).map((name) => [name, parsed[name as keyof typeof variables]])),
    );
  });
  afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error("The S3 server starts in beforeAll: read it inside a test");
    return server;
  };
  return {
    get endpoint() {
      return started().endpoint;
    },
    get bucket() {
      return started().bucket;
    },
  };
}
