// Lists and limits shared by the schema, the models and the browser; nothing here imports drizzle,
// so client code may import it.
export const MAX_REMINDERS = { min: 1, max: 6, default: 3 } as const;

/** What a prompt template is for; the admin's forms list them in the browser. */
export const promptTemplateCategories = [
  "general",
  "single_host",
  "dual_host",
  "multi_contributor",
  "holidays",
  "childhood",
  "family",
  "traditions",
  "milestones",
] as const;
