// A test identity provider for the administrator sign-in: oauth2-mock-server (a real OAuth2 /
// OpenID Connect server: authorize, token with PKCE, userinfo) on 127.0.0.1, which, like a real
// provider, knows who the browser is from its own session cookie. A Playwright test "signs in at the
// provider" by setting that cookie in its browser context, so tests running in parallel each come
// back as their own identity. Without the cookie the provider denies the sign-in (access_denied).
import type { IncomingMessage } from "node:http";
import {
  OAuth2Server,
  type MutableRedirectUri,
  type MutableResponse,
  type TokenRequestIncomingMessage,
} from "oauth2-mock-server";

/** The provider's session cookie: the e-mail (URI-encoded) of whoever is signed in there. */
export const PROVIDER_SESSION_COOKIE = "test_idp_user";

function cookieValue(header: string | undefined, name: string) {
  for (const pair of (header ?? "").split(";")) {
    const [key, ...value] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

export type IdentityProvider = { url: string; stop(): Promise<void> };

export async function startIdentityProvider({ port = 0 }: { port?: number } = {}): Promise<IdentityProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  // Who signed in travels with the authorization code, then with the access token it is exchanged for.
  const emailByCode = new Map<string, string>();
  const emailByToken = new Map<string, string>();

  server.service.on("beforeAuthorizeRedirect", ({ url }: MutableRedirectUri, req: IncomingMessage) => {
    const code = url.searchParams.get("code");
    if (!code) return;
    const email = cookieValue(req.headers.cookie, PROVIDER_SESSION_COOKIE);
    if (email) return void emailByCode.set(code, email);
    url.searchParams.delete("code");
    url.searchParams.set("error", "access_denied");
  });
  server.service.on("beforeResponse", (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const email = req.body.code ? emailByCode.get(req.body.code) : undefined;
    if (req.body.code) emailByCode.delete(req.body.code);
    const token = response.body ? response.body.access_token : undefined;
    if (email && typeof token === "string") emailByToken.set(token, email);
  });
  server.service.on("beforeUserinfo", (response: MutableResponse, req: IncomingMessage) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const email = token ? emailByToken.get(token) : undefined;
    if (!email) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
      return;
    }
    response.body = { sub: email, email, email_verified: true };
  });

  await server.start(port, "127.0.0.1");
  // The library names its issuer after "localhost"; every address the app is given is 127.0.0.1.
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;
  return { url, stop: () => server.stop() };
}
