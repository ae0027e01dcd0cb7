import { describe, expect, it } from "vitest";

import { STORY_PREVIEW_CHARS, toPodcastDetail } from "./podcast-view";

const row = {
  id: "p1",
  title: "T",
  description: null,
  status: "complete",
  errorMessage: null,
  transcript: null,
  script: null,
  hostCount: 1,
  primaryVoice: "female-warm",
  primaryAccent: "american",
  primarySpeed: 1,
  secondaryVoice: null,
  secondaryAccent: null,
  secondarySpeed: null,
  backgroundMusic: "none",
  introOutro: "standard",
  processingQuality: "standard",
  duration: null,
  fileSize: null,
  audioKey: null,
  listens: 0,
  campaignId: null,
  createdAt: new Date(0),
  completedAt: null,
};

describe("the story preview", () => {
  it("is cut at a word boundary with an ellipsis, within 200 characters", () => {
    const content = "Grandpa rowed us across the lake at dawn while the mist rose. ".repeat(6);
    const preview = toPodcastDetail(row, { id: "s1", title: "T", source: "text", content }).story!.preview;
    expect(preview.length).toBeLessThanOrEqual(STORY_PREVIEW_CHARS);
    expect(preview.endsWith("…")).toBe(true);
    const kept = preview.slice(0, -1);
    expect(content.startsWith(kept)).toBe(true);
    expect(content[kept.length]).toMatch(/\s/);
  });
});
