import { describe, expect, it } from "vitest";

import { storyReading } from "./quote-strip";
import { replyHtmlToText } from "./reply-html";
import { readReply } from "./reply-reader";
import { ORIGINAL_MESSAGE_TITLES } from "./reply-words";

const lines = (...l: string[]) => l.join("\n");
const HEADER = "On Tue, Nov 3, 2026 at 9:14 AM Margaret <m@example.com> wrote:";

describe("readReply: the relative's lines, in order", () => {
  it("keeps an inline answer under a long quoted line when it starts a sentence of its own", () => {
    const reply = lines(
      HEADER,
      "> What is your favourite winter memory? Tell us about the snow and the farm.",
      "The ice storm!",
      "> And who was there with you?",
      "",
      "Dad and Uncle Bert.",
    );
    expect(readReply(reply).story).toBe("The ice storm!\n\nDad and Uncle Bert.");
  });

  it("takes a wrapped quoted line without its '>' as part of the quote", () => {
    const reply = lines(
      "Thank you!",
      "",
      HEADER,
      "> Lorem ipsum dolor sit amet, consectetur adipiscing elit, the farm in the snow was",
      "quiet and cold.",
      "> Tell us more.",
    );
    expect(readReply(reply).story).toBe("Thank you!");
  });

  it("keeps a last paragraph with a phone number that is not a signature block", () => {
    const reply = lines("We moved to the farm in 1962.", "", "Call me on 555 123 4567 if you want more", "Love, Rose");
    expect(readReply(reply).story).toBe(reply);
  });

  it("drops a name and contact block, keeps the name under a sign-off", () => {
    expect(
      readReply(lines("The pond froze every winter.", "", "Gina Marsh", "gina@example.com", "(555) 346-9947")).story,
    ).toBe("The pond froze every winter.");
    expect(readReply(lines("The pond froze every winter.", "", "Love,", "Gran", "Head of the family")).story).toBe(
      "The pond froze every winter.\n\nLove,\nGran",
    );
  });

  it("is sure of a cut at history, unsure of one that drops prose no rule names", () => {
    expect(readReply(lines("Yes!", "", HEADER, "> q")).sure).toBe(true);
    expect(readReply(lines("Yes!", "", "Sent from my iPhone")).sure).toBe(true);
    const unsure = readReply(
      lines(
        "Yes!",
        "",
        "Sent from my iPhone",
        "",
        "And then the whole village came out on the ice with lanterns, and we skated until the church bell rang midnight and nobody wanted to go home.",
      ),
    );
    expect(unsure).toMatchObject({ story: "Yes!", found: true, cut: true, sure: false });
  });

  it("is unsure of a header with neither time nor address over unquoted text: it may be a story line", () => {
    const letter = lines(
      "We found the letters in the attic.",
      "",
      "On 3 May 1944 Grandpa wrote:",
      "",
      "Dear Mary, the harvest is in and the cows are well.",
    );
    expect(readReply(letter)).toMatchObject({ story: "We found the letters in the attic.", cut: true, sure: false });
    expect(readReply(lines("Yes!", "", "On Tue, Nov 3, 2026 at 9:14 AM Margaret wrote:", "", "Old text")).sure).toBe(
      true,
    );
    const christmas = lines(
      "Grandpa's note, word for word:",
      "",
      "To: Mary",
      "From: Grandpa",
      "Date: Christmas 1944",
      "",
      "The harvest is in.",
    );
    expect(readReply(christmas)).toMatchObject({ story: "Grandpa's note, word for word:", sure: false });
    // "am" is no header verb: an English line with a time and a colon is the story.
    const walk = lines(
      "On Monday at 9:30 am we walked to the lake, and this is what we saw:",
      "",
      "Ice, as far as the eye could see.",
    );
    expect(readReply(walk).story).toBe(walk);
  });

  it("finds no words in a reply that is only a quote and a footer, and keeps the whole reply", () => {
    const reply = lines("Sent from my iPhone", "", HEADER, "> What is your favourite winter memory?");
    expect(readReply(reply)).toMatchObject({ story: reply, found: false, cut: false, sure: false });
  });
});

