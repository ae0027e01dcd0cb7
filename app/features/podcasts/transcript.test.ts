import { describe, expect, it } from "vitest";
import { audioDownloadName, slugify, transcriptDownloadName } from "./download-names";
import { parseTranscript, transcriptFromScript } from "./transcript";

describe("transcripts", () => {
  it("reads speaker turns back; text without a speaker stays a paragraph", () => {
    expect(parseTranscript("Host 1: Hello there.\n\nHost 2: Hi!\nSecond line.\n\nJust a note")).toEqual([
      { speaker: "Host 1", text: "Hello there." },
      { speaker: "Host 2", text: "Hi!\nSecond line." },
      { speaker: null, text: "Just a note" },
    ]);
    expect(parseTranscript(null)).toEqual([]);
  });

  it("is rebuilt from the script, or not at all without one", () => {
    expect(transcriptFromScript([{ speaker: "host1", text: "A" }, { speaker: "host2", text: "B" }])).toBe("Host 1: A\n\nHost 2: B");
    expect(transcriptFromScript([])).toBeNull();
    expect(transcriptFromScript(null)).toBeNull();
  });
});

describe("download names", () => {
  it("slug of the title, or the spec's defaults", () => {
    expect(slugify("Grandma’s Café — Summer 1962!")).toBe("grandmas-cafe-summer-1962");
    expect(audioDownloadName({ id: "abc", title: "Lake House" })).toBe("lake-house.mp3");
    expect(audioDownloadName({ id: "abc", title: "★★★" })).toBe("podcast-abc.mp3");
    expect(transcriptDownloadName("abc")).toBe("transcript-abc.pdf");
  });
});
