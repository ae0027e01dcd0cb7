// No SDK here: the Express server imports this for its Content-Security-Policy.

type BucketConfig = {
  STORAGE_DRIVER: "local" | "s3";
  BUCKET_NAME?: string | undefined;
  AWS_ENDPOINT_URL_S3?: string | undefined;
  AWS_REGION: string;
  S3_FORCE_PATH_STYLE: boolean;
};

export function bucketOrigin(config: BucketConfig): string | null {
  if (config.STORAGE_DRIVER !== "s3" || !config.BUCKET_NAME) return null;
  const endpoint = new URL(config.AWS_ENDPOINT_URL_S3 ?? `https://s3.${config.AWS_REGION}.amazonaws.com`);
  if (config.S3_FORCE_PATH_STYLE) return endpoint.origin;
  return `${endpoint.protocol}//${config.BUCKET_NAME}.${endpoint.host}`;
}
