// A fake Mailgun HTTP API on 127.0.0.1 for tests: the real mailgun.js client is pointed at it
// (MAILGUN_URL), so the whole sending path — auth, multipart encoding, headers — is exercised.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";

export type FakeMailgunRequest = {
  method: string;
  path: string;
  /** The user part of HTTP Basic auth (mailgun.js sends "api"). */
  authUser: string;
  domain: string;
  contentType: string;
  /** Every form field; a field sent more than once (e.g. several `to`) keeps all its values. */
  fields: Record<string, string[]>;
  /** First value of a field, for the common single-valued case. */
  field(name: string): string | undefined;
  /** The file parts (`attachment`, `inline`), with their bytes. */
  files: { field: string; filename: string; type: string; bytes: Buffer }[];
  /** The `h:` fields without their prefix, e.g. { "Reply-To": "…", "X-Storyhearth-Kind": "…" }. */
  headers: Record<string, string>;
  /** The provider id this fake answered with ("<…@domain>"); undefined when it refused. */
  messageId?: string;
  status: number;
};

export type FakeMailgun = {
  url: string;
  requests: FakeMailgunRequest[];
  /** The next message request answers with this status (and a Mailgun-like error body). */
  failNext(status?: number): void;
  /** Every message request answers 429 with Retry-After (seconds) until called again with null, as a throttled domain does. */
  throttle(retryAfterSeconds: number | null): void;
  /** The next message is accepted (it is in the event log) but its answer comes `ms` later, after a client's time-out. */
  answerNextLate(ms: number): void;
  /** Every query of the Logs API (the JSON bodies), in order. */
  logQueries: Record<string, unknown>[];
  /** Puts a message in the logs as accepted, as other senders of the domain fill it. */
  logAccepted(messageId: string, at?: Date): void;
  close(): Promise<void>;
};

/** The part of a Logs API query the fake reads. */
type LogsQuery = {
  start?: string;
  end?: string;
  events?: string[];
  filter?: { AND: { attribute: string; comparator: string; values: { label: string; value: string }[] }[] };
  pagination?: { limit?: number; token?: string };
};

