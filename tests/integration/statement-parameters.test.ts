// Statements are compiled with `+?` for each bare `?` (app/lib/db.server.ts, decision 0149), so SQLite
// never recompiles one because a new value was bound. The rewrite must leave the meaning alone.
import { campaigns, users } from "#db/schema";
import { and, desc, eq, inArray, like } from "drizzle-orm";
import { expect, it } from "vitest";

import { migrateDatabase, openDatabase, planWithoutBoundValues } from "~/lib/db.server";

it("rewrites bare parameters only, never inside quotes, identifiers or comments", () => {
  expect(planWithoutBoundValues("select * from t where a = ? and b in (?, ?) limit ? offset ?")).toBe(
    "select * from t where a = +? and b in (+?, +?) limit +? offset +?",
  );
  expect(
    planWithoutBoundValues(`select 'it''s ?' as "a?b", [c?], \`d?\` from t where x = ?1 -- why?\nand y = ? /* and? */`),
  ).toBe(`select 'it''s ?' as "a?b", [c?], \`d?\` from t where x = ?1 -- why?\nand y = +? /* and? */`);
});

it("gives the same rows, values and types through the rewritten statements", () => {
  const database = openDatabase(":memory:");
  migrateDatabase(database);
  const owner = database
    .insert(users)
    .values({ email: "params@example.com", firstName: "Ada", lastName: "Param" })
    .returning()
    .get();
  for (const title of ["Summer", "Winter", "Spring?"]) {
    database
      .insert(campaigns)
      .values({ ownerId: owner.id, title, publicId: `p-${title}`, prompt: "Tell us" })
      .run();
  }

  const page = database
    .select({ title: campaigns.title, email: users.email })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(
      and(
        eq(campaigns.ownerId, owner.id),
        inArray(campaigns.title, ["Summer", "Winter", "Spring?"]),
        like(campaigns.title, "%r%"),
      ),
    )
    .orderBy(desc(campaigns.title))
    .limit(2)
    .offset(0);
  expect(page.all()).toEqual([
    { title: "Winter", email: "params@example.com" },
    { title: "Summer", email: "params@example.com" },
  ]);
  expect(database.$client.prepare(page.toSQL().sql).source).toContain("limit +?");
  // Values come back as they were bound: unary plus changes no type.
  expect(
    database.$client.prepare("select ? as n, ? as s, ? as b, ? as z").get(7, "07", Buffer.from("x"), null),
  ).toEqual({
    n: 7,
    s: "07",
    b: Buffer.from("x"),
    z: null,
  });
  database.$client.close();
});
