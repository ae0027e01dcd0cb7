// Applies the database migrations: LiteFS runs this first on a candidate node (litefs.yml `exec`,
// `if-candidate: true`), before the app starts. Only the primary can write, so anywhere else it
// says so and leaves the work to the primary.
import { closeDb, getDb, migrateDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { getPrimaryInfo } from "../app/lib/litefs.server";

const { currentIsPrimary, primaryInstance } = await getPrimaryInfo();
if (!currentIsPrimary) {
  console.log(`migrate: this node is a replica (primary: ${primaryInstance}); the primary migrates.`);
} else {
  migrateDatabase(getDb());
  closeDb();
  console.log(`migrate: ${env().DATABASE_PATH} is up to date.`);
}
