// Imports a "Download everything" archive into this installation (docs/archive-format.md):
//   npm run import -- <archive.zip> <owner e-mail>
// In production: `node build/node/import.js <archive.zip> <owner e-mail>`.
// The owner is made when no account has that address (no password: they set one with "Forgot password"),
// with the rest of the import: a refused archive makes nothing. Recordings convert when the server runs.
import { importArchive } from "../app/features/archive/import.server";
import { getDb, migrateDatabase } from "../app/lib/db.server";

const [file, email] = process.argv.slice(2);
if (!file || !email) {
  console.error("Usage: npm run import -- <archive.zip> <owner e-mail>");
  process.exit(2);
}
migrateDatabase(getDb());
try {
  const result = await importArchive(file, { email });
  console.log(
    `Imported for ${email}: ${result.collections} collections, ${result.stories} stories, ${result.photos} photos, ${result.documents} documents, ${result.recordings} recordings, ${result.episodes} episodes, ${result.newsletters} newsletters.` +
      (result.withheld
        ? ` ${result.withheld} stories, recordings or episodes left out: a relative asked for their removal after the archive was made.`
        : ""),
  );
} catch (error) {
  console.error(`Import failed, nothing was imported: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
