// XSS: every hostile string of tests/fixtures/xss-corpus.ts in every user-entered
// field, on every page that shows it (owner, public, admin, the dev mailbox's e-mail view), with
// JavaScript on and off. On each page: no dialog opened, `window.__xss` is unset, no element a
// payload carries exists (in the page or in an e-mail's HTML), no javascript: URL is live, the CSP
// reported nothing, and each field's string reads literally as text (or as a form field's value).
// The Content-Security-Policy header and the nonce on every served <script> are checked too.
import type { Page } from "@playwright/test";

import { listAdminCollections } from "~/features/admin/collections.server";
import { ownerDisplayName } from "~/features/contributions/invitations.server";
import { stripQuotedReply } from "~/features/contributions/quote-strip";
import { familyStory } from "~/features/contributions/story-text";
import { familyBadge, storyParagraphs } from "~/features/newsletters/content";
import { parseTranscript } from "~/features/podcasts/listening/transcript";
import { parseFromLine as parseAddress } from "~/lib/email-address";

import { normalizeText, PROBE_SELECTOR, XSS_MARKER, XSS_PAYLOADS, type XssPayload } from "../fixtures/xss-corpus";
import { signInAsAdmin } from "../utils/admin-helpers";
import { expect, jsOn, signInAs, test, visit } from "./fixtures";
import {
  buildAdminRows,
  buildXssWorld,
  FIELDS,
  replyBody,
  replyFrom,
  sendWorldEmails,
  transcriptOf,
  v,
  webStory,
  type AdminRows,
  type FieldCode,
  type PayloadWorld,
  type XssWorld,
} from "./xss-world";

/** Where on the page a field's string must appear: as text, as a form field's value, in <title>, in the e-mail's HTML. */
type Place = "text" | "value" | "title" | "email";
type Expectation = { field: FieldCode; payload: string; literal: string; place: Place };
type Surface = { surface: string; url: string; expects: Expectation[] };

// ── what each page must show ───────────────────────────────────────────────

const exp = (
  p: XssPayload,
  field: FieldCode,
  literal: string | null | undefined,
  place: Place = "text",
): Expectation[] => (literal ? [{ field, payload: p.id, literal, place }] : []);
const own = (p: XssPayload, field: FieldCode, place: Place = "text") => exp(p, field, v(p, field), place);

/** The e-mail reply's From line as the inbound webhook reads it: a name, or else the whole line as the address. */
const replySender = (w: PayloadWorld) => parseAddress(replyFrom(w.payload, w.replyAddress));
/** The story as stored from the reply: line breaks as plain newlines, trimmed (quotes and all). */
const storedReply = (p: XssPayload) => replyBody(p).replace(/\r\n?/g, "\n").trim();

/** A story's title and the text under it, as the app makes them from what the relative wrote. */
const titleAndBody = (text: string) => {
  const { title, body } = familyStory({
    storyContent: text,
    originalStoryContent: null,
    submissionMethod: "web",
    replyReading: null,
    forwarded: null,
    title: null,
    contributorName: null,
  });
  return { title, content: body };
};

/** A newsletter story as the app derives it from a contribution: title, paragraphs, author. */
function newsletterStory(p: XssPayload, [heading, body, name]: FieldCode[], storyText: string, author: string | null) {
  const { title, content } = titleAndBody(stripQuotedReply(storyText));
  return [
    ...exp(p, heading!, title),
    ...storyParagraphs(content).flatMap((line) => exp(p, body!, line)),
    ...exp(p, name!, author),
  ];
}

