import { describe, expect, it } from "vitest";

import { isLoopbackHost, parseEnv } from "./env.server";

const production = {
  APP_URL: "https://storyhearth.example",
  SESSION_SECRET: "a-real-secret",
  MAILGUN_API_KEY: "key",
  MAILGUN_DOMAIN: "mg.example",
  MAILGUN_WEBHOOK_SIGNING_KEY: "signing",
  OAUTH_AUTHORIZATION_URL: "https://id.example/authorize",
  OAUTH_TOKEN_URL: "https://id.example/token",
  OAUTH_USERINFO_URL: "https://id.example/userinfo",
  OAUTH_CLIENT_ID: "client",
  OAUTH_CLIENT_SECRET: "secret",
};

describe("environment defaults", () => {
  it("NODE_ENV=production without APP_ENV is production, on every interface", () => {
    expect(parseEnv({ NODE_ENV: "production", ...production })).toMatchObject({
      APP_ENV: "production",
      HOST: "0.0.0.0",
    });
  });

  it("so a production build without its secrets refuses to start", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/MAILGUN_WEBHOOK_SIGNING_KEY is required in production/);
  });

  it("a local run (npm run dev, npm start's explicit APP_ENV=development) listens on loopback only", () => {
    expect(parseEnv({})).toMatchObject({ APP_ENV: "development", HOST: "127.0.0.1" });
    expect(parseEnv({ NODE_ENV: "production", APP_ENV: "development" })).toMatchObject({
      APP_ENV: "development",
      HOST: "127.0.0.1",
    });
    expect(parseEnv({ APP_ENV: "test", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("knows which hosts only this machine reaches", () => {
    for (const host of ["127.0.0.1", "127.0.1.1", "::1", "localhost"]) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "fly-local-6pn", "localhost.example.com"])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
