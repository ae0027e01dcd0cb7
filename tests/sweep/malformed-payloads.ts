// fast-check arbitraries for request bodies no browser would send: JSON with wrong types under a
// route's real field names, huge strings, numbers and arrays, deep nesting, invalid UTF-8, wrong
// content types, odd urlencoded forms and broken multipart. Bodies are raw bytes, so the
// Content-Type is exactly the generated one (a string body would get text/plain added).
import fc from "fast-check";

import type { RouteFields } from "./route-fields";

export type Payload = { kind: string; contentType: string | null; body: Uint8Array<ArrayBuffer> };

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

/** fast-check prints failing values: a summary, not megabytes of body. */
function payload(kind: string, contentType: string | null, body: Uint8Array<ArrayBuffer> | string): Payload {
  const bytes = typeof body === "string" ? utf8(body) : body;
  const head = Buffer.from(bytes.subarray(0, 160)).toString("latin1");
  return Object.assign(
    { kind, contentType, body: bytes },
    { [fc.toStringMethod]: () => `${kind} [${contentType}] ${bytes.length} bytes: ${JSON.stringify(head)}` },
  );
}

// ── values ────────────────────────────────────────────────────────────────────
const hugeString = fc
  .tuple(fc.constantFrom("a", "é", "😀", "\u0000", " ", "<"), fc.constantFrom(5_000, 70_000, 1_100_000))
  .map(([c, n]) => c.repeat(n));
// Plausible values too, so that a body can pass most of a schema and fail on one field only.
const plausible = [
  "someone@example.com",
  "2030-01-01",
  "1",
  "30",
  "A story worth telling, told at length.",
  "Grandma",
  "https://example.com/a",
];
const sampleStrings = fc.constantFrom(
  ...plausible,
  "",
  " ",
  "\u0000",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "true",
  "[]",
  "{}",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "2024-02-30",
  "9999-99-99T99:99",
  "not-an-email",
  "a@b",
  "00000000-0000-0000-0000-000000000000",
  "\u202e\ufeff",
  "%00",
);
// Any code point, lone surrogates included. Built once: fast-check indexes the whole code point range
// the first time such an arbitrary runs, seconds of work that one instance per route would repeat.
const anyText = fc.string({ unit: "binary", maxLength: 40 });
const anyKey = anyText.map((text) => text.slice(0, 12));
const oddNumbers = fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -0, 5e-324, -1, 0, 1.5, Number.MAX_SAFE_INTEGER);

/** A scalar of the wrong kind for almost any field; the route's own literals keep some paths deep. */
const scalar = (fields: RouteFields): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: anyText },
    { weight: 6, arbitrary: fields.literals.length ? fc.constantFrom(...fields.literals) : sampleStrings },
    { weight: 4, arbitrary: sampleStrings },
    { weight: 4, arbitrary: fc.oneof(fc.integer(), fc.double(), oddNumbers) },
    { weight: 2, arbitrary: fc.oneof(fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: hugeString },
  );
const asText = (value: unknown) => (typeof value === "string" ? value : String(value));

// The route's literals may name fields too (an upload's file field is often only a string literal).
const fieldName = (fields: RouteFields) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...fields.names) },
    { weight: 2, arbitrary: fc.constantFrom(...fields.literals, ...fields.names) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "", "a.b", "a[b]", "0", "toString"),
    },
    { weight: 1, arbitrary: anyKey },
  );

// ── JSON ──────────────────────────────────────────────────────────────────────
// Built as text: nesting thousands deep would overflow JSON.stringify, and text allows duplicate keys.
const scalarJson = (fields: RouteFields) => scalar(fields).map((v) => JSON.stringify(v) ?? "null");
const deepJson = (fields: RouteFields) =>
  fc
    .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean(), scalarJson(fields))
    .map(([depth, arrays, inner]) =>
      arrays ? "[".repeat(depth) + inner + "]".repeat(depth) : '{"a":'.repeat(depth) + inner + "}".repeat(depth),
    );
const hugeArrayJson = fc
  .tuple(fc.constantFrom(10_000, 200_000), fc.constantFrom("0", '""', "null", "{}"))
  .map(([n, item]) => `[${Array(n).fill(item).join(",")}]`);
const valueJson = (fields: RouteFields) =>
  fc.oneof(
    { weight: 8, arbitrary: scalarJson(fields) },
    { weight: 2, arbitrary: fc.array(scalarJson(fields), { maxLength: 5 }).map((items) => `[${items.join(",")}]`) },
    {
      weight: 2,
      arbitrary: fc.array(fc.tuple(fieldName(fields), scalarJson(fields)), { maxLength: 4 }).map(objectText),
    },
    { weight: 1, arbitrary: deepJson(fields) },
    { weight: 1, arbitrary: hugeArrayJson },
  );
