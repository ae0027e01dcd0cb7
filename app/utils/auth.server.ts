import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { createSession, deleteSession, getSessionUser } from "~/models/session.server";
import { recordLogin, verifyLogin, type User } from "~/models/user.server";
import { messages } from "./messages";
import { adminSessionStorage, authSessionStorage } from "./session.server";

export const SESSION_ID_KEY = "sessionId";

/** Thrown by the form strategy when the e-mail or password is wrong. */
export class InvalidCredentialsError extends Error {
  constructor() {
    super(messages.auth.invalidCredentials);
  }
}

export const authenticator = new Authenticator<User>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const user = await verifyLogin(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    if (!user) throw new InvalidCredentialsError();
    return user;
  }),
  "form",
);

async function readSession(request: Request, storage = authSessionStorage()) {
  return storage.getSession(request.headers.get("Cookie"));
}

export async function getSessionId(request: Request) {
  const session = await readSession(request);
  const id = session.get(SESSION_ID_KEY);
  return typeof id === "string" ? id : undefined;
}

/** The signed-in user, or null. A revoked or expired session counts as signed out. */
export async function getUser(request: Request) {
  const sessionId = await getSessionId(request);
  return sessionId ? (getSessionUser(sessionId) ?? null) : null;
}

/** The administrator signed in through the admin login, or null. */
export async function getAdmin(request: Request) {
  const session = await readSession(request, adminSessionStorage());
  const id = session.get(SESSION_ID_KEY);
  const user = typeof id === "string" ? getSessionUser(id, "admin") : undefined;
  return user?.role === "admin" ? user : null;
}

function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  return to;
}
export { safeRedirect };

/** Pages: a signed-out visitor goes to /login?redirectTo=<where they were>. */
export async function requireUser(request: Request) {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const redirectTo = url.pathname + url.search;
    throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
  }
  return user;
}

/** JSON calls: a signed-out caller gets 401 with a message. */
export async function requireApiUser(request: Request) {
  const user = await getUser(request);
  if (!user) throw Response.json({ message: messages.auth.unauthorized }, { status: 401 });
  return user;
}

/** /login and friends: a signed-in visitor goes to /. */
export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect("/");
}

/** Starts a session for the user and returns the Set-Cookie header value. */
export async function commitLogin(request: Request, user: User) {
  const dbSession = createSession(user.id);
  recordLogin(user.id);
  const session = await readSession(request);
  session.set(SESSION_ID_KEY, dbSession.id);
  return authSessionStorage().commitSession(session, { expires: dbSession.expiresAt });
}

/** Ends the session (server row and cookie) and returns the Set-Cookie header value. */
export async function commitLogout(request: Request) {
  const session = await readSession(request);
  const id = session.get(SESSION_ID_KEY);
  if (typeof id === "string") deleteSession(id);
  return authSessionStorage().destroySession(session);
}
