import { describe, expect, it } from "vitest";

import { voicesSentence } from "./voice-words";

describe("the voices a page promises", () => {
  it("are the built-in ones, named, on a fresh installation", () => {
    expect(voicesSentence({ names: ["Grace", "Claire", "Henry", "James"], natural: false })).toBe(
      "Read aloud by built-in computer voices (Grace, Claire, Henry, and James), with your relatives' own recordings in their own voices",
    );
  });

  it("are natural only when natural voices are there", () => {
    expect(voicesSentence({ names: ["Grace"], natural: true })).toBe(
      "Read aloud by natural-sounding voices (Grace), with your relatives' own recordings in their own voices",
    );
    expect(voicesSentence({ names: [], natural: false })).not.toMatch(/professional|AI|natural/i);
  });
});
