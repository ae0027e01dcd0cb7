// Tests point MAILGUN_URL at a fake Mailgun server, so this exact code path is what they exercise.
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
  headers?: Record<string, string>;
  variables?: Record<string, string>;
};

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

export async function mailgunSend(client: MailgunClient, domain: string, message: MailgunMessage) {
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
  const inline = images.map(
    (image) => new File([new Uint8Array(image.bytes)], image.filename, { type: image.contentType }),
  );
  const result = await client.messages.create(domain, {
    ...data,
    html,
    text: message.text,
    ...(inline.length ? { inline } : {}),
  });
  return { id: result.id ?? null, message: result.message ?? null };
}

export function describeMailgunError(error: unknown) {
  if (error && typeof error === "object" && "status" in error) {
    const { status, message, details } = error as { status?: number; message?: string; details?: string };
    const text = [message, details].filter((part) => part && part.length > 0).join(": ");
    return `Mailgun ${status ?? "error"}${text ? `: ${text}` : ""}`;
  }
  return error instanceof Error ? error.message : String(error);
}

const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ERR_INVALID_URL", "ERR_BAD_OPTION"]);

export type MailgunFailure = { outcome: "refused"; permanent: boolean } | { outcome: "unknown" };

// mailgun.js reports a network error as status 400 with its code as the message; a real 400 carries Mailgun's words.
export function mailgunFailure(error: unknown): MailgunFailure {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  const code = /^(E[A-Z_]+|ERR_[A-Z_]+)$/.test(message ?? "") ? message! : undefined;
  if (code) return NEVER_SENT.has(code) ? { outcome: "refused", permanent: false } : { outcome: "unknown" };
  if (typeof status !== "number") return { outcome: "unknown" };
  return { outcome: "refused", permanent: status === 400 };
}

export const outboxMessageId = (outboxId: string, domain: string) => `outbox.${outboxId}@${domain}`;

export const outboxIdFromMessageId = (messageId: string) =>
  /^<?outbox\.([^@<>\s]+)@[^<>\s]+>?$/.exec(messageId.trim())?.[1] ?? null;

export const OUTBOX_ID_VARIABLE = "outbox-id";

const LOG_PAGES = 20;
const LOG_PAGE_SIZE = 300;
const CLOCK_SKEW_MS = 5 * 60_000;

const bare = (messageId: string) => messageId.trim().replace(/^<|>$/g, "");

// Throws when the window holds more than we read: the outcome stays unknown and is asked again, never guessed (decision 0209).
export async function mailgunWasAccepted(
  client: MailgunClient,
  domain: string,
  messageId: string,
  since: Date,
  until = new Date(),
) {
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
