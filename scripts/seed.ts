// `npm run db:seed`: the demo family on an empty database. A script entry of its own, so that no
// module the server bundles can seed on import (the compiled server once did).
import { getDb, migrateDatabase } from "../app/lib/db.server";
import { seedDemoData } from "../app/seed/demo.server";

migrateDatabase(getDb());
const result = await seedDemoData(getDb());
console.log(
  result
    ? `Seeded. Sign in as ${result.owner.email} / ${result.owner.password}`
    : "Database already has data; nothing seeded.",
);
