import { describe, expect, it } from "vitest";

import { bucketOrigin } from "./bucket-origin";

const s3 = { STORAGE_DRIVER: "s3" as const, BUCKET_NAME: "media", AWS_REGION: "auto", S3_FORCE_PATH_STYLE: false };

describe("the bucket's origin, for the CSP's connect-src", () => {
  it("is the bucket's own host under the endpoint (Tigris, S3)", () => {
    expect(bucketOrigin({ ...s3, AWS_ENDPOINT_URL_S3: "https://fly.storage.tigris.dev" })).toBe(
      "https://media.fly.storage.tigris.dev",
    );
    expect(bucketOrigin({ ...s3, AWS_REGION: "eu-west-1" })).toBe("https://media.s3.eu-west-1.amazonaws.com");
  });

  it("is the endpoint itself with path-style addressing, and nothing on the local disk", () => {
    expect(bucketOrigin({ ...s3, AWS_ENDPOINT_URL_S3: "http://127.0.0.1:9000/", S3_FORCE_PATH_STYLE: true })).toBe(
      "http://127.0.0.1:9000",
    );
    expect(bucketOrigin({ ...s3, STORAGE_DRIVER: "local" })).toBeNull();
  });
});
