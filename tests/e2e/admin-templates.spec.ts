// A prompt template made the default at /admin/prompt-templates (JavaScript on and off) is what the
// next generation's script writer sends the language model: the app server's OpenAI client talks
// to the fake OpenAI-compatible server started beside it (tests/mocks/e2e-services.ts), and the
// call's token usage is recorded and shown on the metrics page.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { llmUsage } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";

import { e2eServices } from "../../playwright.config";
import { DEFAULT_USAGE, type FakeOpenAIRequest } from "../mocks/openai-server";
import { createTestAdmin, signInAsAdmin } from "../utils/admin-helpers";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * Each category has one default for the whole server, so the js and no-js runs of this test take
 * turns from Set Default until their generation has asked the model (the lock is a directory,
 * created atomically, beside the test database).
 */
async function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(path.dirname(process.env.DATABASE_PATH!), `${name}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** What the fake language model has been asked so far (it runs in another process). */
async function modelRequests(): Promise<FakeOpenAIRequest[]> {
  return (await (await fetch(`${e2eServices.openaiUrl}/__requests`)).json()) as FakeOpenAIRequest[];
}

const messageOf = (request: FakeOpenAIRequest, role: string) =>
  request.body.messages?.find((m) => m.role === role)?.content ?? "";

/** The metrics page's usage row for the fake model: its calls and tokens (0 before any call). */
async function usageRow(page: Page) {
  await visit(page, "/admin/metrics?tab=usage");
  await expect(page.getByRole("heading", { name: "Language model usage" })).toBeVisible();
  const row = page
    .getByRole("row")
    .filter({ hasText: "openai-compatible" })
    .filter({ hasText: e2eServices.openaiModel });
  if ((await row.count()) === 0) return { calls: 0, tokens: 0 };
  const cells = await row.getByRole("cell").allTextContents();
  const number = (text: string | undefined) => Number((text ?? "").replace(/,/g, ""));
  return { calls: number(cells[2]), tokens: number(cells[3]) };
}

test("the default prompt template set in the admin area is what the next generation sends the model", async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const name = `Lantern Hour ${id}`;
  const systemPrompt = `You are the narrator of the Lantern Hour (${id}). Speak slowly and warmly, and retell the story in short sentences.`;
  const storyTitle = `The Lantern in the Window ${id}`;
  await signInAsAdmin(page, await createTestAdmin());
  const usageBefore = await usageRow(page);

  const podcastId = await exclusively("single_host-default", async () => {
    await visit(page, "/admin/prompt-templates?tab=single_host");
    await page.getByRole("main").getByRole("link", { name: "Create Template" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Template" });
    await dialog.getByLabel("Name").fill(name);
    await expect(dialog.getByLabel("Category", { exact: true })).toHaveValue("single_host");
    await dialog.getByLabel("System prompt").fill(systemPrompt);
    await dialog.getByRole("button", { name: "Create Template" }).click();
    await expectToast(page, "Prompt template created");
    const card = page.getByTestId("template-card").filter({ hasText: name });
    await expect(card.getByTestId("default-badge")).toHaveCount(0);
    await card.getByRole("button", { name: "Set Default" }).click();
    await expectToast(page, "Default template updated", `"${name}" is now the default for its category.`);
    await expect(
      page.getByTestId("template-card").filter({ hasText: name }).getByTestId("default-badge"),
    ).toBeVisible();

    // A family member makes a one-host episode (the single_host template's format).
    await signInAs(page, user);
    const uploaded = await page.request.post("/api/stories/upload", {
      multipart: {
        storyTitle,
        storyContent:
          "Grandma kept a lantern in the window every winter night. It guided Grandpa home through the snow.",
      },
    });
    expect(uploaded.status()).toBe(201);
    const { storyId } = (await uploaded.json()) as { storyId: string };
    const generated = await page.request.post("/api/podcasts/generate", {
      data: { storyId, voiceConfig: { hostCount: 1 }, options: { backgroundMusic: "none" } },
    });
    expect(generated.status()).toBe(201);

    // The model is asked with the new default as the system prompt (before the answer-shape rules).
    let asked: FakeOpenAIRequest | undefined;
    await expect
      .poll(
        async () => {
          asked = (await modelRequests()).find((r) => messageOf(r, "user").startsWith(`Title: ${storyTitle}\n`));
          return Boolean(asked);
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(true);
    const expectedStart = `${systemPrompt}\n\n`;
    expect(messageOf(asked!, "system").slice(0, expectedStart.length)).toBe(expectedStart);
    expect(asked!.body.model).toBe(e2eServices.openaiModel);
    return ((await generated.json()) as { podcastId: string }).podcastId;
  });

  // The script the model wrote is the episode's, and the call's usage is recorded against it.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/podcasts/${podcastId}`)).json()) as { transcript?: string | null })
          .transcript ?? "",
      {
        timeout: 30_000,
        intervals: [250],
      },
    )
    .toContain(`Hello. This is “${storyTitle}”, one of our family's stories.`);
  const usage = db.select().from(llmUsage).where(eq(llmUsage.podcastId, podcastId)).all();
  expect(usage).toHaveLength(1);
  expect(usage[0]).toMatchObject({
    provider: "openai-compatible",
    model: e2eServices.openaiModel,
    promptTokens: DEFAULT_USAGE.prompt_tokens,
    completionTokens: DEFAULT_USAGE.completion_tokens,
  });
  expect(usage[0]!.costUsd).toBeGreaterThan(0);

  // The administrator sees the call on the metrics page (other tests' generations may add theirs).
  const usageAfter = await usageRow(page);
  expect(usageAfter.calls).toBeGreaterThanOrEqual(usageBefore.calls + 1);
  expect(usageAfter.tokens).toBeGreaterThanOrEqual(
    usageBefore.tokens + DEFAULT_USAGE.prompt_tokens + DEFAULT_USAGE.completion_tokens,
  );
});
