import { z } from "zod";

import { addressDomain, parseFromLine } from "~/lib/email-address";

const MAILBOX = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

const OAUTH_KEYS = [
  "OAUTH_AUTHORIZATION_URL",
  "OAUTH_TOKEN_URL",
  "OAUTH_USERINFO_URL",
  "OAUTH_CLIENT_ID",
  "OAUTH_CLIENT_SECRET",
] as const;

export const speechServerEnv = z.object({
  SPEECH_API_URL: z.url().optional(),
  SPEECH_API_KEY: z.string().min(1).optional(),
  SPEECH_MODEL: z.string().min(1).default("tts-1"),
  SPEECH_VOICES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const problem of parseSpeechVoices(value ?? "").problems) ctx.addIssue({ code: "custom", message: problem });
    }),
});

const SPEECH_VOICE_ENTRY = /^([a-z]+-[a-z]+)(?::([a-z]+))?=([^\s=,:]+)$/;

export function parseSpeechVoices(value: string) {
  const entries: Array<[voice: string, accent: string, serverVoice: string]> = [];
  const problems: string[] = [];
  for (const raw of value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = SPEECH_VOICE_ENTRY.exec(raw);
    if (match) entries.push([match[1]!, match[2] ?? "american", match[3]!]);
    else
      problems.push(
        `"${raw}" is not voice[:accent]=server-voice, e.g. female-warm=nova or male-warm:british=bm_george`,
      );
  }
  return { entries, problems };
}

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().positive().default(3000),
    HOST: z.string().min(1),
    APP_URL: z.url().optional(),
    DATABASE_PATH: z.string().default("./data/storyhearth.db"),
    DATA_DIR: z.string().default("./data/files"),
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    BUCKET_NAME: z.string().min(1).optional(),
    AWS_ENDPOINT_URL_S3: z.url().optional(),
    AWS_REGION: z.string().min(1).default("auto"),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    LITEFS_DIR: z.string().optional(),
    SESSION_SECRET: z.string().default("dev-only-session-secret-change-me"),
    MAILGUN_API_KEY: z.string().optional(),
    MAILGUN_DOMAIN: z.string().optional(),
    MAILGUN_URL: z.url().optional(),
    MAILGUN_WEBHOOK_SIGNING_KEY: z.string().optional(),
    MAILGUN_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    MAIL_FROM: z.string().default("Storyhearth <hello@storyhearth.local>"),
    ACCOUNT_MAIL_FROM: z.string().optional(),
    ACCOUNT_MAILGUN_DOMAIN: z.string().min(1).optional(),
    SUPPORT_EMAIL: z.email().optional(),
    INBOUND_EMAIL_DOMAIN: z.string().optional(),
    EMAIL_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_PUBLIC_POST_MAX: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_GENERAL_MAX: z.coerce.number().int().positive().default(1000),
    FLY_APP_NAME: z.string().min(1).optional(),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default("whisper-1"),
    ...speechServerEnv.shape,
    OAUTH_AUTHORIZATION_URL: z.url().optional(),
    OAUTH_TOKEN_URL: z.url().optional(),
    OAUTH_USERINFO_URL: z.url().optional(),
    OAUTH_CLIENT_ID: z.string().min(1).optional(),
    OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
    OAUTH_SCOPES: z.string().min(1).default("openid email profile"),
    VOICES_DIR: z.string().default("./data/voices"),
    VOICES_AUTO_DOWNLOAD: z
      .enum(["0", "1", "false", "true"])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "1" || v === "true")),
    PIPER_VOICES_URL: z.url().optional(),
    FFMPEG_PATH: z.string().optional(),
    FFPROBE_PATH: z.string().optional(),
    JOBS_DISABLED: z.enum(["true", "false"]).default("false"),
    SEED_DEMO_DATA: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  })
  .superRefine((env, ctx) => {
    // Half a provider is a typo, not a choice: all of them or none (outside production).
    const setOAuth = OAUTH_KEYS.filter((key) => env[key]);
    if (setOAuth.length > 0 && setOAuth.length < OAUTH_KEYS.length) {
      for (const key of OAUTH_KEYS.filter((k) => !env[k])) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${key} is required when any OAUTH_* endpoint or client is set`,
        });
      }
    }
    for (const key of ["MAIL_FROM", "ACCOUNT_MAIL_FROM"] as const) {
      const value = env[key];
      if (value !== undefined && !MAILBOX.test(parseFromLine(value).email ?? "")) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${key} must be an address or Name <address>, e.g. Storyhearth <hello@mg.example.com>`,
        });
      }
    }
    if (
      env.ACCOUNT_MAILGUN_DOMAIN &&
      env.ACCOUNT_MAIL_FROM &&
      addressDomain(env.ACCOUNT_MAIL_FROM) !== env.ACCOUNT_MAILGUN_DOMAIN.toLowerCase()
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["ACCOUNT_MAIL_FROM"],
        message: "ACCOUNT_MAIL_FROM must be an address of ACCOUNT_MAILGUN_DOMAIN",
      });
    }
    if (env.STORAGE_DRIVER === "s3" && !env.BUCKET_NAME) {
      ctx.addIssue({
        code: "custom",
        path: ["BUCKET_NAME"],
        message: "BUCKET_NAME is required when STORAGE_DRIVER=s3",
      });
    }
    if (env.APP_ENV !== "production") return;
    const required = [
      "APP_URL",
      "MAILGUN_API_KEY",
      "MAILGUN_DOMAIN",
      "MAILGUN_WEBHOOK_SIGNING_KEY",
      ...OAUTH_KEYS,
    ] as const;
    for (const key of required) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required in production` });
    }
    if (env.SESSION_SECRET.startsWith("dev-only")) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET must be set in production" });
    }
  });

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Safe defaults: a production build is production unless told otherwise, and only production listens beyond this machine.
  const APP_ENV = source.APP_ENV || (source.NODE_ENV === "production" ? "production" : undefined);
  const HOST = source.HOST || (APP_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
  const result = schema.safeParse({ ...source, APP_ENV, HOST });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

export const isProduction = () => env().APP_ENV === "production";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

// Dev stand-ins exist only outside production and while listening on loopback, so no configuration reachable from another machine has them.
export const devToolsEnabled = () => !isProduction() && isLoopbackHost(env().HOST);
export const appUrl = () => env().APP_URL ?? `http://localhost:${env().PORT}`;
export const originFor = (request: Request) => (env().APP_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
