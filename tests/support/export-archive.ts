// Writes an account's "Download everything" zip to a file, in a process of its own, so a test can read
// an installation other than its own (another DATABASE_PATH and DATA_DIR):
//   node --import tsx tests/support/export-archive.ts <owner e-mail> <out.zip>
// Recordings an import left converting are converted first, as the server's job runner would.
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { contributionRecordings } from "#db/schema";
import { eq } from "drizzle-orm";

import { archiveResponse } from "~/features/archive/zip.server";
import { convertRecording } from "~/features/contributions/recordings.server";
import { db } from "~/lib/db.server";
import { getUserByEmail } from "~/models/user.server";

const [email, out] = process.argv.slice(2);
const converting = db
  .select({ id: contributionRecordings.id })
  .from(contributionRecordings)
  .where(eq(contributionRecordings.status, "converting"))
  .all();
for (const { id } of converting) await convertRecording(id, null);
const owner = email ? await getUserByEmail(email) : undefined;
const response = owner && (await archiveResponse(owner.id));
if (!response?.body || !out) {
  console.error(`No account ${email ?? "(none given)"} to export`);
  process.exit(1);
}
await pipeline(Readable.fromWeb(response.body as never), createWriteStream(out));
