// Helpers for the administrator sign-in and users tests: an admin session cookie, a tiny cookie jar
// for following redirects across the app and the identity provider, the toast a response flashed,
// and the outbox.
import { emailOutbox } from "#db/schema";
import { desc, eq } from "drizzle-orm";

import { SESSION_ID_KEY } from "~/features/account/auth.server";
import { db } from "~/lib/db.server";
import { adminSessionStorage } from "~/lib/session.server";
import { getToast } from "~/lib/toast.server";
import { createSession } from "~/models/session.server";

import { createTestUser, type TestUser } from "./auth";

/** The Cookie pair of a fresh administrator session for the user. */
async function adminSessionCookie(userId: string) {
  const dbSession = createSession(userId, "admin");
  const session = await adminSessionStorage().getSession();
  session.set(SESSION_ID_KEY, dbSession.id);
  return (await adminSessionStorage().commitSession(session)).split(";")[0]!;
}

export type SignedInAdmin = TestUser & { adminCookie: string };

/** A user with the admin role, signed in both ordinarily (`cookie`) and to the admin area (`adminCookie`). */
export async function createSignedInAdmin(
  overrides: Parameters<typeof createTestUser>[0] = {},
): Promise<SignedInAdmin> {
  const user = await createTestUser({ role: "admin", ...overrides });
  return { ...user, adminCookie: await adminSessionCookie(user.id) };
}

export { adminSessionCookie };

/** Keeps cookies the way a browser would: set, replace, and remove on Max-Age=0 or a past Expires. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const attrs = attributes.map((a) => a.trim().toLowerCase());
      const expired =
        attrs.includes("max-age=0") ||
        attrs.some((a) => a.startsWith("expires=") && new Date(a.slice(8)).getTime() <= Date.now());
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  has(name: string) {
    return this.cookies.has(name);
  }

  names() {
    return [...this.cookies.keys()];
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The toast a response flashed (title, description, variant), or null. */
export async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("__toast="));
  if (!cookie) return null;
  const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

/** The newest e-mail to an address, straight from the outbox. */
export function latestEmailTo(address: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(desc(emailOutbox.createdAt)).get();
}
