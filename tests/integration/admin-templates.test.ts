// Prompt templates: both create shapes, edit, copy, delete, and exactly one default per category
// (which the script writer then reads).
import { promptTemplates } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";
import {
  createPromptTemplate,
  getDefaultPromptTemplate,
  type PromptTemplateCategory,
} from "~/models/prompt-template.server";
import * as createPage from "~/routes/admin+/create";
import * as page from "~/routes/admin+/prompt-templates";
import * as templates from "~/routes/api+/admin+/prompt-templates";
import * as templateById from "~/routes/api+/admin+/prompt-templates.$id";
import * as setDefault from "~/routes/api+/admin+/prompt-templates.$id.set-default";

import { createTestAdmin } from "../utils/admin-helpers";
import { callRoute, makeRequest } from "../utils/auth";
import { toastOf } from "../utils/dashboard-helpers";

type TemplateJson = {
  id: string;
  name: string;
  category: string;
  systemPrompt: string;
  isActive: boolean;
  isDefault: boolean;
  description: string | null;
};

const defaultsOf = (category: PromptTemplateCategory) =>
  db
    .select({ id: promptTemplates.id })
    .from(promptTemplates)
    .where(and(eq(promptTemplates.category, category), eq(promptTemplates.isDefault, true)))
    .all()
    .map((r) => r.id);
const stored = (id: string) => db.select().from(promptTemplates).where(eq(promptTemplates.id, id)).get();

