import { promptTemplates } from "#db/schema";
import { and, desc, eq, ne } from "drizzle-orm";

import { db } from "~/lib/db.server";

export type PromptTemplateCategory = (typeof promptTemplates.$inferSelect)["category"];

export function getDefaultPromptTemplate(category: PromptTemplateCategory) {
  return db.query.promptTemplates.findFirst({
    where: and(
      eq(promptTemplates.category, category),
      eq(promptTemplates.isDefault, true),
      eq(promptTemplates.isActive, true),
    ),
    orderBy: [desc(promptTemplates.updatedAt)],
  });
}

// Exactly one default per category: every write that makes a default clears the others in the same
// immediate transaction, so two admins at once cannot leave two behind.

export type PromptTemplate = typeof promptTemplates.$inferSelect;
type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

export type NewPromptTemplate = {
  name: string;
  description?: string | null;
  category: PromptTemplateCategory;
  systemPrompt: string;
  isActive?: boolean;
  isDefault?: boolean;
};

export function listPromptTemplates(category?: PromptTemplateCategory) {
  return db
    .select()
    .from(promptTemplates)
    .where(category ? eq(promptTemplates.category, category) : undefined)
    .orderBy(desc(promptTemplates.isDefault), desc(promptTemplates.createdAt), desc(promptTemplates.id))
    .all();
}

export function getPromptTemplate(id: string) {
  return db.select().from(promptTemplates).where(eq(promptTemplates.id, id)).get();
}

function clearDefaults(tx: Tx, category: PromptTemplateCategory, exceptId?: string) {
  tx.update(promptTemplates)
    .set({ isDefault: false })
    .where(
      and(
        eq(promptTemplates.category, category),
        eq(promptTemplates.isDefault, true),
        exceptId ? ne(promptTemplates.id, exceptId) : undefined,
      ),
    )
    .run();
}

export function createPromptTemplate(input: NewPromptTemplate) {
  return db.transaction(
    (tx) => {
      if (input.isDefault) clearDefaults(tx, input.category);
      return tx
        .insert(promptTemplates)
        .values({
          name: input.name,
          description: input.description ?? null,
          category: input.category,
          systemPrompt: input.systemPrompt,
          isActive: input.isActive ?? true,
          isDefault: input.isDefault ?? false,
        })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

export type PromptTemplateChanges = Partial<Omit<NewPromptTemplate, "description">> & { description?: string | null };

export function updatePromptTemplate(id: string, changes: PromptTemplateChanges) {
  return db.transaction(
    (tx) => {
      const current = tx.select().from(promptTemplates).where(eq(promptTemplates.id, id)).get();
      if (!current) return undefined;
      const category = changes.category ?? current.category;
      const isDefault = changes.isDefault ?? current.isDefault;
      if (isDefault) clearDefaults(tx, category, id);
      return tx
        .update(promptTemplates)
        .set({ ...changes, category, isDefault })
        .where(eq(promptTemplates.id, id))
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

export function setDefaultPromptTemplate(id: string) {
  return db.transaction(
    (tx) => {
      const template = tx.select().from(promptTemplates).where(eq(promptTemplates.id, id)).get();
      if (!template) return undefined;
      clearDefaults(tx, template.category, id);
      return tx
        .update(promptTemplates)
        .set({ isDefault: true, isActive: true })
        .where(eq(promptTemplates.id, id))
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

export function copyPromptTemplate(id: string, name: (original: string) => string) {
  const original = getPromptTemplate(id);
  if (!original) return undefined;
  return createPromptTemplate({
    name: name(original.name).slice(0, 100),
    description: original.description,
    category: original.category,
    systemPrompt: original.systemPrompt,
    isActive: original.isActive,
    isDefault: false,
  });
}

export type TemplateDelete = { ok: true } | { ok: false; status: 404 | 409 };

export function deletePromptTemplate(id: string): TemplateDelete {
  return db.transaction((tx) => {
    const template = tx
      .select({ isDefault: promptTemplates.isDefault })
      .from(promptTemplates)
      .where(eq(promptTemplates.id, id))
      .get();
    if (!template) return { ok: false, status: 404 };
    if (template.isDefault) return { ok: false, status: 409 };
    tx.delete(promptTemplates).where(eq(promptTemplates.id, id)).run();
    return { ok: true };
  });
}
