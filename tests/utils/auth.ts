// Helpers for Vitest integration tests: real users, real sessions, real signed cookies.
import { randomUUID } from "node:crypto";

import { SESSION_ID_KEY } from "~/features/account/auth.server";
import { authSessionStorage } from "~/lib/session.server";
import { createSession } from "~/models/session.server";
import { createUser, type User } from "~/models/user.server";

export type TestUser = User & { password: string; sessionId: string; cookie: string };

/** A user with a password and a signed-in session; `cookie` is ready for a Cookie header. */
export async function createTestUser(overrides: Partial<Parameters<typeof createUser>[0]> = {}): Promise<TestUser> {
  const password = `pw-${randomUUID().slice(0, 12)}`;
  const user = await createUser({
    email: `user-${randomUUID()}@example.com`,
    firstName: "Tess",
    lastName: "Tester",
    password,
    ...overrides,
  });
  const { sessionId, cookie } = await sessionCookieFor(user.id);
  return { ...user, password, sessionId, cookie };
}

export async function sessionCookieFor(userId: string) {
  const dbSession = createSession(userId);
  const session = await authSessionStorage().getSession();
  session.set(SESSION_ID_KEY, dbSession.id);
  const setCookie = await authSessionStorage().commitSession(session);
  return { sessionId: dbSession.id, cookie: setCookie.split(";")[0]! };
}

type RequestOptions = {
  method?: string;
  cookie?: string;
  json?: unknown;
  form?: Record<string, string | string[]>;
  body?: BodyInit;
  headers?: Record<string, string>;
};

/** Builds a Request as the browser would send it to the app. */
export function makeRequest(path: string, { method, cookie, json, form, body, headers = {} }: RequestOptions = {}) {
  const h = new Headers(headers);
  if (cookie) h.set("Cookie", cookie);
  let payload: BodyInit | undefined = body;
  if (json !== undefined) {
    h.set("Content-Type", "application/json");
    payload = JSON.stringify(json);
  } else if (form) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, item);
    payload = params;
  }
  return new Request(`http://localhost${path}`, {
    method: method ?? (payload ? "POST" : "GET"),
    headers: h,
    body: payload,
  });
}

/** Args for calling a route's loader or action directly. */
export const routeArgs = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: { cspNonce: "" },
});

/** Runs a loader/action and returns the Response, whether it was returned or thrown. */
export async function callRoute(
  fn: (args: ReturnType<typeof routeArgs>) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    const result = await fn(routeArgs(request, params));
    if (result instanceof Response) return result;
    // Remix `data()` results carry their init; plain objects are a 200.
    const maybeData = result as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (maybeData && maybeData.type === "DataWithResponseInit") {
      return Response.json(maybeData.data, maybeData.init ?? undefined);
    }
    return Response.json(result ?? null);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
