import { describe, expect, it } from "vitest";

import {
  button,
  escapeHtml,
  html,
  layoutHtml,
  layoutText,
  paragraph,
  raw,
  safeUrl,
  splitTextLinks,
  textLink,
} from "./layout";

const hostile = [
  `<script>alert(1)</script>`,
  `"><img src=x onerror=alert(1)>`,
  `'><svg onload=alert(1)>`,
  "`${x}` & co",
];

describe("html", () => {
  it("escapes every interpolated value", () => {
    for (const value of hostile) {
      const out = html`<p title="${value}">${value}</p>`.value;
      expect(out).not.toContain("<script");
      expect(out).not.toContain("<img");
      expect(out).not.toContain("<svg");
      expect(out).not.toMatch(/"\s*>\s*<img/);
      expect(out.match(/"/g)).toHaveLength(2); // only the attribute's own quotes
    }
    expect(html`${hostile[1]}`.value).toBe("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
  });

  it("keeps trusted fragments, nests templates, joins arrays and skips empty values", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(html`<div>${inner}${raw("<hr>")}</div>`.value).toBe("<div><b>&lt;i&gt;</b><hr></div>");
    expect(html`<ul>${["<a>", "b"].map((x) => html`<li>${x}</li>`)}</ul>`.value).toBe(
      "<ul><li>&lt;a&gt;</li><li>b</li></ul>",
    );
    expect(html`${null}${undefined}${false}${0}`.value).toBe("0");
  });

  it("allows only web and mail links in buttons", () => {
    expect(safeUrl("javascript:alert(1)")).toBe("#");
    expect(safeUrl("data:text/html,<script>")).toBe("#");
    expect(safeUrl("https://example.com/a?b=1&c=2")).toBe("https://example.com/a?b=1&c=2");
    const out = button("javascript:alert(1)", `<b>Go</b>`).value;
    expect(out).toContain('href="#"');
    expect(out).not.toContain('href="javascript:');
    expect(out).toContain("&lt;b&gt;Go&lt;/b&gt;");
    expect(button("https://x.test/?a=1&b=2", "Go").value).toContain('href="https://x.test/?a=1&amp;b=2"');
  });

  it("escapes the title and preheader of the layout", () => {
    const page = layoutHtml({ title: hostile[0]!, preheader: hostile[1]!, body: html`<p>ok</p>` });
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).not.toContain("<script");
    expect(page).not.toContain("<img");
    expect(page).toContain("<p>ok</p>");
  });

  it("offers the dark theme to clients that ask for it, and keeps the light one inline for the rest", () => {
    const page = layoutHtml({ title: "t", body: paragraph("Hello") });
    expect(page).toContain('<meta name="color-scheme" content="light dark">');
    expect(page).toContain('<meta name="supported-color-schemes" content="light dark">');
    const dark = /@media \(prefers-color-scheme: dark\)\{([\s\S]*?)\n\}/.exec(page)?.[1] ?? "";
    expect(dark).toContain(".sh-paper{background:#1b1612!important;color:#f5ede3!important;}");
    expect(dark).toContain(".sh-ink{color:#f5ede3!important;}");
    expect(page).toContain(
      '<p class="sh-ink" style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#2b2118;">Hello</p>',
    );
  });

  it("renders the plain-text twin with a footer", () => {
    expect(layoutText(["Hi,", null, "Body", false])).toBe(
      "Hi,\n\nBody\n\n-- \nStoryhearth · Family stories, gathered by the fire.\n",
    );
  });

  it("ends a list's mail with its unsubscribe line, the name it unsubscribes from escaped", () => {
    const unsubscribe = { url: "https://a.test/unsubscribe/tok", from: `Lake <b>"1963"</b>` };
    const page = layoutHtml({ title: "t", body: html`<p>ok</p>`, unsubscribe });
    expect(page).toContain(
      `Don&#39;t want these e-mails? <a href="https://a.test/unsubscribe/tok" style="color:#5f5245;">Unsubscribe</a> from "Lake &lt;b&gt;&quot;1963&quot;&lt;/b&gt;".`,
    );
    expect(layoutText(["Body"], { unsubscribe })).toBe(
      `Body\n\nDon't want these e-mails? Unsubscribe from "Lake <b>"1963"</b>":\nhttps://a.test/unsubscribe/tok\n\n-- \nStoryhearth · Family stories, gathered by the fire.\n`,
    );
  });
});

describe("textLink", () => {
  it("ends the label with exactly one colon, whether or not it has one", () => {
    expect(textLink("Read it here", "https://a.test/")).toBe("Read it here:\nhttps://a.test/");
    expect(textLink("Use your personal link (no account needed):", "https://a.test/")).toBe(
      "Use your personal link (no account needed):\nhttps://a.test/",
    );
  });
});

describe("splitTextLinks", () => {
  it("turns http(s) URLs into links and leaves the rest as text", () => {
    expect(splitTextLinks("Open https://a.test/x?token=1&b=2. Or <b>http://b.test</b>")).toEqual([
      { type: "text", value: "Open " },
      { type: "link", href: "https://a.test/x?token=1&b=2" },
      { type: "text", value: ". Or <b>" },
      { type: "link", href: "http://b.test" },
      { type: "text", value: "</b>" },
    ]);
    expect(splitTextLinks("javascript:alert(1) no links")).toEqual([
      { type: "text", value: "javascript:alert(1) no links" },
    ]);
    expect(splitTextLinks("")).toEqual([]);
  });
});
