import EmailReplyParser from "email-reply-parser";
import planer from "planer";
import { describe, expect, it } from "vitest";

import { invitationEmail } from "~/features/contributions/emails";
import { stripQuotedReply } from "~/features/contributions/quote-strip";
import { readReply } from "~/features/contributions/reply-reader";

import { replyCorpus } from "../fixtures/replies";
import { languageReplies } from "../fixtures/reply-languages";
import { corpusText, keepsWords, loadReplyCorpus, scoreCorpus, scoreTable } from "../support/reply-corpus";

describe("reply corpus (our own cases)", () => {
  it("has at least 30 cases with unique names", () => {
    expect(replyCorpus.length).toBeGreaterThanOrEqual(30);
    expect(new Set(replyCorpus.map((c) => c.name)).size).toBe(replyCorpus.length);
  });

  it.each(replyCorpus.map((c) => [`${c.name} — ${c.client}`, c] as const))("%s", (_label, c) => {
    const story = stripQuotedReply(c.bodyPlain);
    expect(story).toBe(c.expectedStory);
    expect(story).not.toContain("\r");
    if (c.bodyPlain.trim() !== "") expect(story).not.toBe("");
  });
});

describe("real-world replies (tests/fixtures/email-replies)", () => {
  const corpus = loadReplyCorpus();
  const ours = scoreCorpus(corpus, stripQuotedReply);

  it("keeps exactly the relative's words: >= 113/119 unambiguous, every HTML-only one, every ambiguous one on a reading", () => {
    console.log(
      [
        `reply reader on ${corpus.length} real replies: unambiguous ${ours.unambiguous.pass}/${ours.unambiguous.total}, HTML-only ${ours.html.pass}/${ours.html.total}, ambiguous ${ours.ambiguous.pass}/${ours.ambiguous.total}`,
        scoreTable("language", ours.byLang),
        scoreTable("client", ours.byClient),
        `failures: ${ours.failures.join(", ") || "none"}`,
      ].join("\n\n"),
    );
    expect(ours.unambiguous.total).toBe(119);
    expect(ours.unambiguous.pass).toBeGreaterThanOrEqual(113);
    expect(ours.html).toEqual({ pass: 6, total: 6 });
    expect(ours.ambiguous.pass).toBe(ours.ambiguous.total);
  });

  it.each(corpus.map((c) => [c.id, c] as const))("%s: no reply read as empty, no words lost", (_id, c) => {
    const reading = readReply(corpusText(c));
    expect(reading.story.trim()).not.toBe("");
    // What the owner sees unfolded, or for an unsure cut with the rest of the e-mail below it.
    expect(keepsWords(c, reading.sure ? reading.story : corpusText(c))).toBe(true);
  });

  it("reads more cases right than email-reply-parser and planer on the same plain-text cases", () => {
    const plain = corpus.filter((c) => c.format === "plain");
    const score = (read: (text: string) => string) => {
      const s = scoreCorpus(plain, read);
      return s.unambiguous.pass;
    };
    const figures = {
      ours: score(stripQuotedReply),
      emailReplyParser: score((text) => new EmailReplyParser().read(text).getVisibleText()),
      planer: score((text) => planer.extractFromPlain(text)),
    };
    console.log(`plain-text unambiguous cases right (of ${plain.filter((c) => !c.ambiguous).length}):`, figures);
    expect(figures.ours).toBeGreaterThan(figures.emailReplyParser);
    expect(figures.ours).toBeGreaterThan(figures.planer);
  });
});

describe("replies in every supported language (our own cases)", () => {
  const invitation = invitationEmail({
    campaignTitle: "Winter at the farm",
    prompt: "What is your favourite winter memory?",
    ownerName: "Margaret",
    formUrl: "https://storyhearth.app/contribute/abc?t=tok",
    unsubscribeUrl: "https://storyhearth.app/unsubscribe/tok",
  }).text.trimEnd();
  const invite = invitation.split("\n");
  const quoted = invite.map((l) => (l === "" ? ">" : `> ${l}`));
  const block = (labels: readonly string[]) => [
    "________________________________",
    `${labels[0]}: Margaret via Storyhearth <stories@storyhearth.app>`,
    `${labels[1]}: 03.11.2026 09:14`,
    `${labels[2]}: Rose <rose@example.com>`,
    `${labels[3]}: Winter at the farm: Margaret would love your story`,
    "",
  ];
  const cases = languageReplies.flatMap((l) => [
    [`${l.lang}: header on one line, quoted invitation`, [...l.story, "", l.header, ...quoted], l] as const,
    [`${l.lang}: header wrapped, invitation unquoted below`, [...l.story, "", ...l.wrapped, "", ...invite], l] as const,
    [`${l.lang}: Outlook header block`, [...l.story, "", ...block(l.outlook), ...invite], l] as const,
    [`${l.lang}: phone footer above the quote`, [...l.story, "", l.footer, "", l.header, ...quoted], l] as const,
    [`${l.lang}: bottom-posted under the quote`, [l.header, ...quoted, "", ...l.story], l] as const,
  ]);

  it("covers at least 25 languages", () =>
    expect(new Set(languageReplies.map((l) => l.lang)).size).toBeGreaterThanOrEqual(25));

  it.each(cases)("%s", (_label, lines, l) => {
    const reading = readReply(lines.join("\n"));
    expect(reading.story).toBe(l.story.join("\n"));
    expect(reading.sure).toBe(true);
  });

  it("takes a block reproducing our invitation as history, whatever header precedes it", () => {
    const story = ["Grandad's sledge was faster than anyone's."];
    const unknownHeader = "Margaret via Storyhearth <stories@storyhearth.app> 03-11-2026 09:14 一 skrifade følgende:";
    expect(readReply([...story, "", unknownHeader, "", ...invite].join("\n")).story).toBe(story[0]);
    // Our text without any header at all (the client dropped it), quoted or not.
    expect(readReply([...story, "", ...invite].join("\n")).story).toBe(story[0]);
    expect(readReply([...story, "", ...quoted.slice(2)].join("\n")).story).toBe(story[0]);
  });

  it("keeps an inline answer written inside our quoted invitation, in order", () => {
    const reply = [
      "Here you are:",
      "",
      ...quoted.slice(0, 6),
      "",
      "The ice storm of 1978.",
      "",
      ...quoted.slice(6),
    ].join("\n");
    expect(readReply(reply).story).toBe("Here you are:\n\nThe ice storm of 1978.");
  });
});
