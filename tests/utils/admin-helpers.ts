// Administrators for tests: a user whose role is admin with an admin session (the `__admin_session`
// cookie, separate from the ordinary user session), for Vitest requests and Playwright pages.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";

import { SESSION_ID_KEY } from "~/features/account/auth.server";
import { adminSessionStorage } from "~/lib/session.server";
import { createSession } from "~/models/session.server";
import { createUser, type User } from "~/models/user.server";

/** The `name=value` pair of a signed admin session cookie for the user. */
export async function adminCookieFor(userId: string) {
  const dbSession = createSession(userId, "admin");
  const session = await adminSessionStorage().getSession();
  session.set(SESSION_ID_KEY, dbSession.id);
  const setCookie = await adminSessionStorage().commitSession(session);
  return setCookie.split(";")[0]!;
}

export type TestAdmin = User & { cookie: string };

/** A user with role admin and an admin session; `cookie` is ready for a Cookie header. */
export async function createTestAdmin(overrides: Partial<Parameters<typeof createUser>[0]> = {}): Promise<TestAdmin> {
  const user = await createUser({
    email: `admin-${randomUUID()}@example.com`,
    firstName: "Ada",
    lastName: "Admin",
    role: "admin",
    ...overrides,
  });
  return { ...user, cookie: await adminCookieFor(user.id) };
}

/** Signs the page's browser context in as the administrator (the admin session cookie). */
export async function signInAsAdmin(page: Page, user: User) {
  // Loaded here so that Vitest can import this file without the Playwright runner.
  const { test } = await import("@playwright/test");
  const [name, ...value] = (await adminCookieFor(user.id)).split("=");
  await page.context().addCookies([{ name: name!, value: value.join("="), url: test.info().project.use.baseURL! }]);
}