describe("POST /api/admin/prompt-templates", () => {
  it("takes the management shape (isActive true, isDefault false, category general by default)", async () => {
    const admin = await createTestAdmin();
    const response = await callRoute(
      templates.action,
      makeRequest("/api/admin/prompt-templates", {
        cookie: admin.cookie,
        json: { name: "Warm narrator", description: "Soft", systemPrompt: "Be warm." },
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      name: "Warm narrator",
      description: "Soft",
      systemPrompt: "Be warm.",
      category: "general",
      isActive: true,
      isDefault: false,
    });
  });

  it("takes the simple shape (content, one of the theme categories)", async () => {
    const admin = await createTestAdmin();
    const response = await callRoute(
      templates.action,
      makeRequest("/api/admin/prompt-templates", {
        cookie: admin.cookie,
        json: { name: "Holidays", category: "holidays", content: "Talk about holidays.", isDefault: true },
      }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as TemplateJson;
    expect(body).toMatchObject({
      category: "holidays",
      systemPrompt: "Talk about holidays.",
      isDefault: true,
      isActive: true,
    });
    expect(defaultsOf("holidays")).toEqual([body.id]);
  });

  it("answers malformed bodies with 400/415, never a 500", async () => {
    const admin = await createTestAdmin();
    const bad: unknown[] = [
      {},
      { name: "N" },
      { name: "N", systemPrompt: "S", category: "holidays" },
      { name: "N", content: "C" },
      { name: "N", content: "C", category: "dual_host" },
      { name: "N", systemPrompt: "S", isDefault: "yes" },
      { name: "", systemPrompt: "S" },
      [1, 2],
    ];
    for (const json of bad) {
      const response = await callRoute(
        templates.action,
        makeRequest("/api/admin/prompt-templates", { cookie: admin.cookie, json }),
      );
      expect(response.status).toBe(400);
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string");
    }
    const text = await callRoute(
      templates.action,
      makeRequest("/api/admin/prompt-templates", {
        cookie: admin.cookie,
        body: "x",
        headers: { "Content-Type": "text/plain" },
      }),
    );
    expect(text.status).toBe(415);
  });
});

describe("exactly one default per category", () => {
  it("create, set-default and PUT each leave one default in the category; other categories are untouched", async () => {
    const admin = await createTestAdmin();
    const single = createPromptTemplate({
      name: "Single A",
      category: "single_host",
      systemPrompt: "A",
      isDefault: true,
    });
    const dual = createPromptTemplate({ name: "Dual", category: "dual_host", systemPrompt: "D", isDefault: true });
    const b = (await (
      await callRoute(
        templates.action,
        makeRequest("/api/admin/prompt-templates", {
          cookie: admin.cookie,
          json: { name: "Single B", category: "single_host", systemPrompt: "B", isDefault: true },
        }),
      )
    ).json()) as TemplateJson;
    expect(defaultsOf("single_host")).toEqual([b.id]);

    const set = await callRoute(
      setDefault.action,
      makeRequest(`/api/admin/prompt-templates/${single.id}/set-default`, { cookie: admin.cookie, method: "POST" }),
      { id: single.id },
    );
    expect(set.status).toBe(200);
    expect(defaultsOf("single_host")).toEqual([single.id]);

    const put = await callRoute(
      templateById.action,
      makeRequest(`/api/admin/prompt-templates/${b.id}`, {
        cookie: admin.cookie,
        method: "PUT",
        json: { isDefault: true, name: "Single B2" },
      }),
      { id: b.id },
    );
    expect(await put.json()).toMatchObject({ name: "Single B2", isDefault: true });
    expect(defaultsOf("single_host")).toEqual([b.id]);
    expect(defaultsOf("dual_host")).toEqual([dual.id]);

    // Moving a default to another category makes it that category's only default.
    await callRoute(
      templateById.action,
      makeRequest(`/api/admin/prompt-templates/${b.id}`, {
        cookie: admin.cookie,
        method: "PUT",
        json: { category: "dual_host" },
      }),
      { id: b.id },
    );
    expect(defaultsOf("dual_host")).toEqual([b.id]);
    expect(defaultsOf("single_host")).toEqual([]);
  });

  it("the script writer reads the category's active default", async () => {
    const admin = await createTestAdmin();
    const first = createPromptTemplate({
      name: "Multi 1",
      category: "multi_contributor",
      systemPrompt: "First prompt",
      isDefault: true,
    });
    const second = createPromptTemplate({
      name: "Multi 2",
      category: "multi_contributor",
      systemPrompt: "Second prompt",
    });
    expect((await getDefaultPromptTemplate("multi_contributor"))?.id).toBe(first.id);
    await callRoute(
      page.action,
      makeRequest("/admin/prompt-templates", { cookie: admin.cookie, form: { intent: "set-default", id: second.id } }),
    );
    expect((await getDefaultPromptTemplate("multi_contributor"))?.systemPrompt).toBe("Second prompt");
  });

  it("a default cannot be deleted (409); a non-default is deleted with 204", async () => {
    const admin = await createTestAdmin();
    const keep = createPromptTemplate({ name: "Keep", category: "general", systemPrompt: "K", isDefault: true });
    const drop = createPromptTemplate({ name: "Drop", category: "general", systemPrompt: "D" });
    const del = (id: string) =>
      callRoute(
        templateById.action,
        makeRequest(`/api/admin/prompt-templates/${id}`, { cookie: admin.cookie, method: "DELETE" }),
        { id },
      );
    const refused = await del(keep.id);
    expect(refused.status).toBe(409);
    expect(stored(keep.id)).toBeDefined();
    const deleted = await del(drop.id);
    expect(deleted.status).toBe(204);
    expect(stored(drop.id)).toBeUndefined();
    expect((await del(drop.id)).status).toBe(404);
    const missing = await callRoute(
      setDefault.action,
      makeRequest("/api/admin/prompt-templates/nope/set-default", { cookie: admin.cookie, method: "POST" }),
      { id: "nope" },
    );
    expect(missing.status).toBe(404);
  });
});

describe("/admin/prompt-templates page", () => {
  const act = (cookie: string, form: Record<string, string>) =>
    callRoute(page.action, makeRequest("/admin/prompt-templates", { cookie, form }));

  it("creates, edits, copies and deletes with the toasts; tabs filter by category", async () => {
    const admin = await createTestAdmin();
    const created = await act(admin.cookie, {
      intent: "create",
      tab: "dual_host",
      name: "Two voices",
      systemPrompt: "Alternate hosts.",
      category: "dual_host",
      isActive: "on",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/prompt-templates?tab=dual_host");
    expect(await toastOf(created)).toMatchObject({ title: "Prompt template created" });
    const row = db.select().from(promptTemplates).where(eq(promptTemplates.name, "Two voices")).get()!;
    expect(row).toMatchObject({ category: "dual_host", isActive: true, isDefault: false });

    const edited = await act(admin.cookie, {
      intent: "update",
      id: row.id,
      name: "Two warm voices",
      systemPrompt: "Alternate.",
      category: "dual_host",
    });
    expect(await toastOf(edited)).toMatchObject({ title: "Prompt template updated" });
    expect(stored(row.id)).toMatchObject({ name: "Two warm voices", isActive: false });

    await act(admin.cookie, { intent: "copy", id: row.id });
    const copy = db.select().from(promptTemplates).where(eq(promptTemplates.name, "Copy of Two warm voices")).get()!;
    expect(copy).toMatchObject({ category: "dual_host", systemPrompt: "Alternate.", isDefault: false });

    const tab = (await (
      await callRoute(page.loader, makeRequest("/admin/prompt-templates?tab=dual_host", { cookie: admin.cookie }))
    ).json()) as { templates: TemplateJson[]; counts: Record<string, number> };
    expect(tab.templates.every((t) => t.category === "dual_host")).toBe(true);
    expect(tab.templates.map((t) => t.id)).toEqual(expect.arrayContaining([row.id, copy.id]));
    expect(tab.counts.dual_host).toBe(tab.templates.length);

    const deleted = await act(admin.cookie, { intent: "delete", id: copy.id });
    expect(await toastOf(deleted)).toMatchObject({ title: "Prompt template deleted" });
    expect(stored(copy.id)).toBeUndefined();
  });

  it("failures answer the spec's messages", async () => {
    const admin = await createTestAdmin();
    const def = createPromptTemplate({
      name: "Default general",
      category: "general",
      systemPrompt: "G",
      isDefault: true,
    });
    expect(await toastOf(await act(admin.cookie, { intent: "delete", id: def.id }))).toMatchObject({
      title: "Error",
      description: "Failed to delete prompt template.",
      variant: "destructive",
    });
    expect(await toastOf(await act(admin.cookie, { intent: "set-default", id: "missing" }))).toMatchObject({
      title: "Error",
      description: "Failed to set default template.",
    });
    expect(
      await toastOf(
        await act(admin.cookie, { intent: "update", id: "missing", name: "N", systemPrompt: "S", category: "general" }),
      ),
    ).toMatchObject({
      description: "Failed to update prompt template.",
    });
    const invalid = await act(admin.cookie, { intent: "create", name: "", systemPrompt: "" });
    expect(invalid.status).toBe(400);
    const reply = (await invalid.json()) as { result: { error: Record<string, string[]> } };
    expect(reply.result.error).toMatchObject({
      name: ["Name is required"],
      systemPrompt: ["System prompt is required"],
    });
    const view = await callRoute(
      page.loader,
      makeRequest("/admin/prompt-templates?dialog=view&id=missing", { cookie: admin.cookie }),
    );
    expect(view.status).toBe(404);
  });

  it("Create New → Prompt Template leads to /admin/settings", async () => {
    const admin = await createTestAdmin();
    const created = await callRoute(
      createPage.action,
      makeRequest("/admin/create?tab=template", {
        cookie: admin.cookie,
        form: { intent: "template", name: "Milestones", category: "milestones", content: "Big days.", isDefault: "on" },
      }),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/settings");
    const row = db.select().from(promptTemplates).where(eq(promptTemplates.name, "Milestones")).get()!;
    expect(row).toMatchObject({ category: "milestones", systemPrompt: "Big days.", isDefault: true });
    const bad = await callRoute(
      createPage.action,
      makeRequest("/admin/create?tab=template", {
        cookie: admin.cookie,
        form: { intent: "template", name: "X", category: "single_host", content: "" },
      }),
    );
    expect(bad.status).toBe(400);
    const reply = (await bad.json()) as { tab: string; result: { error: Record<string, string[]> } };
    expect(reply.tab).toBe("template");
    expect(reply.result.error).toMatchObject({
      category: ["Please choose a category"],
      content: ["Content is required"],
    });
  });
});