function parseBasicAuth(header: string | undefined) {
  const match = /^Basic\s+(.+)$/i.exec(header ?? "");
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Parses multipart/form-data or urlencoded bodies with the platform's own parser (undici). */
async function parseForm(body: Buffer, contentType: string) {
  const fields: Record<string, string[]> = {};
  const files: FakeMailgunRequest["files"] = [];
  const form = await new Request("http://fake.local/", {
    method: "POST",
    headers: { "content-type": contentType },
    body: Uint8Array.from(body),
  }).formData();
  for (const [name, value] of form.entries()) {
    const text = typeof value === "string" ? value : await value.text();
    (fields[name] ??= []).push(text);
    if (typeof value !== "string")
      files.push({
        field: name,
        filename: value.name,
        type: value.type,
        bytes: Buffer.from(await value.arrayBuffer()),
      });
  }
  return { fields, files };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  res.end(json);
}

/** `otherDomains`: more sending domains of the same account (a second one for account mail). */
export async function startFakeMailgun({
  apiKey,
  domain,
  otherDomains = [],
}: {
  apiKey: string;
  domain: string;
  otherDomains?: string[];
}): Promise<FakeMailgun> {
  const domains = new Set([domain, ...otherDomains]);
  const requests: FakeMailgunRequest[] = [];
  const failures: number[] = [];
  let throttledFor: number | null = null;
  const lateAnswers: number[] = [];
  /** Mailgun's logs: every accepted Message-Id, kept when a test clears `requests`. */
  const accepted: { messageId: string; to: string | undefined; at: Date }[] = [];
  /** Every query of the logs, as its JSON body came. */
  const logQueries: Record<string, unknown>[] = [];

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      send(res, 500, { message: `fake mailgun crashed: ${error instanceof Error ? error.message : String(error)}` });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = await buffer(req);
    const auth = parseBasicAuth(req.headers.authorization);
    // Mailgun answers a bad key with 401 and a plain "Forbidden" body.
    if (!auth || auth.user !== "api" || auth.password !== apiKey) {
      res.writeHead(401, { "content-type": "text/plain" });
      res.end("Forbidden");
      return;
    }

    // The Logs API, as far as our reconciliation asks it (POST /v1/analytics/logs, a JSON body):
    // accepted messages of a domain between start and end, a page at a time. The deprecated events
    // API (/v3/{domain}/events) is not served, so nothing can go back to it.
    if (req.method === "POST" && url.pathname === "/v1/analytics/logs") {
      const query = JSON.parse(body.toString("utf8") || "{}") as LogsQuery;
      logQueries.push(query as Record<string, unknown>);
      const start = Date.parse(query.start ?? "");
      if (Number.isNaN(start)) return send(res, 400, { message: "start must be an RFC 2822 date" });
      const end = query.end ? Date.parse(query.end) : Date.now();
      const domains =
        query.filter?.AND.filter((c) => c.attribute === "domain").flatMap((c) => c.values.map((v) => v.value)) ?? [];
      const matching = accepted.filter(
        (a) =>
          a.at.getTime() >= start - 1000 &&
          a.at.getTime() <= end + 1000 &&
          (!domains.length || domains.includes(domain)),
      );
      const limit = query.pagination?.limit ?? 100;
      const from = Number(query.pagination?.token ?? 0);
      const items = matching.slice(from, from + limit).map((a) => ({
        id: randomUUID(),
        event: "accepted",
        "@timestamp": a.at.toISOString(),
        domain: { name: domain },
        recipient: a.to,
        message: { headers: { "message-id": a.messageId.slice(1, -1), to: a.to ?? "", from: "", subject: "" } },
      }));
      const next = from + limit < matching.length ? String(from + limit) : undefined;
      return send(res, 200, {
        start: query.start,
        end: query.end,
        items,
        pagination: { ...(next ? { next } : {}), total: matching.length },
      });
    }

    const route = /^\/v3\/([^/]+)\/messages\/?$/.exec(url.pathname);
    if (req.method !== "POST" || !route?.[1]) return send(res, 404, { message: "Not Found" });
    const routeDomain = decodeURIComponent(route[1]);
    if (!domains.has(routeDomain)) return send(res, 404, { message: `Domain not found: ${routeDomain}` });

    const contentType = req.headers["content-type"] ?? "";
    if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
      return send(res, 400, { message: `unsupported content type: ${contentType}` });
    }
    const { fields, files } = await parseForm(body, contentType);
    const headers: Record<string, string> = {};
    for (const [name, values] of Object.entries(fields)) {
      if (name.startsWith("h:") && values[0] !== undefined) headers[name.slice(2)] = values[0];
    }

    const recorded: FakeMailgunRequest = {
      method: req.method,
      path: url.pathname,
      authUser: auth.user,
      domain: routeDomain,
      contentType,
      fields,
      files,
      field: (name) => fields[name]?.[0],
      headers,
      status: 200,
    };
    requests.push(recorded);

    if (throttledFor !== null) {
      recorded.status = 429;
      res.setHeader("retry-after", String(throttledFor));
      return send(res, 429, { message: "Too many requests, please slow down" });
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      recorded.status = failure;
      return send(res, failure, { message: `Fake Mailgun failure (${failure})` });
    }
    // Like Mailgun, refuse a message missing its essentials rather than "queue" nonsense.
    const missing = ["from", "to", "subject"].filter((name) => !fields[name]?.[0]);
    if (!fields.text?.[0] && !fields.html?.[0]) missing.push("text or html");
    if (missing.length > 0) {
      recorded.status = 400;
      return send(res, 400, { message: `'${missing[0]}' parameter is missing` });
    }

    // Mailgun keeps a Message-Id the sender chose (h:Message-Id), else makes one.
    const id =
      headers["Message-Id"] ??
      `<${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}.${randomUUID()}@${domain}>`;
    recorded.messageId = id;
    accepted.push({ messageId: id, to: recorded.field("to"), at: new Date() });
    const late = lateAnswers.shift();
    if (late !== undefined) await new Promise((resolve) => setTimeout(resolve, late));
    if (!res.destroyed) send(res, 200, { id, message: "Queued. Thank you." });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    logQueries,
    logAccepted(messageId, at = new Date()) {
      accepted.push({ messageId: `<${messageId.replace(/^<|>$/g, "")}>`, to: undefined, at });
    },
    failNext(status = 500) {
      failures.push(status);
    },
    throttle(retryAfterSeconds) {
      throttledFor = retryAfterSeconds;
    },
    answerNextLate(ms) {
      lateAnswers.push(ms);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
