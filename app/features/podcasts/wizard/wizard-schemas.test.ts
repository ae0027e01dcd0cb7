import { describe, expect, test } from "vitest";

import { defaultVoiceConfig, readVoiceParams, voiceConfigOf, voiceParams, wizardUrls } from "./wizard-schemas";

describe("the wizard's draft in the URL", () => {
  test("hosts round-trip through URL parameters; one host carries no second host", () => {
    const two = readVoiceParams(
      new URLSearchParams(
        "hostCount=2&primaryVoice=male-warm&primaryAccent=indian&primarySpeed=0.7&secondarySpeed=1.4",
      ),
    );
    expect(two).toEqual({
      hostCount: 2,
      primaryVoice: "male-warm",
      primaryAccent: "indian",
      primarySpeed: 0.7,
      secondaryVoice: "male-warm",
      secondaryAccent: "american",
      secondarySpeed: 1.4,
    });
    expect(readVoiceParams(voiceParams(two))).toEqual(two);
    const one = readVoiceParams(new URLSearchParams("hostCount=1&secondaryVoice=female-warm"));
    expect(one.secondaryVoice).toBeNull();
    expect([...voiceParams(one).keys()]).toEqual(["hostCount", "primaryVoice", "primaryAccent", "primarySpeed"]);
  });

  test("anything unreadable gives the spec's defaults", () => {
    expect(defaultVoiceConfig()).toMatchObject({
      hostCount: 1,
      primaryVoice: "female-warm",
      primaryAccent: "american",
      primarySpeed: 1,
    });
    for (const bad of ["hostCount=3", "primarySpeed=1.55", "primaryVoice=robot", "primaryAccent=martian"]) {
      expect(readVoiceParams(new URLSearchParams(bad))).toEqual(defaultVoiceConfig());
    }
  });

  test("a podcast's columns give its hosts back; step URLs carry the draft", () => {
    const config = voiceConfigOf({
      hostCount: 2,
      primaryVoice: "female-professional",
      primaryAccent: "british",
      primarySpeed: 1.2,
      secondaryVoice: "male-professional",
      secondaryAccent: "australian",
      secondarySpeed: 0.9,
    });
    expect(config).toMatchObject({ hostCount: 2, secondaryAccent: "australian" });
    expect(wizardUrls.review("s1", config)).toBe(
      "/create-podcast?story=s1&step=review&hostCount=2&primaryVoice=female-professional&primaryAccent=british&primarySpeed=1.2&secondaryVoice=male-professional&secondaryAccent=australian&secondarySpeed=0.9",
    );
    expect(wizardUrls.podcast("p 1")).toBe("/create-podcast?podcast=p+1");
    expect(wizardUrls.progress("p1")).toBe("/create-podcast?podcast=p1&step=generate");
  });
});
