import { SESSION_ID_KEY } from "~/features/account/auth.server";
import { adminSessionStorage } from "~/lib/session.server";
import { createSession } from "~/models/session.server";

/** A Cookie header value for an administrator session. */
export async function adminCookieFor(userId: string) {
  const dbSession = createSession(userId, "admin");
  const session = await adminSessionStorage().getSession();
  session.set(SESSION_ID_KEY, dbSession.id);
  return (await adminSessionStorage().commitSession(session)).split(";")[0]!;
}