describe("readReply: 'Original message' and 'Forwarded message' separators, translated", () => {
  it.each(ORIGINAL_MESSAGE_TITLES.map((t) => [t]))("-----%s-----", (title) => {
    for (const line of [`-----${title}-----`, `---------- ${title} ---------`]) {
      expect(
        readReply(lines("The pond froze every winter.", "", line, "Margaret wrote something long ago.")).story,
      ).toBe("The pond froze every winter.");
    }
  });
});

describe("storyReading: what the card shows and offers", () => {
  const top = lines("Yes, the ice storm.", "", HEADER, "> q");
  it("offers 'Keep more' for a sure cut and 'Keep less' once the whole e-mail is kept", () => {
    expect(storyReading(top, null)).toEqual({
      story: "Yes, the ice storm.",
      rest: "",
      keepMore: true,
      keepLess: false,
    });
    expect(storyReading(top, "whole")).toEqual({ story: top, rest: "", keepMore: false, keepLess: true });
    expect(storyReading(top, "cut")).toEqual({
      story: "Yes, the ice storm.",
      rest: "",
      keepMore: true,
      keepLess: false,
    });
  });

  it("folds the rest under an unsure cut and offers both", () => {
    const unsure = lines(
      "Yes!",
      "",
      "Sent from my iPhone",
      "",
      "And then the whole village came out on the ice with lanterns, and we skated until the church bell rang midnight and nobody wanted to go home.",
    );
    const reading = storyReading(unsure, null);
    expect(reading).toMatchObject({ story: "Yes!", keepMore: true, keepLess: true });
    expect(reading.rest.startsWith("Sent from my iPhone")).toBe(true);
  });
});

describe("replyHtmlToText", () => {
  it("keeps client quotes as '>' lines and a bare blockquote as the writer's text", () => {
    expect(replyHtmlToText('<p>Mine</p><blockquote type="cite">Theirs</blockquote>')).toContain("> Theirs");
    expect(replyHtmlToText("<p>Mine</p><blockquote>A poem I love</blockquote>")).not.toContain(">");
    expect(
      replyHtmlToText('<p>Mine</p><blockquote><blockquote type="cite">Theirs</blockquote></blockquote>'),
    ).toContain("> Theirs");
  });

  it.each([
    [
      "Outlook divRplyFwdMsg",
      '<div dir="ltr">Nous patinions sur l\'étang.</div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>De :</b> Margaret &lt;m@example.com&gt;<br><b>Envoyé :</b> mardi 3 novembre 2026 09:14<br><b>À :</b> Rose<br><b>Objet :</b> Winter</font><div>&nbsp;</div></div><div>What is your favourite winter memory?</div>',
      "Nous patinions sur l'étang.",
    ],
    [
      "Yahoo yahoo_quoted",
      '<div class="ydp"><div>We skated every morning.</div></div><div class="yahoo_quoted"><div>On Tuesday, November 3, 2026, 09:14:00 AM GMT+1, Margaret &lt;m@example.com&gt; wrote:</div><div><br></div><div><div>What is your favourite winter memory?</div></div></div>',
      "We skated every morning.",
    ],
    [
      "Gmail gmail_quote",
      '<div dir="ltr">We skated every morning.</div><br><div class="gmail_quote"><div class="gmail_attr">On Tue, Nov 3, 2026 at 9:14 AM Margaret &lt;m@example.com&gt; wrote:<br></div><blockquote class="gmail_quote">What is your favourite winter memory?</blockquote></div>',
      "We skated every morning.",
    ],
    [
      "Apple Mail blockquote type=cite",
      '<div>We skated every morning.</div><div><br><blockquote type="cite"><div>On 3 Nov 2026, at 09:14, Margaret &lt;m@example.com&gt; wrote:</div><div>What is your favourite winter memory?</div></blockquote></div>',
      "We skated every morning.",
    ],
  ])("%s", (_client, html, story) => {
    expect(readReply(replyHtmlToText(html)).story).toBe(story);
  });
});
