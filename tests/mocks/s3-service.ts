// The bucket of the end-to-end app server on the S3 driver (playwright.s3.config.ts): s3rver with the
// CORS rule docs/deploy.md asks for. Usage: node --import tsx tests/mocks/s3-service.ts <port> <bucket> <app origin>
import { startS3Server } from "../support/s3-server";

const [port, bucket, origin] = process.argv.slice(2);
if (!Number(port) || !bucket || !origin) throw new Error("Usage: s3-service.ts <port> <bucket> <app origin>");

const server = await startS3Server(bucket, { port: Number(port), corsOrigins: [origin] });

async function stop() {
  await server.close();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
