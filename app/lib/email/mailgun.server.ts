// The real Mailgun client (mailgun.js), configured from the environment. Tests point MAILGUN_URL at
// a fake Mailgun server on 127.0.0.1, so this exact code path is what they exercise.
import Mailgun from "mailgun.js";
import { env, type Env } from "~/lib/env.server";
import { headerValue } from "./header-value";
import { inlineDataImages } from "./inline-images";

export type MailgunClient = ReturnType<Mailgun["client"]>;

export type MailgunMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string | null;
  /** Extra MIME headers, sent to Mailgun as `h:Name` fields. */
  headers?: Record<string, string>;
  /** Custom variables (`v:name`): Mailgun returns them in every event as "user-variables". */
  variables?: Record<string, string>;
};

/** The client and sending domain, or null when Mailgun is not configured (a local run). */
export function createMailgun(config: Env = env()): { client: MailgunClient; domain: string } | null {
  if (!config.MAILGUN_API_KEY || !config.MAILGUN_DOMAIN) return null;
  const client = new Mailgun(globalThis.FormData).client({
    username: "api",
    key: config.MAILGUN_API_KEY,
    ...(config.MAILGUN_URL ? { url: config.MAILGUN_URL } : {}),
    // A stuck connection must not hold a request (or the job runner) forever.
    timeout: config.MAILGUN_TIMEOUT_MS,
  });
  return { client, domain: config.MAILGUN_DOMAIN };
}

const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/** Sends one message; resolves with Mailgun's message id, rejects with its error. */
export async function mailgunSend(client: MailgunClient, domain: string, message: MailgunMessage) {
  // Rows are made clean when queued (queueOutgoingEmail); this keeps one written before that rule clean too.
  const data: Record<string, string> = {
    from: headerValue(message.from),
    to: headerValue(message.to),
    subject: headerValue(message.subject),
    text: message.text,
  };
  if (message.replyTo) data["h:Reply-To"] = headerValue(message.replyTo);
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw new Error(`Invalid e-mail header name: ${JSON.stringify(name)}`);
    data[`h:${name}`] = headerValue(value);
  }
  for (const [name, value] of Object.entries(message.variables ?? {})) {
    if (!HEADER_NAME.test(name)) throw new Error(`Invalid e-mail variable name: ${JSON.stringify(name)}`);
    data[`v:${name}`] = headerValue(value);
  }
  const { html, images } = inlineDataImages(message.html);
  const inline = images.map((image) => new File([new Uint8Array(image.bytes)], image.filename, { type: image.contentType }));
  const result = await client.messages.create(domain, { ...data, html, text: message.text, ...(inline.length ? { inline } : {}) });
  return { id: result.id ?? null, message: result.message ?? null };
}

/** mailgun.js errors carry the HTTP status and Mailgun's body message; make one readable line of them. */
export function describeMailgunError(error: unknown) {
  if (error && typeof error === "object" && "status" in error) {
    const { status, message, details } = error as { status?: number; message?: string; details?: string };
    const text = [message, details].filter((part) => part && part.length > 0).join(": ");
    return `Mailgun ${status ?? "error"}${text ? `: ${text}` : ""}`;
  }
  return error instanceof Error ? error.message : String(error);
}

// Errors from before a request could reach Mailgun: it cannot have accepted anything.
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ERR_INVALID_URL", "ERR_BAD_OPTION"]);

export type MailgunFailure =
  /** Mailgun answered and refused the message (or it never left): safe to send again later; `permanent` for a 400. */
  | { outcome: "refused"; permanent: boolean }
  /** No answer (a time-out, a dropped connection): Mailgun may have accepted it. */
  | { outcome: "unknown" };

/**
 * What a failed send tells us. mailgun.js turns every error into an APIError, with status 400 and the
 * network error's code (ECONNABORTED, ECONNRESET, …) as its message when no answer came; a real 400
 * carries Mailgun's words instead.
 */
export function mailgunFailure(error: unknown): MailgunFailure {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  const code = /^(E[A-Z_]+|ERR_[A-Z_]+)$/.test(message ?? "") ? message! : undefined;
  if (code) return NEVER_SENT.has(code) ? { outcome: "refused", permanent: false } : { outcome: "unknown" };
  if (typeof status !== "number") return { outcome: "unknown" };
  return { outcome: "refused", permanent: status === 400 };
}

/** The Message-Id we give each outbox row, so Mailgun's event log can tell whether it went out. */
export const outboxMessageId = (outboxId: string, domain: string) => `outbox.${outboxId}@${domain}`;

/** The outbox id in a Message-Id we gave (with or without angle brackets), else null. */
export const outboxIdFromMessageId = (messageId: string) => /^<?outbox\.([^@<>\s]+)@[^<>\s]+>?$/.exec(messageId.trim())?.[1] ?? null;

/** The custom variable naming the outbox row, so a bounce or complaint event finds its message. */
export const OUTBOX_ID_VARIABLE = "outbox-id";

/** Pages of Mailgun's logs read for one message, and their size: 6,000 accepted messages around one send. */
const LOG_PAGES = 20;
const LOG_PAGE_SIZE = 300;
/** Mailgun's clock and ours may differ: the window opens this much before the message was written. */
const CLOCK_SKEW_MS = 5 * 60_000;

const bare = (messageId: string) => messageId.trim().replace(/^<|>$/g, "");

/**
 * Asks Mailgun's logs whether a message with this Message-Id was accepted since `since` (decision
 * 0209). The Logs API replaces the deprecated events API; it filters by domain and time, so the
 * Message-Id is matched here. Throws when the window holds more than we read: the outcome stays
 * unknown and is asked again later, never guessed.
 */
export async function mailgunWasAccepted(client: MailgunClient, domain: string, messageId: string, since: Date, until = new Date()) {
  const wanted = bare(messageId);
  let token: string | undefined;
  for (let page = 0; page < LOG_PAGES; page++) {
    const logs = await client.logs.list({
      start: new Date(since.getTime() - CLOCK_SKEW_MS),
      end: new Date(Math.max(until.getTime(), since.getTime()) + CLOCK_SKEW_MS),
      events: ["accepted"],
      filter: { AND: [{ attribute: "domain", comparator: "=", values: [{ label: domain, value: domain }] }] },
      pagination: { limit: LOG_PAGE_SIZE, ...(token ? { token } : {}) },
    });
    if (logs.items.some((item) => bare(item.message?.headers?.["message-id"] ?? "") === wanted)) return true;
    token = logs.pagination?.next;
    if (!token || logs.items.length < LOG_PAGE_SIZE) return false;
  }
  throw new Error(`Mailgun's logs hold more than ${LOG_PAGES * LOG_PAGE_SIZE} accepted messages around this one`);
}
