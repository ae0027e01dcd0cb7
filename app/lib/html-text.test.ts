import { describe, expect, it } from "vitest";

import { decodeEntities, htmlToText } from "./html-text";

describe("htmlToText", () => {
  it("keeps paragraphs and line breaks, collapses source whitespace, drops tags", () => {
    const html = `<html><head><title>x</title><style>p { color: red }</style></head><body>
      <p>We drove the old <b>Ford</b>
         to <a href="https://maps.example">Lake Tahoe</a>.</p>
      <p>Dad sang<br>all the way<br/>there.</p><script>alert(1)</script></body></html>`;
    expect(htmlToText(html)).toBe("We drove the old Ford to Lake Tahoe.\n\nDad sang\nall the way\nthere.");
  });

  it("reads Gmail's div-per-line layout, where <div><br></div> is an empty line", () => {
    expect(htmlToText(`<div dir="ltr"><div>First line</div><div><br></div><div>Second paragraph</div></div>`)).toBe(
      "First line\n\nSecond paragraph",
    );
  });

  it("decodes named and numeric entities after the tags are gone", () => {
    expect(
      htmlToText("<p>Tom &amp; Jerry&nbsp;&#8212; &lt;b&gt; is text &#x1F600; &eacute;t&eacute; &unknown;</p>"),
    ).toBe("Tom & Jerry — <b> is text 😀 été &unknown;");
    expect(decodeEntities("&#0;&#xD800;&#1114112;")).toBe("\ufffd\ufffd\ufffd");
  });

  it("writes blockquotes as '> ' lines, nested ones deeper", () => {
    const html = `<div>My answer</div><div class="gmail_quote"><div class="gmail_attr">On Tue, Nov 3, 2026 at 9:14 AM Storyhearth &lt;reply@x.test&gt; wrote:<br></div>
      <blockquote class="gmail_quote"><div>Tell us a story</div><blockquote>older</blockquote></blockquote></div>`;
    expect(htmlToText(html)).toBe(
      "My answer\nOn Tue, Nov 3, 2026 at 9:14 AM Storyhearth <reply@x.test> wrote:\n\n> Tell us a story\n>\n> > older",
    );
  });

  it("keeps list items, table cells and preformatted text readable", () => {
    expect(
      htmlToText(
        "<ul><li>Bread</li><li>Jam</li></ul><table><tr><td>1952</td><td>Ohio</td></tr></table><pre>a  b\nc</pre>",
      ),
    ).toBe("- Bread\n- Jam\n\n1952 Ohio\n\na  b\nc");
  });

  it("ignores comments, doctype and Outlook's conditional markup; quoted '>' inside attributes does not end a tag", () => {
    expect(
      htmlToText(`<!DOCTYPE html><!--[if mso]><xml><o:x>junk</o:x></xml><![endif]--><p title="a > b">Kept</p>`),
    ).toBe("Kept");
  });
});

describe("htmlToText on crafted input", () => {
  it("stays fast on unclosed quotes, tags and deep quotes", () => {
    const started = Date.now();
    for (const unit of ['<a "', "<p title='", "<style>", "</style", "<", "<blockquote>x", "<div>x</div>"])
      htmlToText(unit.repeat(Math.floor(100_000 / unit.length)));
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
