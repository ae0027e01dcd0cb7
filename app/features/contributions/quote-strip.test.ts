import { describe, expect, it } from "vitest";

import { hasOwnWords, stripQuotedReply } from "./quote-strip";

const STORY = [
  "Grandpa used to tell us about the winter of 1962.",
  "",
  "The snow was so deep they dug a tunnel to the barn.",
].join("\n");
const lines = (...ls: string[]) => ls.join("\n");

describe("stripQuotedReply: the spec's rule", () => {
  it("cuts at a line containing 'On ' and 'wrote:'", () => {
    const reply = lines(
      STORY,
      "",
      "On Mon, Jan 6, 2025 at 10:14 AM Storyhearth <stories@storyhearth.app> wrote:",
      "What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("cuts at the first line beginning with '>'", () => {
    const reply = lines(STORY, "> What is your favourite winter memory?", "> Reply with your story.");
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("cuts at '-----Original Message-----'", () => {
    const reply = lines(STORY, "", "-----Original Message-----", "From: Storyhearth", "Subject: Your story");
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("trims what remains", () => {
    expect(stripQuotedReply("\n\n   Hello there.  \n\n> quoted")).toBe("Hello there.");
  });

  it("returns the trimmed text unchanged when nothing is quoted, keeping inner blank lines", () => {
    expect(stripQuotedReply(`  ${STORY}\n\n`)).toBe(STORY);
  });
});

describe("stripQuotedReply: Gmail", () => {
  it("strips the header and quoted body", () => {
    const reply = lines(
      STORY,
      "",
      "On Mon, Jan 6, 2025 at 10:14 AM Storyhearth <stories@storyhearth.app> wrote:",
      "",
      "> What is your favourite winter memory?",
      ">",
      "> Reply to this e-mail with your story.",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips a header wrapped onto two lines", () => {
    const reply = lines(
      STORY,
      "",
      "On Mon, Jan 6, 2025 at 10:14 AM Storyhearth Family Stories <",
      "stories@storyhearth.app> wrote:",
      "",
      "> What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("handles \\r\\n line endings", () => {
    const reply = lines(
      STORY,
      "",
      "On Mon, Jan 6, 2025 at 10:14 AM Storyhearth <",
      "stories@storyhearth.app> wrote:",
      "> Question?",
    ).replace(/\n/g, "\r\n");
    const out = stripQuotedReply(reply);
    expect(out).toBe(STORY);
    expect(out).not.toContain("\r");
  });
});

describe("stripQuotedReply: Outlook", () => {
  it("strips the separator line and From/Sent header block", () => {
    const reply = lines(
      STORY,
      "",
      "________________________________",
      "From: Storyhearth <stories@storyhearth.app>",
      "Sent: Monday, January 6, 2025 10:14 AM",
      "To: Rose Smith <rose@example.com>",
      "Subject: What is your favourite winter memory?",
      "",
      "What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips a From/Date block without a separator (Outlook on the web, flattened rich text)", () => {
    const reply = lines(
      STORY,
      "",
      "*From:* Storyhearth <stories@storyhearth.app>",
      "*Date:* Monday, January 6, 2025 at 10:14 AM",
      "*To:* Rose Smith <rose@example.com>",
      "",
      "What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips a From header when Sent comes after To", () => {
    const reply = lines(
      STORY,
      "",
      "From: Storyhearth",
      "To: Rose",
      "Sent: Monday, January 6, 2025 10:14 AM",
      "Old question",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips the '-----Original Message-----' block of older Outlook", () => {
    const reply = lines(
      STORY,
      "",
      "-----Original Message-----",
      "From: Storyhearth [mailto:stories@storyhearth.app]",
      "Sent: Monday, January 6, 2025 10:14 AM",
      "Question",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips 'Get Outlook for iOS' and 'Get Outlook for Android'", () => {
    expect(
      stripQuotedReply(
        lines(STORY, "", "Get Outlook for iOS<https://aka.ms/o0ukef>", "________________________________", "From: x"),
      ),
    ).toBe(STORY);
    expect(
      stripQuotedReply(lines(STORY, "", "Get Outlook for Android", "", "From: Storyhearth", "Sent: today 10:14")),
    ).toBe(STORY);
  });
});

describe("stripQuotedReply: Apple Mail", () => {
  it("strips 'Sent from my iPhone' and the quoted header after it", () => {
    const reply = lines(
      STORY,
      "",
      "Sent from my iPhone",
      "",
      "> On Jan 6, 2025, at 10:14 AM, Storyhearth <stories@storyhearth.app> wrote:",
      ">",
      "> What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips the desktop header with its quoted body", () => {
    const reply = lines(
      STORY,
      "",
      "On Jan 6, 2025, at 10:14 AM, Storyhearth <stories@storyhearth.app> wrote:",
      "",
      "> What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });
});

describe("stripQuotedReply: Yahoo", () => {
  it("strips the unquoted body under an indented header", () => {
    const reply = lines(
      STORY,
      "",
      "Sent from Yahoo Mail on Android",
      "",
      "  On Monday, January 6, 2025, 10:14 AM, Storyhearth <stories@storyhearth.app> wrote:",
      "",
      "  What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips a header wrapped after the date ('On ... ,' then '... wrote:')", () => {
    const reply = lines(
      STORY,
      "",
      "On Monday, January 6, 2025, 10:14:05 AM EST,",
      "Storyhearth <stories@storyhearth.app> wrote:",
      "",
      "What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips 'Sent from Yahoo Mail'", () => {
    expect(stripQuotedReply(lines(STORY, "Sent from Yahoo Mail", "", "Old question"))).toBe(STORY);
  });
});

describe("stripQuotedReply: localized headers", () => {
  it.each([
    ["German", "Am Mo., 6. Jan. 2025 um 10:14 Uhr schrieb Storyhearth <stories@storyhearth.app>:"],
    ["German (Apple)", "Am 06.01.2025 um 10:14 schrieb Storyhearth <stories@storyhearth.app>:"],
    ["French", "Le lun. 6 janv. 2025 à 10:14, Storyhearth <stories@storyhearth.app> a écrit :"],
    [
      "French (no-break space)",
      "Le lun. 6 janv. 2025 à 10:14, Storyhearth <stories@storyhearth.app> a\u00a0écrit\u00a0:",
    ],
    ["Spanish", "El lun, 6 ene 2025 a las 10:14, Storyhearth (<stories@storyhearth.app>) escribió:"],
    ["Dutch", "Op ma 6 jan. 2025 om 10:14 schreef Storyhearth <stories@storyhearth.app>:"],
    ["Italian", "Il giorno lun 6 gen 2025 alle ore 10:14 Storyhearth <stories@storyhearth.app> ha scritto:"],
    ["Portuguese", "Em seg., 6 de jan. de 2025 às 10:14, Storyhearth <stories@storyhearth.app> escreveu:"],
  ])("strips a %s header and the unquoted text below it", (_lang, header) => {
    const reply = lines(STORY, "", header, "", "Original question text");
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("strips a localized header wrapped onto two lines", () => {
    const reply = lines(
      STORY,
      "",
      "Am Mo., 6. Jan. 2025 um 10:14 Uhr schrieb Storyhearth <",
      "stories@storyhearth.app>:",
      "Frage",
    );
    expect(stripQuotedReply(reply)).toBe(STORY);
  });
});

describe("stripQuotedReply: signatures", () => {
  it("cuts at a line that is exactly '-- '", () => {
    expect(stripQuotedReply(lines(STORY, "-- ", "Rose Smith", "555-0100"))).toBe(STORY);
  });

  it("cuts at a line that is exactly '--'", () => {
    expect(stripQuotedReply(lines(STORY, "", "--", "Rose"))).toBe(STORY);
  });

  it("cuts at '-- ' with \\r\\n line endings", () => {
    expect(stripQuotedReply(`${STORY}\r\n-- \r\nRose Smith\r\n`)).toBe(STORY);
  });

  it.each([
    "Sent from my iPhone",
    "Sent from my iPad",
    "Sent from my Android",
    "Sent from my Android device",
    "Sent from my Samsung Galaxy smartphone.",
    "Sent from Outlook for iOS",
  ])("cuts at the mobile signature '%s'", (sig) => {
    expect(stripQuotedReply(lines(STORY, "", sig))).toBe(STORY);
  });
});

describe("stripQuotedReply: keeps story text that only looks similar", () => {
  it.each([
    ["a dash inside a sentence", "The year was 1943 -- a hard one."],
    ["a longer dash line", "---"],
    ["a dash line with text", "-- Rose"],
    ["a German story line without a date", "Am Sonntag schrieb Oma:"],
    ["a French story line without a date", "Le jour de Noël, grand-mère a écrit :"],
    ["'Sent from my' in a sentence", "Sent from my grandmother's kitchen window, the letters reached him in 1944."],
    ["'From:' without a Sent/Date line", "From: the old country, with love"],
    ["a short underscore line", "____"],
    ["a German letter line with a time but no address", "Opa schrieb am 24.12.1944, 18:30:"],
    ["'Sent from my phone' starting a sentence", "Sent from my phone booth on the corner, Grandpa called us."],
    ["a localized 'sent from' sentence", "Inviato da Napoli, il pacco arrivò nel 1950."],
    ["'Name wrote:' without an address", "Rose wrote:"],
  ])("keeps %s", (_name, line) => {
    const text = lines("First line.", line, "Last line.");
    expect(stripQuotedReply(text)).toBe(text);
  });

  it("keeps two lines that join into an 'On ... wrote:' shape without a time or address", () => {
    const text = lines("On the farm in 1952 we kept cows.", "Grandpa wrote:", "Dear Mary, the harvest is in.");
    expect(stripQuotedReply(text)).toBe(text);
  });
});

describe("stripQuotedReply: nothing above the first quote marker", () => {
  const quote = ["> What is your favourite winter memory?", ">", "> Reply with your story."];

  it("keeps a bottom-posted answer below the header and quote, without its signature", () => {
    const reply = lines("On 06/01/2025 10:14, Storyhearth wrote:", ...quote, "", STORY, "", "-- ", "Rose");
    expect(stripQuotedReply(reply)).toBe(STORY);
  });

  it("joins inline answers between quoted lines with a blank line", () => {
    const reply = lines("> Question one?", "Answer one.", "> Question two?", "", "Answer two.");
    expect(stripQuotedReply(reply)).toBe("Answer one.\n\nAnswer two.");
  });

  it("keeps a first line that only reads like a header (no time, no address, no quote under it)", () => {
    const reply = lines(
      "On Sunday, Grandpa wrote: Dear Mary.",
      "That was 1952.",
      "",
      "On Mon, Jan 6, 2025 at 10:14 AM Storyhearth <stories@storyhearth.app> wrote:",
      ...quote,
    );
    expect(stripQuotedReply(reply)).toBe("On Sunday, Grandpa wrote: Dear Mary.\nThat was 1952.");
  });

  it("does not look below an unquoted original (Yahoo, Outlook): the trimmed original is shown", () => {
    const reply = lines(
      "________________________________",
      "From: Storyhearth",
      "Sent: Monday, January 6, 2025 10:14 AM",
      "",
      "What is your favourite winter memory?",
    );
    expect(stripQuotedReply(reply)).toBe(reply);
  });

  it("shows the whole reply when only a phone footer stands above the quote (no words of theirs to pick)", () => {
    const reply = lines("Sent from my iPhone", "", ...quote);
    expect(stripQuotedReply(reply)).toBe(reply);
  });
});

describe("stripQuotedReply: never loses the story", () => {
  it("returns the trimmed original when everything is quoted", () => {
    const reply = "\n> My whole story was typed inside the quote.\n> Second line.\n";
    expect(stripQuotedReply(reply)).toBe("> My whole story was typed inside the quote.\n> Second line.");
  });

  it("returns the trimmed original when the text starts with a header", () => {
    const reply = lines("On Mon, Jan 6, 2025 at 10:14 AM Rose <rose@example.com> wrote:", "It was a cold winter.");
    expect(stripQuotedReply(reply)).toBe(reply);
  });

  it("returns the signature alone rather than nothing", () => {
    expect(stripQuotedReply("  Sent from my iPhone \r\n")).toBe("Sent from my iPhone");
  });

  it("returns an empty string for empty input", () => {
    expect(stripQuotedReply("")).toBe("");
    expect(stripQuotedReply(" \n \r\n")).toBe("");
  });
});

describe("hasOwnWords (a reply with nothing usable)", () => {
  it.each([
    [
      "only the quoted invitation",
      "On Tue, Nov 3, 2026 at 9:14 AM Margaret <m@example.com> wrote:\n> What is your favourite trip?",
    ],
    ["only an app signature", "Sent from my iPhone"],
    ["a signature above the quote", "Sent from my iPhone\n\n> What is your favourite trip?"],
    ["punctuation only", ".\n\n> quoted"],
    ["nothing", "  \n "],
  ])("%s has none", (_label, body) => expect(hasOwnWords(body)).toBe(false));

  it.each([
    ["a top-posted answer", "Yes!\n\n> quoted"],
    ["an answer below the quote", "> What is your favourite trip?\n\nTahoe, 1962."],
    ["a number", "1962"],
  ])("%s has some", (_label, body) => expect(hasOwnWords(body)).toBe(true));
});
