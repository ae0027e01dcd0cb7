// Writes an account's "Download everything" zip to a file, in a process of its own, so a test can read
// an installation other than its own (another DATABASE_PATH and DATA_DIR):
//   node --import tsx tests/support/export-archive.ts <owner e-mail> <out.zip>
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { archiveResponse } from "~/features/archive/zip.server";
import { getUserByEmail } from "~/models/user.server";

const [email, out] = process.argv.slice(2);
const owner = email ? await getUserByEmail(email) : undefined;
const response = owner && (await archiveResponse(owner.id));
if (!response?.body || !out) {
  console.error(`No account ${email ?? "(none given)"} to export`);
  process.exit(1);
}
await pipeline(Readable.fromWeb(response.body as never), createWriteStream(out));
