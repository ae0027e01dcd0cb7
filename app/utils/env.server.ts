import { z } from "zod";

/**
 * Every environment variable the app reads, validated once at start-up. Local runs need none of
 * them; a production deployment (APP_ENV=production) must set the ones marked below.
 */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Where the app runs: production turns off dev tools and requires real secrets and services. */
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().positive().default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** The public origin used in e-mail links, e.g. https://storyhearth.fly.dev */
    APP_URL: z.url().optional(),
    DATABASE_PATH: z.string().default("./data/storyhearth.db"),
    DATA_DIR: z.string().default("./data/files"),
    /** Comma-separated; the first signs new cookies, the others still verify old ones. */
    SESSION_SECRET: z.string().default("dev-only-session-secret-change-me"),
    MAILGUN_API_KEY: z.string().optional(),
    MAILGUN_DOMAIN: z.string().optional(),
    MAILGUN_URL: z.url().optional(),
    MAILGUN_WEBHOOK_SIGNING_KEY: z.string().optional(),
    MAIL_FROM: z.string().default("Storyhearth <hello@storyhearth.local>"),
    /** Domain of the reply addresses (reply+TOKEN@…); defaults to MAILGUN_DOMAIN. */
    INBOUND_EMAIL_DOMAIN: z.string().optional(),
    /** How long an interrupted send waits before Mailgun's event log is asked whether it went out. */
    EMAIL_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
    /** Requests per window; raised in end-to-end tests that sign in many times. */
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_PUBLIC_POST_MAX: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_GENERAL_MAX: z.coerce.number().int().positive().default(1000),
    SEED_DEMO_DATA: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV !== "production") return;
    const required = ["APP_URL", "MAILGUN_API_KEY", "MAILGUN_DOMAIN", "MAILGUN_WEBHOOK_SIGNING_KEY"] as const;
    for (const key of required) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required in production` });
    }
    if (env.SESSION_SECRET.startsWith("dev-only")) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET must be set in production" });
    }
  });

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;
/** The validated environment (parsed on first use, so tests can set variables before). */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

export const isProduction = () => env().APP_ENV === "production";
export const appUrl = () => env().APP_URL ?? `http://localhost:${env().PORT}`;
