import { llmUsage } from "#db/schema";

import { db } from "~/lib/db.server";

export type NewLlmUsage = typeof llmUsage.$inferInsert;

export function recordLlmUsage(usage: NewLlmUsage) {
  return db.insert(llmUsage).values(usage).returning().get();
}
