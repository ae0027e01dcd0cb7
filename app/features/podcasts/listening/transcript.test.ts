import { describe, expect, it } from "vitest";

import { audioDownloadName, slugify, transcriptDownloadName } from "./download-names";
import { estimateLineStarts, parseTranscript, timedTranscript, transcriptFromScript } from "./transcript";

const NAMES = { host1: "Grace", host2: "Henry" };

describe("transcripts", () => {
  it("reads speaker turns back; text without a speaker stays a paragraph", () => {
    expect(parseTranscript("Host 1: Hello there.\n\nHost 2: Hi!\nSecond line.\n\nJust a note")).toEqual([
      { speaker: "Host 1", text: "Hello there." },
      { speaker: "Host 2", text: "Hi!\nSecond line." },
      { speaker: null, text: "Just a note" },
    ]);
    expect(parseTranscript(null)).toEqual([]);
  });

  it('a relative\'s recording is marked, not read as a speaker named "[Recording — …, 1"', () => {
    const transcript = transcriptFromScript(
      [
        { speaker: "host1", text: "Let's hear it from Rose Smith." },
        {
          speaker: "host1",
          text: "The apples were sour.",
          chapter: "Rose Smith",
          clip: { recordingId: "r1", name: "Rose Smith", seconds: 101.6 },
        },
        { speaker: "host1", text: "", chapter: "Ivy", clip: { recordingId: "r2", name: "Ivy", seconds: 7.2 } },
      ],
      NAMES,
    );
    expect(transcript).toBe(
      "Grace: Let's hear it from Rose Smith.\n\n[Recording — Rose Smith, 1:42] The apples were sour.\n\n[Recording — Ivy, 0:07]",
    );
    expect(parseTranscript(transcript).map((t) => t.speaker)).toEqual(["Grace", null, null]);
  });

  it("is rebuilt from the script, or not at all without one", () => {
    expect(
      transcriptFromScript(
        [
          { speaker: "host1", text: "A" },
          { speaker: "host2", text: "B" },
        ],
        NAMES,
      ),
    ).toBe("Grace: A\n\nHenry: B");
    expect(transcriptFromScript([], NAMES)).toBeNull();
    expect(transcriptFromScript(null, NAMES)).toBeNull();
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

describe("estimated line times", () => {
  const lines = (...words: number[]) => words.map((n) => ({ text: Array.from({ length: n }, () => "word").join(" ") }));
  const chapters = [
    { title: "Ann", start: 0 },
    { title: "Bob", start: 30 },
  ];

  it("share each chapter's time by words (a line's pause counting as two)", () => {
    expect(
      estimateLineStarts(lines(8, 18, 3, 13), { duration: 100, chapters, lineChapters: ["Ann", "Ann", "Bob", "Bob"] }),
    ).toEqual([0, 10, 30, 47.5]);
  });

  it("a relative's recording counts by its length, not its few words", () => {
    expect(
      estimateLineStarts(lines(8, 3, 8), { duration: 100, chapters: [], lineSeconds: [undefined, 20, undefined] }),
    ).toEqual([0, 13.9, 86.1]);
  });

  it("lines without a chapter (the welcome, the goodbye) go with their neighbours", () => {
    expect(
      estimateLineStarts(lines(8, 8, 8, 8), {
        duration: 100,
        chapters,
        lineChapters: [undefined, "Ann", "Bob", undefined],
      }),
    ).toEqual([0, 15, 30, 65]);
  });

  it("without chapters, or when the script and the MP3 disagree, the whole episode is shared", () => {
    expect(estimateLineStarts(lines(8, 8), { duration: 60, chapters: [] })).toEqual([0, 30]);
    expect(estimateLineStarts(lines(8, 8), { duration: 60, chapters, lineChapters: ["Ann", "Zed"] })).toEqual([0, 30]);
    expect(estimateLineStarts(lines(8, 8), { duration: 60, chapters, lineChapters: ["Ann"] })).toEqual([0, 30]);
    expect(estimateLineStarts(lines(8), { duration: null, chapters })).toEqual([null]);
  });

  it("timedTranscript takes each line's chapter from the script", () => {
    const transcript = "Host 1: one two three\n\nHost 2: four five six";
    const script = [
      { text: "one two three", chapter: "Ann" },
      { text: "four five six", chapter: "Bob" },
    ];
    expect(timedTranscript(transcript, { duration: 90, chapters, script })).toEqual([
      { speaker: "Host 1", text: "one two three", start: 0 },
      { speaker: "Host 2", text: "four five six", start: 30 },
    ]);
  });
});