function payloadSurfaces(w: PayloadWorld) {
  const p = w.payload;
  const transcript = transcriptOf(p);
  // The share page shows speaker turns; the newsletter shows the transcript line by line.
  const turns = parseTranscript(transcript).flatMap((turn) => exp(p, "tr", turn.text));
  const lines = storyParagraphs(transcript).flatMap((line) => exp(p, "tr", line));
  const owner: Surface[] = [
    {
      surface: "/ (dashboard)",
      url: "/",
      expects: [...own(p, "fn"), ...own(p, "pt"), ...own(p, "ct"), ...own(p, "cd"), ...own(p, "wn")],
    },
    {
      surface: "/campaigns/:id/stories",
      url: `/campaigns/${w.campaign.id}/stories?rename=${w.webStory.id}`,
      expects: [
        ...own(p, "ct"),
        ...own(p, "ct", "title"),
        ...own(p, "cd"),
        ...own(p, "cp"),
        ...own(p, "wn", "value"),
        ...own(p, "wt"),
        ...own(p, "ws"),
        ...own(p, "et"),
        ...own(p, "es"),
        // An e-mailed story also shows in full, the quoted invitation included.
        ...exp(p, "eq", storedReply(p)),
        ...exp(p, "ef", replySender(w).name ?? replySender(w).email),
      ],
    },
    {
      surface: "/campaigns/:id/newsletters",
      url: `/campaigns/${w.campaign.id}/newsletters?edit=${w.newsletter.id}`,
      expects: [
        ...own(p, "nt"),
        ...own(p, "nt", "value"),
        ...own(p, "ns", "value"),
        ...own(p, "nf", "value"),
        ...own(p, "ct", "title"),
      ],
    },
    {
      surface: "/podcast/:id",
      url: `/podcast/${w.podcast.id}`,
      expects: [...own(p, "pt"), ...own(p, "pt", "title"), ...own(p, "pd")],
    },
  ];
  const visitor: Surface[] = [
    {
      surface: "/contribute/:publicId",
      url: `/contribute/${w.campaign.publicId}?t=${w.invitation.token}`,
      expects: [...own(p, "ct"), ...own(p, "ct", "title"), ...own(p, "cd"), ...own(p, "cp")],
    },
    {
      surface: "/newsletter/:publicId",
      url: `/newsletter/${w.newsletter.publicId}`,
      expects: [
        ...own(p, "nt"),
        ...own(p, "ns"),
        ...exp(p, "nf", familyBadge(v(p, "nf"))),
        ...newsletterStory(p, ["wt", "ws", "wn"], webStory(p), v(p, "wn")),
        ...newsletterStory(p, ["et", "es", "ef"], replyBody(p), replySender(w).name),
        ...lines,
      ],
    },
    { surface: "/s/:token", url: `/s/${w.shareToken}`, expects: [...own(p, "pt"), ...turns] },
    {
      surface: "/testimonials/:publicId",
      url: `/testimonials/${w.testimonial.publicId}`,
      expects: [...own(p, "tt"), ...own(p, "tt", "title"), ...own(p, "td")],
    },
  ];
  return { owner, visitor };
}

type Emails = Awaited<ReturnType<typeof sendWorldEmails>>;

/** The mailbox's view of a world's invitation and newsletter e-mails. */
function mailboxSurfaces(w: PayloadWorld, emails: Emails): Surface[] {
  const p = w.payload;
  const ownerName = ownerDisplayName(w.owner);
  const mail = (
    kind: string,
    row: { id: string; subject: string; text: string },
    titleField: FieldCode,
    fields: Expectation[],
  ): Surface => ({
    surface: `/dev/mailbox/:id (${kind})`,
    url: `/dev/mailbox/${row.id}`,
    // The page shows the subject and the text version as they are; the HTML version holds each field.
    expects: [
      ...exp(p, titleField, row.subject),
      ...exp(p, titleField, row.subject, "title"),
      ...exp(p, titleField, row.text),
      ...fields,
    ],
  });
  return [
    mail("invitation", emails.invitation, "ct", [
      ...own(p, "ct", "email"),
      ...own(p, "cd", "email"),
      ...own(p, "cp", "email"),
      ...exp(p, "fn", ownerName, "email"),
    ]),
    mail("newsletter", emails.newsletter, "nt", [
      ...own(p, "nt", "email"),
      ...own(p, "ns", "email"),
      ...exp(p, "wt", titleAndBody(stripQuotedReply(webStory(p))).title, "email"),
      ...exp(p, "fn", ownerName, "email"),
    ]),
  ];
}

function collectorSurfaces(world: XssWorld): Surface[] {
  const all = (fields: FieldCode[], place: Place = "text") =>
    XSS_PAYLOADS.flatMap((p) => fields.flatMap((f) => own(p, f, place)));
  const first = XSS_PAYLOADS[0]!;
  return [
    { surface: "/campaigns", url: "/campaigns", expects: all(["ct", "cd", "cp"]) },
    { surface: "/manage-collections", url: "/manage-collections", expects: all(["ct"]) },
    {
      surface: "/contacts",
      url: `/contacts?edit-contact=${world.contacts[0]!.id}`,
      expects: [
        ...all(["kp", "kn", "kt", "gn", "gd"]),
        ...own(first, "kp", "value"),
        ...own(first, "kn", "value"),
        ...own(first, "kt", "value"),
      ],
    },
    { surface: "/my-podcasts", url: "/my-podcasts", expects: all(["pt"]) },
    // Reflected: the search box takes ?q= back; searching for a title finds that podcast.
    ...XSS_PAYLOADS.map((p) => ({
      surface: "/my-podcasts?q=",
      url: `/my-podcasts?${new URLSearchParams({ q: v(p, "pt") })}`,
      expects: [...own(p, "pt"), ...exp(p, "sq", v(p, "pt"), "value")],
    })),
  ];
}

