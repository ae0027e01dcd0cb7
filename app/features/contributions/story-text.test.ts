import { describe, expect, it } from "vitest";

import { storyLengthLabel } from "./story-length";
import {
  familyStory,
  familyStoryText,
  ownerStoryText,
  withoutPrivateLinks,
  type StorySource,
  type StoryTextSource,
} from "./story-text";

const TOKEN = "Qm9vay1sZWFrLXRva2VuLWZvci1hLXRlc3QtMTIzNDU2";
const STORY = "Grandpa kept bees behind the chapel.\n\nEvery June we carried the honey down in jars.";
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
  forwarded: null,
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
    const text = "  See https://example.org/contribute/now and mail grandma+bees@example.org.\n";
    expect(withoutPrivateLinks(text)).toBe(text);
    expect(withoutPrivateLinks("https://storyhearth.app/contribute/pub123")).toBe(
      "https://storyhearth.app/contribute/pub123",
    );
  });
});

describe("withoutPrivateLinks on a hostile text", () => {
  it("reads a long run without spaces once: kept as it is, or dropped when it is our link", () => {
    const run = "a/".repeat(100_000);
    expect(withoutPrivateLinks(run)).toBe(run);
    expect(withoutPrivateLinks(`${run} https://storyhearth.app/unsubscribe/${TOKEN}`)).toBe(run);
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
        forwarded: null,
      }),
    ).toBe(STORY);
    expect(familyStoryText(email({ storyContent: "  " }))).toBe("");
  });
});

describe("familyStory, the one story view", () => {
  const source = (over: Partial<StorySource> = {}): StorySource => ({
    ...email(),
    title: null,
    contributorName: " Uncle Sal ",
    contributorEmail: "sal@example.com",
    ...over,
  });
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

  it("reads the reply as the owner sees it, titles it past the salutation, and names its teller", () => {
    const story = familyStory(
      source({ storyContent: `Dear Margaret,\n\n${STORY}\n\nLove, Uncle Sal\n\n> On Tue wrote:\n> Hi` }),
    );
    expect(story.text).toBe(`Dear Margaret,\n\n${STORY}\n\nLove, Uncle Sal`);
    expect(story.title).toBe("Grandpa kept bees behind the chapel");
    expect(story.titled).toBe(false);
    expect(story.contributor).toEqual({ name: "Uncle Sal", email: "sal@example.com" });
    expect(story.length).toEqual({ kind: "read", minutes: 1 });
  });

  it("the owner's title wins, and a heading that became the title is not printed again under it", () => {
    const headed = source({ submissionMethod: "web", storyContent: "The Bees\nGrandpa kept bees." });
    expect(familyStory(headed)).toMatchObject({
      title: "The Bees",
      body: "Grandpa kept bees.",
      text: "The Bees\nGrandpa kept bees.",
    });
    expect(familyStory({ ...headed, title: "  Honey in June " })).toMatchObject({
      title: "Honey in June",
      titled: true,
      body: "The Bees\nGrandpa kept bees.",
    });
  });

  it("a story told by voice alone is its recording: a listen time, its transcript, no placeholder text", () => {
    const silent = source({ storyContent: "" });
    const story = familyStory(silent, [], { durationSeconds: 7, transcript: null });
    expect(story).toMatchObject({
      voiceOnly: true,
      text: "",
      body: "",
      transcript: null,
      title: "In Uncle Sal's own voice",
      length: { kind: "listen", seconds: 7 },
    });
    expect(storyLengthLabel(story.length)).toBe("7 sec listen");
    expect(storyLengthLabel(familyStory(silent, [], { durationSeconds: 65, transcript: null }).length)).toBe(
      "1 min listen",
    );
    const told = familyStory(silent, [], { durationSeconds: 30, transcript: " We skated on the pond. " });
    expect(told).toMatchObject({ transcript: "We skated on the pond.", title: "We skated on the pond" });
    expect(familyStory(source(), [], { durationSeconds: 7, transcript: null })).toMatchObject({
      voiceOnly: false,
      length: { kind: "read", minutes: 1 },
    });
  });

  it("photos and the recording come in the order they arrived", () => {
    const photos = [
      { id: "p1", createdAt: at(0) },
      { id: "p2", createdAt: at(2000) },
    ];
    const story = familyStory(source(), photos, { id: "r", durationSeconds: 7, transcript: null, createdAt: at(1000) });
    expect(story.media.map((item) => (item.kind === "photo" ? item.photo.id : item.recording.id))).toEqual([
      "p1",
      "r",
      "p2",
    ]);
  });

  it("a story with nothing of its own to title is named after its teller", () => {
    expect(familyStory(source({ submissionMethod: "web", storyContent: "Hi all,\nLove, Sal" })).title).toBe(
      "A story from Uncle Sal",
    );
    expect(familyStory(source({ submissionMethod: "web", storyContent: "", contributorName: null })).title).toBe(
      "A family story",
    );
  });
});
