// Playwright fixtures: users created straight in the test database, sign-in by session cookie,
// and helpers that behave the same with JavaScript on and off.
import { randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { emailOutbox } from "#db/schema";
import { desc, eq } from "drizzle-orm";

import { SESSION_ID_KEY } from "~/features/account/auth.server";
import { db } from "~/lib/db.server";
import { authSessionStorage } from "~/lib/session.server";
import { createSession } from "~/models/session.server";
import { createUser, type User } from "~/models/user.server";

import { e2eServices } from "../../playwright.config";
import { PROVIDER_SESSION_COOKIE } from "../mocks/identity-provider";

export type TestUser = User & { password: string };

export async function makeUser(
  overrides: Partial<{ firstName: string; role: "user" | "admin" | "trial" }> = {},
): Promise<TestUser> {
  const password = `pw-${randomUUID().slice(0, 12)}`;
  const user = await createUser({
    email: `user-${randomUUID()}@example.com`,
    firstName: overrides.firstName ?? "Tess",
    lastName: "Tester",
    role: overrides.role ?? "user",
    password,
  });
  return { ...user, password };
}

/** Signs the page's browser context in as the user without going through the form. */
export async function signInAs(page: Page, user: User) {
  const dbSession = createSession(user.id);
  const session = await authSessionStorage().getSession();
  session.set(SESSION_ID_KEY, dbSession.id);
  const header = await authSessionStorage().commitSession(session);
  const [pair] = header.split(";");
  const [name, ...value] = pair!.split("=");
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: name!, value: value.join("="), url: baseURL }]);
}

/**
 * Signs the browser in at the test identity provider as this e-mail (its own session cookie): the
 * next admin sign-in (/admin-login) comes back from the provider with this identity.
 */
export async function signInAtProvider(page: Page, email: string) {
  await page
    .context()
    .addCookies([
      { name: PROVIDER_SESSION_COOKIE, value: encodeURIComponent(email), url: e2eServices.identityProviderUrl },
    ]);
}

/** Whether the running project has JavaScript on. */
export const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Navigates and, with JavaScript on, waits for React to hydrate before the test interacts. */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  // A page that sends no scripts (a route with the noScripts handle) is never hydrated.
  if (jsOn() && (await page.locator("script[type=module]").count()) > 0) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }
  return response;
}

/** Adds cookies given as "name=value" pairs (a session, the theme) for the app's origin. */
export async function addCookiePairs(page: Page, pairs: string[]) {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies(
    pairs.map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url };
    }),
  );
}

/** The newest e-mail sent to an address, straight from the outbox. */
export function latestEmailTo(address: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(desc(emailOutbox.createdAt)).get();
}

export const test = base.extend<{ user: TestUser }>({
  // eslint-disable-next-line no-empty-pattern
  user: async ({}, use) => {
    await use(await makeUser());
  },
});

export { expect };

/** The toast region shows a toast with this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.locator("#toast-region");
  // A toast follows a server round trip, which a busy machine can stretch past the default wait;
  // once shown it stays 5 s, so waiting longer for it cannot let it slip by.
  await expect(region).toContainText(title, { timeout: 20_000 });
  if (description) await expect(region).toContainText(description);
}
