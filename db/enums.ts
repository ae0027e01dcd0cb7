// Lists and limits shared by the schema, the models and the browser; nothing here imports drizzle,
// so client code may import it.
export const MAX_REMINDERS = { min: 1, max: 6, default: 3 } as const;