const objectText = (entries: Array<[string, string]>) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;

/** An object under the route's field names, often with a real intent so the action gets past dispatch. */
const objectJson = (fields: RouteFields) =>
  fc
    .tuple(
      fc.option(fields.literals.length ? fc.constantFrom(...fields.literals) : fc.constant("x")),
      fc.array(fc.tuple(fieldName(fields), valueJson(fields)), { maxLength: 8 }),
    )
    .map(([intent, entries]) =>
      objectText([
        ...(intent === null ? [] : ([["intent", JSON.stringify(intent)]] as Array<[string, string]>)),
        ...entries,
      ]),
    );

const jsonText = (fields: RouteFields) =>
  fc.oneof({ weight: 6, arbitrary: objectJson(fields) }, { weight: 2, arbitrary: valueJson(fields) });

const JSON_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16le",
  "application/merge-patch+json",
  "Application/JSON",
];

const brokenJson = (fields: RouteFields) =>
  fc
    .tuple(
      objectJson(fields),
      fc.nat(),
      fc.constantFrom("truncate", "trailing-comma", "single-quotes", "bom", "comment", "bare-words", "garbage-tail"),
    )
    .map(([text, at, how]) => {
      switch (how) {
        case "truncate":
          return text.slice(0, at % Math.max(1, text.length));
        case "trailing-comma":
          return text.replace(/}$/, ",}");
        case "single-quotes":
          return text.replaceAll('"', "'");
        case "bom":
          return `\ufeff${text}`;
        case "comment":
          return `/* c */${text}`;
        case "bare-words":
          return `{intent: delete, id: NaN, n: Infinity, u: undefined}`;
        default:
          return `${text}}}]garbage`;
      }
    });

// ── urlencoded ────────────────────────────────────────────────────────────────
function encode(text: string, style: "encoded" | "raw" | "bad-percent") {
  if (style === "raw") return text;
  if (style === "bad-percent") return `${text}%zz%E0%A4%`;
  // Lone surrogates become U+FFFD first, as a browser's form encoding does (encodeURIComponent throws).
  return encodeURIComponent(Buffer.from(text, "utf8").toString("utf8"));
}
const formPair = (fields: RouteFields) =>
  fc.tuple(
    fieldName(fields),
    scalar(fields).map(asText),
    fc.constantFrom("encoded", "encoded", "raw", "bad-percent") as fc.Arbitrary<"encoded" | "raw" | "bad-percent">,
  );
const urlencoded = (fields: RouteFields) =>
  fc
    .tuple(
      fc.option(fields.literals.length ? fc.constantFrom(...fields.literals) : fc.constant("x")),
      fc.array(formPair(fields), { maxLength: 12 }),
      fc.constantFrom("&", "&", "&&", ";", "&=&"),
    )
    .map(([intent, pairs, sep]) =>
      [
        ...(intent === null ? [] : [`intent=${encode(intent, "encoded")}`]),
        ...pairs.map(([k, v, style]) => `${encode(k, style)}=${encode(v, style)}`),
      ].join(sep),
    );

// ── multipart ─────────────────────────────────────────────────────────────────
const MULTIPART_DEFECTS = [
  "none",
  "truncated",
  "wrong-boundary",
  "no-terminator",
  "huge-header",
  "no-blank-line",
  "no-disposition",
  "lf-only",
  "no-boundary-param",
  "preamble-garbage",
  "empty",
] as const;
// File contents that start like what upload routes sniff for (PDF, WebM, MP4, PNG), then noise.
const MAGIC = ["%PDF-1.7\n", "\x1a\x45\xdf\xa3", "\x00\x00\x00\x18ftypmp42", "\x89PNG\r\n\x1a\n", ""].map((m) =>
  Buffer.from(m, "latin1"),
);
const fileBytes = fc
  .tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 600 }))
  .map(([magic, noise]) => new Uint8Array(Buffer.concat([magic, noise])));
// Past the upload limits (10 MB attachments, 15 MB video chunks, 20 MB PDFs); rare, as each costs 21 MB.
const oversizedFile = fc
  .constantFrom(...MAGIC)
  .map((magic) => new Uint8Array(Buffer.concat([magic, Buffer.alloc(21 * 1024 * 1024, 0x61)])));
const part = (fields: RouteFields) =>
  fc.record({
    name: fieldName(fields),
    filename: fc.option(fc.constantFrom("a.txt", "", "../../x", "é.webm", 'a"b', "x".repeat(300), "clip.mp4")),
    type: fc.option(fc.constantFrom("text/plain", "video/webm", "application/pdf", "image/png", "", "x/y; z")),
    value: fc.oneof(
      { weight: 40, arbitrary: scalar(fields).map(asText) },
      { weight: 10, arbitrary: fileBytes },
      { weight: 1, arbitrary: oversizedFile },
    ),
  });