/** The page of /admin/story-collections that shows this collection. */
/** A row's owner is its own (unique e-mail): admin lists searched for it fit on one page, whatever other tests add meanwhile. */
const ownerEmail = (campaignId: string) =>
  listAdminCollections(0, Number.MAX_SAFE_INTEGER).find((r) => r.id === campaignId)!.ownerEmail;
const adminListUrl = (campaignId: string) =>
  `/admin/story-collections?${new URLSearchParams({ q: ownerEmail(campaignId) })}`;

function adminSurfaces({ rows, answers }: AdminRows): Surface[] {
  const each = (fields: FieldCode[], literal?: (row: AdminRows["rows"][number], f: FieldCode) => string) =>
    rows.flatMap((row) => fields.flatMap((f) => exp(row.payload, f, literal ? literal(row, f) : v(row.payload, f))));
  return [
    { surface: "/admin", url: "/admin", expects: each(["fn", "ln"]) },
    // The admin list is global and paged, and other tests add collections meanwhile: searched, not paged.
    ...rows.map((row) => ({
      surface: "/admin/story-collections",
      url: adminListUrl(row.campaign.id),
      expects: exp(row.payload, "ct", v(row.payload, "ct")),
    })),
    { surface: "/admin/prompt-templates", url: "/admin/prompt-templates", expects: each(["mn", "md", "ms"]) },
    { surface: "/admin/api-keys", url: "/admin/api-keys", expects: each(["an", "ad"]) },
    { surface: "/admin/testimonials", url: "/admin/testimonials", expects: each(["tt", "td", "tq"]) },
    {
      surface: "/admin/testimonials?responses",
      url: `/admin/testimonials?responses=${answers.id}`,
      expects: each(["rn", "ra", "tq"]),
    },
    // The feed is global too: each owner's activity, searched by their e-mail.
    ...rows.map((row) => ({
      surface: "/admin/activity",
      url: `/admin/activity?${new URLSearchParams({ q: ownerEmail(row.campaign.id) })}`,
      expects: [
        ...exp(row.payload, "ct", `Created "${row.campaign.title}"`),
        ...exp(row.payload, "wn", `${v(row.payload, "wn")} shared a story for "${row.campaign.title}"`),
      ],
    })),
    {
      surface: "/admin/system-errors",
      url: "/admin/system-errors",
      expects: each(["rc"], (row) => `No invitation for recipient ${v(row.payload, "rc")}`),
    },
  ];
}

// ── the checks on one page ─────────────────────────────────────────────────

type Seen = { dialogs: string[]; cspReports: string[] };

/** Records dialogs (dismissed) and CSP reports, which only an escaped payload could cause. */
function watch(page: Page): Seen {
  const seen: Seen = { dialogs: [], cspReports: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.cspReports.push(message.text());
  });
  return seen;
}

/**
 * What the page holds, read in the page (this works with JavaScript off too), and what the server
 * sent: hydration would quietly replace markup that escaped in the server's HTML, so that HTML is
 * parsed on its own as well.
 */
function snapshot(page: Page, served: string) {
  return page.evaluate(
    ({ selector, marker, served }) => {
      const textOf = (root: ParentNode) => {
        const copy = root.cloneNode(true) as Element;
        copy.querySelectorAll("script, style, template, noscript").forEach((node) => node.remove());
        return copy.textContent ?? "";
      };
      const urlAttributes = ["href", "src", "action", "formaction", "data"];
      const liveJsUrls = (root: ParentNode) =>
        [...root.querySelectorAll("*")]
          .flatMap((el) => urlAttributes.map((a) => el.getAttribute(a) ?? ""))
          .filter((url) => /^\s*javascript:/i.test(url));
      const frames = [...document.querySelectorAll("iframe")].map((frame) => {
        // The e-mail's HTML as the mailbox frames it; parsed here so it is checked with JavaScript off too.
        const doc = new DOMParser().parseFromString(frame.getAttribute("srcdoc") ?? "", "text/html");
        return {
          sandbox: frame.getAttribute("sandbox"),
          probes: [...doc.querySelectorAll(selector)].map((el) => el.outerHTML.slice(0, 160)),
          jsUrls: liveJsUrls(doc),
          text: textOf(doc.body),
        };
      });
      const server = new DOMParser().parseFromString(served, "text/html");
      return {
        probes: [...document.querySelectorAll(selector), ...server.querySelectorAll(selector)].map((el) =>
          el.outerHTML.slice(0, 160),
        ),
        marker: (window as unknown as Record<string, unknown>)[marker] ?? null,
        jsUrls: [...liveJsUrls(document), ...liveJsUrls(server)],
        text: textOf(document.body),
        values: [...document.querySelectorAll("input, textarea")].map((el) => ({
          tag: el.tagName,
          value: (el as HTMLInputElement).value,
        })),
        title: document.title,
        frames,
      };
    },
    { selector: PROBE_SELECTOR, marker: XSS_MARKER, served },
  );
}

