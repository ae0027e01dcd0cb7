import { z } from "zod";
import { addressDomain, parseFromLine } from "~/lib/email-address";

const MAILBOX = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** The administrator identity provider: required in production, all or none elsewhere. */
const OAUTH_KEYS = ["OAUTH_AUTHORIZATION_URL", "OAUTH_TOKEN_URL", "OAUTH_USERINFO_URL", "OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET"] as const;

/**
 * A third speech engine: any server that speaks OpenAI's POST /v1/audio/speech (OpenAI, Kokoro-FastAPI,
 * openedai-speech, LocalAI). Unset SPEECH_API_URL: not offered. Decision 0155.
 */
export const speechServerEnv = z.object({
  /** The API's base, ending in /v1: https://api.openai.com/v1, or a local server's http://127.0.0.1:8880/v1. */
  SPEECH_API_URL: z.url().optional(),
  /** Sent as the bearer token; local servers usually need none. */
  SPEECH_API_KEY: z.string().min(1).optional(),
  SPEECH_MODEL: z.string().min(1).default("tts-1"),
  /**
   * Which of the server's voices reads each of ours: `voice[:accent]=server-voice`, comma-separated
   * (no accent = American), e.g. `female-warm=af_heart,male-warm:british=bm_george`. Unset: OpenAI's
   * nova, shimmer, onyx and echo, American only.
   */
  SPEECH_VOICES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const problem of parseSpeechVoices(value ?? "").problems) ctx.addIssue({ code: "custom", message: problem });
    }),
});

// The names are checked against the catalogue where it lives (app/audio/speech-server.server.ts).
const SPEECH_VOICE_ENTRY = /^([a-z]+-[a-z]+)(?::([a-z]+))?=([^\s=,:]+)$/;

/** The entries of SPEECH_VOICES, each as [voice, accent, server voice]; entries that do not parse are in `problems`. */
export function parseSpeechVoices(value: string) {
  const entries: Array<[voice: string, accent: string, serverVoice: string]> = [];
  const problems: string[] = [];
  for (const raw of value.split(",").map((e) => e.trim()).filter(Boolean)) {
    const match = SPEECH_VOICE_ENTRY.exec(raw);
    if (match) entries.push([match[1]!, match[2] ?? "american", match[3]!]);
    else problems.push(`"${raw}" is not voice[:accent]=server-voice, e.g. female-warm=nova or male-warm:british=bm_george`);
  }
  return { entries, problems };
}

