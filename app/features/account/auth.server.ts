import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { messages } from "~/features/account/messages";
import { signInFailed, signInSucceeded, startSignInAttempt } from "~/features/account/sign-in-throttle.server";
import { perRequest } from "~/lib/request-scope.server";
import { adminSessionStorage, authSessionStorage } from "~/lib/session.server";
import { createSession, deleteSession, getSessionUser } from "~/models/session.server";
import { recordLogin, verifyLogin, type User } from "~/models/user.server";

export const SESSION_ID_KEY = "sessionId";

export class InvalidCredentialsError extends Error {
  constructor() {
    super(messages.auth.invalidCredentials);
  }
}

export class SignInThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(messages.auth.signInThrottled(retryAfterSeconds));
  }
}

export const authenticator = new Authenticator<User>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const verdict = startSignInAttempt(email);
    if (!verdict.allowed) throw new SignInThrottledError(verdict.retryAfterSeconds);
    const user = await verifyLogin(email, String(form.get("password") ?? ""));
    if (!user) {
      void signInFailed(email);
      throw new InvalidCredentialsError();
    }
    signInSucceeded(email);
    return user;
  }),
  "form",
);

async function readSession(request: Request, storage = authSessionStorage()) {
  return storage.getSession(request.headers.get("Cookie"));
}

function sessionIdFrom(request: Request, storage: ReturnType<typeof authSessionStorage>, key: string) {
  return perRequest(`session-id:${key}`, async () => {
    const id = (await readSession(request, storage)).get(SESSION_ID_KEY);
    return typeof id === "string" ? id : undefined;
  });
}

const sessionUser = (id: string, kind: "user" | "admin") =>
  perRequest(`session-user:${kind}:${id}`, () => getSessionUser(id, kind));

export const getSessionId = (request: Request) => sessionIdFrom(request, authSessionStorage(), "user");

export async function getUser(request: Request) {
  const sessionId = await getSessionId(request);
  return sessionId ? (sessionUser(sessionId, "user") ?? null) : null;
}

export async function getAdmin(request: Request) {
  const id = await sessionIdFrom(request, adminSessionStorage(), "admin");
  const user = id ? sessionUser(id, "admin") : undefined;
  return user?.role === "admin" ? user : null;
}

// Browsers read a backslash as a slash and drop tabs and newlines, so "/\evil.com" would leave the site.
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string" || !to.startsWith("/")) return fallback;
  const path = to.replace(/[\t\n\r]/g, "");
  if (path.startsWith("//") || path.includes("\\")) return fallback;
  // A Location header carries Latin-1 bytes only: parsed as a browser would, the path comes back percent-encoded.
  const url = new URL(to, "http://same-site.invalid");
  if (url.origin !== "http://same-site.invalid") return fallback;
  return url.pathname + url.search + url.hash;
}

export async function requireUser(request: Request) {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const redirectTo = url.pathname + url.search;
    throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
  }
  return user;
}

export async function requireApiUser(request: Request) {
  const user = await getUser(request);
  if (!user) throw Response.json({ message: messages.auth.unauthorized }, { status: 401 });
  return user;
}

export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect("/");
}

export async function commitLogin(request: Request, user: User) {
  const dbSession = createSession(user.id);
  recordLogin(user.id);
  const session = await readSession(request);
  session.set(SESSION_ID_KEY, dbSession.id);
  return authSessionStorage().commitSession(session, { expires: dbSession.expiresAt });
}

export async function commitLogout(request: Request) {
  const session = await readSession(request);
  const id = session.get(SESSION_ID_KEY);
  if (typeof id === "string") deleteSession(id);
  return authSessionStorage().destroySession(session);
}

const ADMIN_COOKIE_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

export async function commitAdminLogin(request: Request, user: User) {
  if (user.role !== "admin") throw new Error("Only administrators get an admin session");
  const dbSession = createSession(user.id, "admin");
  recordLogin(user.id);
  const session = await readSession(request, adminSessionStorage());
  session.set(SESSION_ID_KEY, dbSession.id);
  return adminSessionStorage().commitSession(session, {
    expires: new Date(dbSession.expiresAt.getTime() + ADMIN_COOKIE_GRACE_MS),
  });
}

export async function commitAdminLogout(request: Request) {
  const session = await readSession(request, adminSessionStorage());
  const id = session.get(SESSION_ID_KEY);
  if (typeof id === "string") deleteSession(id);
  return adminSessionStorage().destroySession(session);
}

export const ADMIN_REQUIRED_STATUS = 403;
export const ADMIN_SESSION_ENDED_STATUS = 401;

async function hasEndedAdminSession(request: Request) {
  const id = await sessionIdFrom(request, adminSessionStorage(), "admin");
  return id !== undefined && !sessionUser(id, "admin");
}

// A thrown 401 (an ended admin session) shows as the spec's 'logged out' toast and clears the stale cookie (decision 0123).
export async function requireAdmin(request: Request) {
  const admin = await getAdmin(request);
  if (admin) return admin;
  if (await hasEndedAdminSession(request)) {
    const session = await readSession(request, adminSessionStorage());
    throw Response.json(
      { message: messages.auth.unauthorized, sessionEnded: true },
      {
        status: ADMIN_SESSION_ENDED_STATUS,
        statusText: messages.auth.unauthorized,
        headers: { "Set-Cookie": await adminSessionStorage().destroySession(session) },
      },
    );
  }
  throw Response.json(
    { message: "Admin Access Required" },
    { status: ADMIN_REQUIRED_STATUS, statusText: "Admin Access Required" },
  );
}

export async function requireApiAdmin(request: Request) {
  const admin = await getAdmin(request);
  if (admin) return admin;
  const user = await getUser(request);
  throw Response.json(
    { message: user ? "Forbidden: administrators only" : messages.auth.unauthorized },
    { status: user ? 403 : 401 },
  );
}