type Tally = { pages: number; renderings: number; surfaces: Set<string>; fields: Set<string> };
const tally: Tally = { pages: 0, renderings: 0, surfaces: new Set(), fields: new Set() };

async function checkSurface(page: Page, seen: Seen, { surface, url, expects }: Surface) {
  const response = await visit(page, url);
  expect(response?.status(), `${surface}: ${url}`).toBeLessThan(400);
  const shot = await snapshot(page, (await response?.text()) ?? "");
  const where = `${surface} (${url})`;
  expect(shot.probes, `markup escaped on ${where}`).toEqual([]);
  expect(shot.jsUrls, `javascript: URL on ${where}`).toEqual([]);
  expect(shot.marker, `a payload ran on ${where}`).toBeNull();
  for (const frame of shot.frames) {
    expect(frame.sandbox, `${where}: the e-mail frame runs no script`).toBe("");
    expect(frame.probes, `markup escaped in the e-mail HTML on ${where}`).toEqual([]);
    expect(frame.jsUrls, `javascript: URL in the e-mail HTML on ${where}`).toEqual([]);
  }
  // A one-line <input> drops line breaks from its value (the browser's rule); a <textarea> keeps them.
  const inputValue = (tag: string, literal: string) => (tag === "INPUT" ? literal.replace(/[\r\n]+/g, "") : literal);
  const shown = (literal: string, place: Place) => {
    if (place === "value")
      return shot.values.some(({ tag, value }) =>
        normalizeText(value).includes(normalizeText(inputValue(tag, literal))),
      );
    const found = place === "text" ? [shot.text] : place === "title" ? [shot.title] : shot.frames.map((f) => f.text);
    return found.some((text) => normalizeText(text).includes(normalizeText(literal)));
  };
  const missing = expects
    .filter(({ literal, place }) => !shown(literal, place))
    .map(
      ({ field, payload, place, literal }) =>
        `${FIELDS[field]} [${payload}] not shown literally in ${place}: ${JSON.stringify(literal.slice(0, 80))}`,
    );
  expect(missing, where).toEqual([]);
  expect(seen.dialogs, `dialogs on ${where}`).toEqual([]);
  expect(seen.cspReports, `CSP reports on ${where}`).toEqual([]);

  tally.pages++;
  tally.renderings += expects.length;
  tally.surfaces.add(surface);
  for (const e of expects) tally.fields.add(e.field);
}

// ── the world, built once per worker and project ───────────────────────────

let worldPromise: Promise<XssWorld> | undefined;
const world = () => (worldPromise ??= buildXssWorld(test.info().project.use.baseURL!));

test.describe("XSS corpus in every user-entered field", () => {
  // Dozens of page loads each; 85 s on this machine, over 120 s on a slower CI one.
  test.describe.configure({ timeout: 300_000 });

  test.afterAll(() => {
    const project = test.info().project.name;
    console.log(
      `XSS [${project}]: ${XSS_PAYLOADS.length} payloads × ${tally.fields.size} fields × ${tally.surfaces.size} surfaces: ` +
        `${tally.renderings} field renderings shown literally on ${tally.pages} page loads; no markup escaped, no script ran.`,
    );
  });

  test("owner pages: dashboard, stories, newsletters, podcast, and the lists", async ({ page }) => {
    const w = await world();
    const seen = watch(page);
    for (const payloadWorld of w.worlds) {
      await signInAs(page, payloadWorld.owner);
      for (const surface of payloadSurfaces(payloadWorld).owner) await checkSurface(page, seen, surface);
    }
    await signInAs(page, w.collector);
    for (const surface of collectorSurfaces(w)) await checkSurface(page, seen, surface);
  });

  test("public pages: contribute, newsletter, share link, testimonial", async ({ page }) => {
    const w = await world();
    const seen = watch(page);
    for (const payloadWorld of w.worlds) {
      for (const surface of payloadSurfaces(payloadWorld).visitor) await checkSurface(page, seen, surface);
    }
  });

  test("admin pages", async ({ page }) => {
    const rows = await buildAdminRows(test.info().project.use.baseURL!);
    const seen = watch(page);
    await signInAsAdmin(page, rows.admin);
    for (const surface of adminSurfaces(rows)) await checkSurface(page, seen, surface);
  });

  test("outgoing e-mails in the dev mailbox: subject, text and HTML versions", async ({ page }) => {
    const w = await world();
    const seen = watch(page);
    const sent = [];
    for (const payloadWorld of w.worlds) sent.push({ payloadWorld, emails: await sendWorldEmails(payloadWorld) });
    const subjects = sent.flatMap(({ payloadWorld: { payload }, emails }) => [
      ...exp(payload, "ct", emails.invitation.subject),
      ...exp(payload, "nt", emails.newsletter.subject),
      ...exp(payload, "ai", emails.account.subject),
    ]);
    await checkSurface(page, seen, { surface: "/dev/mailbox", url: "/dev/mailbox", expects: subjects });
    for (const { payloadWorld, emails } of sent) {
      for (const surface of mailboxSurfaces(payloadWorld, emails)) await checkSurface(page, seen, surface);
    }
  });
});