/** Local runs need none of these; APP_ENV=production requires the ones the refinement below names. */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Why beside NODE_ENV: docs/decisions/0002; unset under NODE_ENV=production it is production (0143). */
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().positive().default(3000),
    /** Unset: 0.0.0.0 in production, else 127.0.0.1, so a dev or demo run is not reachable from another machine. */
    HOST: z.string().min(1),
    /** The public origin used in e-mail links, e.g. https://storyhearth.fly.dev */
    APP_URL: z.url().optional(),
    DATABASE_PATH: z.string().default("./data/storyhearth.db"),
    DATA_DIR: z.string().default("./data/files"),
    /** "s3" (e.g. Tigris on Fly, which sets the variables below) lets any node serve any file. */
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    BUCKET_NAME: z.string().min(1).optional(),
    AWS_ENDPOINT_URL_S3: z.url().optional(),
    AWS_REGION: z.string().min(1).default("auto"),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Local S3 servers want the bucket in the path, not the host name. */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    /** The LiteFS FUSE mount (its `.primary` file says which node is primary); unset = not on LiteFS. */
    LITEFS_DIR: z.string().optional(),
    /** Comma-separated; the first signs new cookies, the others still verify old ones. */
    SESSION_SECRET: z.string().default("dev-only-session-secret-change-me"),
    MAILGUN_API_KEY: z.string().optional(),
    MAILGUN_DOMAIN: z.string().optional(),
    MAILGUN_URL: z.url().optional(),
    MAILGUN_WEBHOOK_SIGNING_KEY: z.string().optional(),
    /** How long a send waits for Mailgun's answer; one answered later is settled from its log, never resent blind. */
    MAILGUN_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    /** The sender of collection mail ("Margaret Whitfield via Storyhearth" with this address) and of the service's notes. */
    MAIL_FROM: z.string().default("Storyhearth <hello@storyhearth.local>"),
    /** Account and security mail (password reset, failed sign-ins, account invitations); unset: Storyhearth <account@…> of MAIL_FROM's domain (decision 0201). */
    ACCOUNT_MAIL_FROM: z.string().optional(),
    /** A second Mailgun domain for account mail, so its reputation is not collection mail's; unset: MAILGUN_DOMAIN. */
    ACCOUNT_MAILGUN_DOMAIN: z.string().min(1).optional(),
    /** The inbox that reads replies to every mail without a reply address of its own; unset: support@ of MAIL_FROM's domain. */
    SUPPORT_EMAIL: z.email().optional(),
    /** Domain of the reply addresses (reply+TOKEN@…); defaults to MAILGUN_DOMAIN. */
    INBOUND_EMAIL_DOMAIN: z.string().optional(),
    /** How long an interrupted send waits before Mailgun's event log is asked whether it went out. */
    EMAIL_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
    /** Requests per window; raised in end-to-end tests that sign in many times. */
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_PUBLIC_POST_MAX: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_GENERAL_MAX: z.coerce.number().int().positive().default(1000),
    /** Set by Fly: the client address is then read from Fly-Client-IP, which Fly's proxy writes. */
    FLY_APP_NAME: z.string().min(1).optional(),
    /** Elsewhere: how many proxies in front append to X-Forwarded-For; 0 = clients connect directly. */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** Without a key the built-in script writer is used (no network). */
    OPENAI_API_KEY: z.string().optional(),
    /** Any OpenAI-compatible server, e.g. a local one (http://127.0.0.1:8080/v1). */
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    /** The same server's speech-to-text model, for relatives' recordings without text (decision 0139). */
    OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default("whisper-1"),
    ...speechServerEnv.shape,
    /** Admin sign-in. Outside production, with none set, /dev/admin-login stands in. */
    OAUTH_AUTHORIZATION_URL: z.url().optional(),
    OAUTH_TOKEN_URL: z.url().optional(),
    OAUTH_USERINFO_URL: z.url().optional(),
    OAUTH_CLIENT_ID: z.string().min(1).optional(),
    OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
    /** Space-separated; the userinfo answer must carry the e-mail. */
    OAUTH_SCOPES: z.string().min(1).default("openid email profile"),
    /** Piper voices (<name>.onnx + .onnx.json); `npm run voices:download` fills it. Read by the audio worker. */
    VOICES_DIR: z.string().default("./data/voices"),
    /** With no Piper voice installed, fetch the default ones in the background at start; unset = on unless APP_ENV=test. */
    VOICES_AUTO_DOWNLOAD: z
      .enum(["0", "1", "false", "true"])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "1" || v === "true")),
    /** Where Piper voices and voices.json are fetched from (Hugging Face's layout); default rhasspy/piper-voices v1.0.0. */
    PIPER_VOICES_URL: z.url().optional(),
    /** ffmpeg/ffprobe binaries when not ffmpeg-static's or on PATH. */
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
        ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when any OAUTH_* endpoint or client is set` });
      }
    }
    for (const key of ["MAIL_FROM", "ACCOUNT_MAIL_FROM"] as const) {
      const value = env[key];
      if (value !== undefined && !MAILBOX.test(parseFromLine(value).email ?? "")) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} must be an address or Name <address>, e.g. Storyhearth <hello@mg.example.com>` });
      }
    }
    // Mailgun sends only from its own domain.
    if (env.ACCOUNT_MAILGUN_DOMAIN && env.ACCOUNT_MAIL_FROM && addressDomain(env.ACCOUNT_MAIL_FROM) !== env.ACCOUNT_MAILGUN_DOMAIN.toLowerCase()) {
      ctx.addIssue({ code: "custom", path: ["ACCOUNT_MAIL_FROM"], message: "ACCOUNT_MAIL_FROM must be an address of ACCOUNT_MAILGUN_DOMAIN" });
    }
    if (env.STORAGE_DRIVER === "s3" && !env.BUCKET_NAME) {
      ctx.addIssue({ code: "custom", path: ["BUCKET_NAME"], message: "BUCKET_NAME is required when STORAGE_DRIVER=s3" });
    }
    if (env.APP_ENV !== "production") return;
    const required = ["APP_URL", "MAILGUN_API_KEY", "MAILGUN_DOMAIN", "MAILGUN_WEBHOOK_SIGNING_KEY", ...OAUTH_KEYS] as const;
    for (const key of required) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required in production` });
    }
    if (env.SESSION_SECRET.startsWith("dev-only")) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET must be set in production" });
    }
  });

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Safe defaults (decision 0143): a production build is production unless told otherwise, and only
  // production listens beyond this machine unless HOST says so.
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
/** Parsed on first use, so tests can set variables before. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

export const isProduction = () => env().APP_ENV === "production";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);
/** The host names that only this machine can reach. */
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * /dev/mailbox, the stand-in admin sign-in and the fixed webhook key: outside production and only
 * while the server listens on loopback, so no configuration reachable from another machine has them.
 */
export const devToolsEnabled = () => !isProduction() && isLoopbackHost(env().HOST);
export const appUrl = () => env().APP_URL ?? `http://localhost:${env().PORT}`;
/** Where links in a page point: APP_URL when set, else the host the page was opened on. */
export const originFor = (request: Request) => (env().APP_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
