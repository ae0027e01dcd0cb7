// Inline styles and tables, because mail clients ignore stylesheets.

export const BRAND = {
  name: "Storyhearth",
  tagline: "Family stories, gathered by the fire.",
  color: "#9a3f12",
  ink: "#2b2118",
  muted: "#5f5245",
  paper: "#fdfaf5",
  card: "#ffffff",
  border: "#e3d9cc",
  font: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
} as const;

// Inline styles win over a stylesheet, so each dark-theme class overrides with !important.
const DARK = {
  paper: "#1b1612",
  card: "#241e19",
  ink: "#f5ede3",
  muted: "#c9bcad",
  border: "#40362d",
  color: "#f0a36b",
  onColor: "#1b1612",
} as const;
const DARK_STYLES = `:root{color-scheme:light dark;supported-color-schemes:light dark;}
@media (prefers-color-scheme: dark){
.sh-paper{background:${DARK.paper}!important;color:${DARK.ink}!important;}
.sh-card{background:${DARK.card}!important;border-color:${DARK.border}!important;}
.sh-ink{color:${DARK.ink}!important;}
.sh-muted,.sh-muted a{color:${DARK.muted}!important;}
.sh-brand,.sh-link{color:${DARK.color}!important;}
.sh-button{background:${DARK.color}!important;}
.sh-button a{color:${DARK.onColor}!important;}
.sh-quote{background:${DARK.paper}!important;border-color:${DARK.color}!important;}
}`;

export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

export function escapeHtml(value: string) {
  return value.replace(/[&<>"'`]/g, (ch) => ESCAPES[ch] ?? ch);
}

function renderValue(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += renderValue(value) + (strings[i + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Escape hatch for trusted fragments (never for user input). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** Only web and mail links may appear in an href; anything else (javascript:, data:) becomes "#". */
export function safeUrl(url: string) {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:" || protocol === "mailto:" ? url : "#";
  } catch {
    return "#";
  }
}

export function paragraph(content: HtmlValue) {
  return html`<p class="sh-ink" style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${BRAND.ink};">${content}</p>`;
}

export function muted(content: HtmlValue) {
  return html`<p class="sh-muted" style="margin:0 0 12px;font-size:14px;line-height:1.5;color:${BRAND.muted};">${content}</p>`;
}

export function button(href: string, label: string) {
  const url = safeUrl(href);
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
  <tr><td class="sh-button" style="border-radius:8px;background:${BRAND.color};">
    <a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${BRAND.font};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${label}</a>
  </td></tr>
</table>
<p class="sh-muted" style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${BRAND.muted};word-break:break-all;">If the button does not work, copy this link into your browser:<br><a href="${url}" class="sh-link" style="color:${BRAND.color};">${href}</a></p>`;
}

export type EmailParts = { subject: string; html: string; text: string };

export type Unsubscribe = { url: string; from: string };

const UNSUBSCRIBE_ASK = "Don't want these e-mails?";

function unsubscribeLine({ url, from }: Unsubscribe) {
  return muted(
    html`${UNSUBSCRIBE_ASK} <a href="${safeUrl(url)}" style="color:${BRAND.muted};">Unsubscribe</a> from "${from}".`,
  );
}

export function layoutHtml({
  title,
  preheader,
  body,
  unsubscribe,
}: {
  title: string;
  preheader?: string;
  body: SafeHtml;
  unsubscribe?: Unsubscribe;
}) {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${title}</title>
<style>${raw(DARK_STYLES)}</style>
</head>
<body class="sh-paper" style="margin:0;padding:0;background:${BRAND.paper};font-family:${BRAND.font};color:${BRAND.ink};">
${preheader ? html`<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${preheader}</div>` : ""}
<table class="sh-paper" role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${BRAND.paper};">
  <tr><td align="center" style="padding:24px 12px;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
      <tr><td class="sh-brand" style="padding:0 8px 16px;font-size:20px;font-weight:700;color:${BRAND.color};font-family:Georgia, serif;">${BRAND.name}</td></tr>
      <tr><td class="sh-card" style="background:${BRAND.card};border:1px solid ${BRAND.border};border-radius:12px;padding:28px 24px;font-family:${BRAND.font};">
${body}
${unsubscribe ? unsubscribeLine(unsubscribe) : ""}
      </td></tr>
      <tr><td class="sh-muted" style="padding:16px 8px;font-size:12px;line-height:1.5;color:${BRAND.muted};">${BRAND.name} &middot; ${BRAND.tagline}</td></tr>
    </table>
  </td></tr>
</table>
</body>
</html>`.value;
}

export function layoutText(
  paragraphs: ReadonlyArray<string | null | undefined | false>,
  { unsubscribe }: { unsubscribe?: Unsubscribe } = {},
) {
  const all = [
    ...paragraphs,
    unsubscribe && textLink(`${UNSUBSCRIBE_ASK} Unsubscribe from "${unsubscribe.from}"`, unsubscribe.url),
  ];
  const body = all.filter((p): p is string => typeof p === "string" && p.length > 0).join("\n\n");
  return `${body}\n\n-- \n${BRAND.name} · ${BRAND.tagline}\n`;
}

export function textLink(label: string, url: string) {
  return `${label.replace(/:$/, "")}:\n${url}`;
}

export function greeting(name?: string | null) {
  const trimmed = name?.trim();
  return `Hi ${trimmed ? trimmed : "there"},`;
}

export type TextPart = { type: "text"; value: string } | { type: "link"; href: string };

export function splitTextLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'()[\]{}]+/g)) {
    const href = match[0].replace(/[.,;:!?]+$/, "");
    const start = match.index;
    if (start > last) parts.push({ type: "text", value: text.slice(last, start) });
    parts.push({ type: "link", href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ type: "text", value: text.slice(last) });
  return parts;
}