// ── Content-Security-Policy ────────────────────────────────────────────────

test.describe("Content-Security-Policy", () => {
  test.describe.configure({ timeout: 60_000 });

  test("every page sends a nonce-based script policy, and every served script carries that nonce", async ({
    page,
    request,
    user,
  }) => {
    const w = await world();
    const pw = w.worlds[0]!;
    const pages = [
      "/",
      "/login",
      `/contribute/${pw.campaign.publicId}`,
      `/newsletter/${pw.newsletter.publicId}`,
      `/s/${pw.shareToken}`,
      `/testimonials/${pw.testimonial.publicId}`,
      "/no-such-page",
    ];
    for (const path of pages) {
      const response = await request.get(path);
      const policy = response.headers()["content-security-policy"] ?? "";
      const directives = new Map(
        policy
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name, ...values]) => [name!, values]),
      );
      const scriptSrc = directives.get("script-src") ?? [];
      const nonce = /^'nonce-([A-Za-z0-9+/=_-]{16,})'$/.exec(scriptSrc.find((s) => s.startsWith("'nonce-")) ?? "")?.[1];
      expect(nonce, `${path}: script-src has a nonce (${policy})`).toBeTruthy();
      expect(scriptSrc, `${path}: no unsafe-inline or unsafe-eval for scripts`).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(directives.get("script-src-attr") ?? [], `${path}: inline event handlers are not allowed`).not.toContain(
        "'unsafe-inline'",
      );
      expect(directives.get("object-src"), `${path}: object-src`).toEqual(["'none'"]);
      expect(directives.get("base-uri"), `${path}: base-uri`).toEqual(["'self'"]);
      expect(directives.get("frame-ancestors"), `${path}: frame-ancestors`).toEqual(["'none'"]);
      expect(directives.get("form-action"), `${path}: form-action`).toEqual(["'self'"]);
      expect(directives.get("default-src")).toEqual(["'self'"]);
      // Every <script> the server wrote carries this response's nonce; none has an inline handler.
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
      // The newsletter and the recording-removal page send none at all; every other page does.
      if (!/^\/(newsletter|recording-removal)\//.test(path))
        expect(scripts.length, `${path}: the page has scripts`).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
      // A fresh nonce per response.
      const again = (await request.get(path)).headers()["content-security-policy"] ?? "";
      expect(again, `${path}: the nonce changes per response`).not.toBe(policy);
    }

    // In the browser: markup that escaped into a served page (injected here into the real response,
    // which keeps its real header) cannot run a script or an inline handler without the nonce.
    await signInAs(page, user);
    const seen = watch(page);
    await page.route("**/campaigns", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        "</main>",
        `<script>window.__cspInline=1</script><img src="/csp-missing.png" onerror="window.__cspHandler=1"></main>`,
      );
      await route.fulfill({ response, body });
    });
    await visit(page, "/campaigns");
    const ran = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return { inline: w.__cspInline ?? null, handler: w.__cspHandler ?? null };
    });
    expect(ran).toEqual({ inline: null, handler: null });
    if (jsOn()) {
      // The page's own scripts did run (the nonce works): React hydrated it.
      await expect(page.locator("html[data-hydrated]")).toBeAttached();
      await expect.poll(() => seen.cspReports.length).toBeGreaterThanOrEqual(2);
      expect(seen.cspReports.join("\n")).toMatch(/script-src-elem|script-src/);
      expect(seen.cspReports.join("\n")).toMatch(/script-src-attr/);
    } else {
      expect(seen.cspReports).toEqual([]);
    }
    expect(seen.dialogs).toEqual([]);
  });
});
