// The provider only says who someone is; the role of our account with that e-mail decides entry.
import { Authenticator } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";

import { adminUserMessages } from "~/features/admin/user-messages";
import { appUrl, devToolsEnabled, env, isProduction } from "~/lib/env.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { getUserByEmail, type User } from "~/models/user.server";

const STRATEGY = "oauth2";
export const OAUTH_STATE_COOKIE = "__admin_oauth";
export const ADMIN_CALLBACK_PATH = "/auth/callback";

export type ProviderIdentity = { email: string; emailVerified: boolean | null };

class ProviderError extends Error {}

export function isAdminOAuthConfigured() {
  const e = env();
  return Boolean(
    e.OAUTH_AUTHORIZATION_URL &&
    e.OAUTH_TOKEN_URL &&
    e.OAUTH_USERINFO_URL &&
    e.OAUTH_CLIENT_ID &&
    e.OAUTH_CLIENT_SECRET,
  );
}

export const isDevAdminLoginAvailable = () => devToolsEnabled() && !isAdminOAuthConfigured();

// Providers differ: some send email_verified as a string.
const UserInfo = z.object({
  email: z.string().trim().optional(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
});

async function fetchIdentity(accessToken: string, userinfoUrl: string): Promise<ProviderIdentity> {
  let response: Response;
  try {
    response = await fetch(userinfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new ProviderError(`Userinfo request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new ProviderError(`Userinfo answered ${response.status}`);
  const parsed = UserInfo.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderError("Userinfo answer was not a JSON object");
  const email = parsed.data.email;
  if (!email || !z.email().safeParse(email).success) return { email: "", emailVerified: null };
  return { email, emailVerified: parsed.data.email_verified ?? null };
}

let authenticator: Authenticator<ProviderIdentity> | undefined;

function adminAuthenticator() {
  if (!isAdminOAuthConfigured()) return undefined;
  if (authenticator) return authenticator;
  const e = env();
  const made = new Authenticator<ProviderIdentity>();
  made.use(
    new OAuth2Strategy<ProviderIdentity>(
      {
        authorizationEndpoint: e.OAUTH_AUTHORIZATION_URL!,
        tokenEndpoint: e.OAUTH_TOKEN_URL!,
        clientId: e.OAUTH_CLIENT_ID!,
        clientSecret: e.OAUTH_CLIENT_SECRET!,
        redirectURI: new URL(ADMIN_CALLBACK_PATH, appUrl()).toString(),
        scopes: e.OAUTH_SCOPES.split(/\s+/).filter(Boolean),
        cookie: {
          name: OAUTH_STATE_COOKIE,
          ...(isProduction() ? { secure: true } : {}),
          sameSite: "Lax",
          httpOnly: true,
          path: "/",
        },
      },
      ({ tokens }) => fetchIdentity(tokens.accessToken(), e.OAUTH_USERINFO_URL!),
    ),
    STRATEGY,
  );
  authenticator = made;
  return made;
}

export async function startAdminSignIn(request: Request): Promise<Response | undefined> {
  const auth = adminAuthenticator();
  if (!auth) return undefined;
  // Only the path: a stray ?state= on /api/login must not be taken for a callback.
  const start = new Request(new URL(new URL(request.url).pathname, request.url), { headers: request.headers });
  try {
    await auth.authenticate(STRATEGY, start);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("The OAuth2 strategy did not redirect to the provider");
}

export type AdminSignInResult =
  | { status: "admin"; user: User }
  | { status: "refused"; email: string; reason: "not-admin" | "unverified" }
  | { status: "failed"; message: string };

export async function finishAdminSignIn(request: Request): Promise<AdminSignInResult> {
  const auth = adminAuthenticator();
  if (!auth) return { status: "failed", message: adminUserMessages.signIn.notConfigured };
  let identity: ProviderIdentity;
  try {
    identity = await auth.authenticate(STRATEGY, request);
  } catch (error) {
    return { status: "failed", message: describeFailure(error) };
  }
  if (!identity.email) return { status: "failed", message: adminUserMessages.signIn.noEmail };
  if (identity.emailVerified === false) return { status: "refused", email: identity.email, reason: "unverified" };
  const user = await getUserByEmail(identity.email);
  if (!user || user.role !== "admin") return { status: "refused", email: identity.email, reason: "not-admin" };
  return { status: "admin", user };
}

function describeFailure(error: unknown) {
  if (error instanceof ReferenceError || error instanceof RangeError) return adminUserMessages.signIn.failed;
  if (error instanceof OAuth2RequestError && error.code === "access_denied") return adminUserMessages.signIn.failed;
  recordSystemError({ error, errorType: "admin_sign_in_failed", workflow: "admin-oauth", severity: "medium" });
  return adminUserMessages.signIn.providerUnavailable;
}

export function clearOAuthStateCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => name.startsWith(`${OAUTH_STATE_COOKIE}:`));
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isProduction() ? "; Secure" : ""}`);
}
