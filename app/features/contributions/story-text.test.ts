import { describe, expect, it } from "vitest";
import {
  familyStoryText,
  ownerStoryText,
  withoutPrivateLinks,
  type StoryTextSource,
} from "./story-text";

const TOKEN = "Qm9vay1sZWFrLXRva2VuLWZvci1hLXRlc3QtMTIzNDU2";
const STORY =
  "Grandpa kept bees behind the chapel.\n\nEvery June we carried the honey down in jars.";
const QUOTED_REPLY = [
  STORY,
  "",
  "Sent from my iPhone",
  "",
  "On Tue, Nov 3, 2026 at 9:14 AM Margaret Whitfield via Storyhearth <hello@storyhearth.app> wrote:",
  "> Hi,",
  ">",
  "> Margaret Whitfield is gathering family stories and would love to hear yours.",
  `> Share your story: https://storyhearth.app/contribute/pub123?t=${TOKEN}`,
  `> Or reply to reply+${TOKEN}@reply.storyhearth.app`,
  `> Unsubscribe: https://storyhearth.app/unsubscribe/${TOKEN}`,
].join("\n");

const email = (over: Partial<StoryTextSource> = {}): StoryTextSource => ({
  storyContent: QUOTED_REPLY,
  originalStoryContent: null,
  submissionMethod: "email",
  replyReading: null,
  ...over,
});

describe("withoutPrivateLinks", () => {
  it("removes answer-form links with t= or token=, unsubscribe and recording-removal links and reply addresses", () => {
    const text = [
      `Form: https://storyhearth.app/contribute/pub123?t=${TOKEN} and <http://localhost:3000/contribute/pub123?campaign=x&token=${TOKEN}>`,
      `Stop: https://storyhearth.app/unsubscribe/${TOKEN}.`,
      "Remove: https://storyhearth.app/recording-removal/rec1.abcdefabcdefabcdefabcdefabcdefab",
      `Write to reply+${TOKEN}@reply.storyhearth.app <mailto:reply+${TOKEN}@reply.storyhearth.app>`,
    ].join("\n");
    const out = withoutPrivateLinks(text);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toMatch(/contribute|unsubscribe|recording-removal|reply\+/);
    expect(out).toBe(["Form:  and", "Stop:", "Remove:", "Write to"].join("\n"));
  });

  it("leaves a story without our links exactly as it is, other links included", () => {
    const text =
      "  See https://example.org/contribute/now and mail grandma+bees@example.org.\n";
    expect(withoutPrivateLinks(text)).toBe(text);
    // The collection's public link carries no token and acts as nobody.
    expect(
      withoutPrivateLinks("https://storyhearth.app/contribute/pub123")
    ).toBe("https://storyhearth.app/contribute/pub123");
  });
});

describe("withoutPrivateLinks on a hostile text", () => {
  it("reads a long run without spaces once: kept as it is, or dropped when it is our link", () => {
    const run = "a/".repeat(100_000);
    expect(withoutPrivateLinks(run)).toBe(run);
    expect(
      withoutPrivateLinks(`${run} https://storyhearth.app/unsubscribe/${TOKEN}`)
    ).toBe(run);
  });
});

describe("familyStoryText", () => {
  it("is the relative's words of an unedited e-mail reply, as the stories page shows them", () => {
    expect(familyStoryText(email())).toBe(STORY);
    expect(ownerStoryText(email())).toBe(STORY);
  });

  it("keeps the whole e-mail when the owner chose it, without the private links", () => {
    const whole = familyStoryText(email({ replyReading: "whole" }));
    expect(ownerStoryText(email({ replyReading: "whole" }))).toContain(TOKEN);
    expect(whole).toContain("Sent from my iPhone");
    expect(whole).toContain("Margaret Whitfield is gathering family stories");
    expect(whole).not.toContain(TOKEN);
  });

  it("is the owner's edit once edited, links removed", () => {
    const edited = email({
      storyContent: `${STORY}\nhttps://storyhearth.app/contribute/pub123?t=${TOKEN}`,
      originalStoryContent: QUOTED_REPLY,
    });
    expect(familyStoryText(edited)).toBe(STORY);
  });

  it("is a typed story as written, and empty for a recording alone", () => {
    expect(
      familyStoryText({
        storyContent: `  ${STORY}\n`,
        originalStoryContent: null,
        submissionMethod: "web",
        replyReading: null,
      })
    ).toBe(STORY);
    expect(familyStoryText(email({ storyContent: "  " }))).toBe("");
  });
});