const boundaryArb = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/) },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(100), '"quoted"', "----WebKitFormBoundaryABC") },
);

const multipart = (fields: RouteFields) =>
  fc
    .tuple(fc.array(part(fields), { maxLength: 6 }), boundaryArb, fc.constantFrom(...MULTIPART_DEFECTS), fc.nat())
    .map(([parts, rawBoundary, defect, at]) => {
      const boundary = rawBoundary.replace(/^"|"$/g, "");
      const nl = defect === "lf-only" ? "\n" : "\r\n";
      const chunks: Buffer[] = [];
      if (defect === "preamble-garbage") chunks.push(Buffer.from(`--${boundary}x${nl}garbage${nl}`));
      for (const p of parts) {
        const disposition = `Content-Disposition: form-data; name="${p.name.replaceAll('"', "%22")}"${p.filename === null ? "" : `; filename="${p.filename}"`}`;
        const headers = [defect === "no-disposition" ? "X-Part: 1" : disposition];
        if (p.type !== null) headers.push(`Content-Type: ${p.type}`);
        if (defect === "huge-header") headers.push(`X-Padding: ${"h".repeat(120_000)}`);
        chunks.push(
          Buffer.from(`--${boundary}${nl}${headers.join(nl)}${nl}${defect === "no-blank-line" ? "" : nl}`, "utf8"),
          Buffer.from(p.value),
          Buffer.from(nl),
        );
      }
      if (defect !== "no-terminator") chunks.push(Buffer.from(`--${boundary}--${nl}`));
      let body = Buffer.concat(chunks);
      if (defect === "truncated") body = body.subarray(0, at % Math.max(1, body.length));
      if (defect === "empty") body = Buffer.alloc(0);
      const declared = defect === "wrong-boundary" ? `${boundary}X` : rawBoundary;
      const contentType =
        defect === "no-boundary-param" ? "multipart/form-data" : `multipart/form-data; boundary=${declared}`;
      return payload(`multipart/${defect}`, contentType, new Uint8Array(body));
    });

// ── bytes ─────────────────────────────────────────────────────────────────────
const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0x80],
  [0xc3, 0x28],
];
/** Inserts invalid UTF-8 sequences at random places of an otherwise well-formed body. */
const withBadBytes = (base: fc.Arbitrary<Payload>) =>
  fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVALID_UTF8)), { minLength: 1, maxLength: 6 }))
    .map(([p, inserts]) => {
      let bytes = Buffer.from(p.body);
      for (const [at, seq] of inserts) {
        const i = at % (bytes.length + 1);
        bytes = Buffer.concat([bytes.subarray(0, i), Buffer.from(seq), bytes.subarray(i)]);
      }
      return payload(`bad-utf8/${p.kind}`, p.contentType, new Uint8Array(bytes));
    });

const WRONG_TYPES = [
  null,
  "text/plain",
  "application/xml",
  "application/octet-stream",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/x-www-form-urlencoded",
  "*/*",
  "",
  "application/jsonp",
  "form-data",
];

/** Every kind of malformed body, weighted toward the ones that reach a route's validation. */
export function malformedPayload(fields: RouteFields): fc.Arbitrary<Payload> {
  const json = fc
    .tuple(jsonText(fields), fc.constantFrom(...JSON_TYPES))
    .map(([text, type]) => payload("json", type, text));
  const form = urlencoded(fields).map((text) => payload("urlencoded", "application/x-www-form-urlencoded", text));
  return fc.oneof(
    { weight: 5, arbitrary: json },
    { weight: 2, arbitrary: brokenJson(fields).map((text) => payload("broken-json", "application/json", text)) },
    { weight: 4, arbitrary: form },
    { weight: 4, arbitrary: multipart(fields) },
    { weight: 2, arbitrary: withBadBytes(fc.oneof(json, form, multipart(fields))) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 2_000 })
        .chain((bytes) =>
          fc
            .constantFrom(...JSON_TYPES, "application/x-www-form-urlencoded", "multipart/form-data; boundary=B")
            .map((type) => payload("random-bytes", type, bytes)),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(jsonText(fields), fc.constantFrom(...WRONG_TYPES))
        .map(([text, type]) => payload("wrong-content-type", type, text)),
    },
  );
}

/** Query strings for JSON loaders: the urlencoded forms above, some with invalid UTF-8 bytes. */
export function malformedQuery(fields: RouteFields): fc.Arbitrary<Payload> {
  const form = urlencoded(fields).map((text) => payload("query", null, text));
  return fc.oneof({ weight: 3, arbitrary: form }, { weight: 1, arbitrary: withBadBytes(form) });
}
