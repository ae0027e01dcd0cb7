// The admin forms' numbers and category lists, without Zod: the pages import them from here, so
// they load no schema code (decision 0182). schemas.ts builds its checks from them.
import { promptTemplateCategories } from "#db/enums";

export const MAX_EXPIRES_IN_DAYS = 3650;
export const MAX_USAGE_LIMIT = 1_000_000_000;
export const ADMIN_COLLECTIONS_PAGE_SIZE = 50;

export { promptTemplateCategories };

export const simpleTemplateCategories = [
  "holidays",
  "childhood",
  "family",
  "traditions",
  "milestones",
  "general",
] as const;
/** One per script format the script writer uses (plus general). */
export const managedTemplateCategories = ["general", "single_host", "dual_host", "multi_contributor"] as const;
export type TemplateCategory = (typeof promptTemplateCategories)[number];

export const CATEGORY_LABELS: Record<TemplateCategory, string> = {
  general: "General",
  single_host: "Single Host",
  dual_host: "Dual Host",
  multi_contributor: "Multi-Contributor",
  holidays: "Holidays",
  childhood: "Childhood",
  family: "Family",
  traditions: "Traditions",
  milestones: "Milestones",
};
