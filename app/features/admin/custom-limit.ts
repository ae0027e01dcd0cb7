// The custom podcast limit as the browser checks it before anything is sent (decision 0182):
// CustomLimitSchema (user-schemas.ts) is the server's check; custom-limit.test.ts holds the two to the
// same messages. Above the largest limit the browser lets it go and the server answers.
import { adminUserMessages } from "./user-messages";

export function customLimitErrors(raw: unknown): string[] | undefined {
  const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) return [adminUserMessages.error.customLimitPositive];
  if (!Number.isInteger(value)) return [adminUserMessages.error.limitWhole];
  return value < 1 ? [adminUserMessages.error.customLimitPositive] : undefined;
}
