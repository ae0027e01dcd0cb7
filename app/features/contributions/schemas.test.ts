import { describe, expect, test } from "vitest";

import { storyMessages } from "./messages";
import {
  ContributionSchema,
  narratorDefaults,
  NarratorSettingsSchema,
  readNarratorSettings,
  toPodcastSettings,
} from "./schemas";

describe("ContributionSchema", () => {
  test("trims, and a blank (whitespace) field is refused with its message", () => {
    expect(
      ContributionSchema.parse({
        contributorName: " Ann ",
        contributorEmail: " ann@example.com ",
        storyContent: " Hi \n",
      }),
    ).toEqual({
      contributorName: "Ann",
      contributorEmail: "ann@example.com",
      storyContent: "Hi",
    });
    const result = ContributionSchema.safeParse({
      contributorName: "  ",
      contributorEmail: "\t",
      storyContent: undefined,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      contributorName: storyMessages.validation.nameRequired,
      contributorEmail: storyMessages.validation.emailRequired,
      storyContent: storyMessages.validation.storyRequired,
    });
    expect(
      ContributionSchema.safeParse({ contributorName: "A", contributorEmail: "nope", storyContent: "S" }).error
        ?.issues[0]?.message,
    ).toBe(storyMessages.validation.emailInvalid);
  });
});

describe("narrator settings", () => {
  test("speed stays within 0.7–1.3 and is stored to one decimal", () => {
    const base = { ...narratorDefaults };
    expect(NarratorSettingsSchema.parse({ ...base, primarySpeed: 0.7000000001 }).primarySpeed).toBe(0.7);
    expect(NarratorSettingsSchema.safeParse({ ...base, primarySpeed: 0.6 }).success).toBe(false);
    expect(NarratorSettingsSchema.safeParse({ ...base, primarySpeed: 1.31 }).success).toBe(false);
  });

  test("saved settings round-trip; missing or unknown values fall back to the defaults", () => {
    const chosen = {
      ...narratorDefaults,
      primaryVoice: "male-professional",
      primaryAccent: "australian",
      primarySpeed: 0.9,
      backgroundMusic: "none",
      processingQuality: "premium",
    } as const;
    expect(readNarratorSettings(toPodcastSettings(chosen))).toEqual(chosen);
    expect(readNarratorSettings(null)).toEqual(narratorDefaults);
    expect(readNarratorSettings("garbage")).toEqual(narratorDefaults);
    expect(readNarratorSettings({ voiceConfig: { primaryVoice: "robot", primarySpeed: 1.1 } })).toEqual({
      ...narratorDefaults,
      primarySpeed: 1.1,
    });
    expect(narratorDefaults).toEqual({
      hostCount: 1,
      primaryVoice: "female-warm",
      primaryAccent: "american",
      primarySpeed: 1,
      secondaryVoice: "male-warm",
      secondaryAccent: "american",
      secondarySpeed: 1,
      backgroundMusic: "warm",
      processingQuality: "standard",
    });
  });

  test("two voices keep the host's choice; one voice sends the host's fields as null, as the spec's client does", () => {
    const two = {
      ...narratorDefaults,
      hostCount: 2,
      secondaryVoice: "female-professional",
      secondaryAccent: "british",
      secondarySpeed: 1.2,
    } as const;
    expect(toPodcastSettings(two).voiceConfig).toMatchObject({
      hostCount: 2,
      secondaryVoice: "female-professional",
      secondaryAccent: "british",
      secondarySpeed: 1.2,
    });
    expect(readNarratorSettings(toPodcastSettings(two))).toEqual(two);
    expect(toPodcastSettings({ ...two, hostCount: 1 }).voiceConfig).toMatchObject({
      hostCount: 1,
      secondaryVoice: null,
      secondaryAccent: null,
      secondarySpeed: null,
    });
    expect(NarratorSettingsSchema.safeParse({ ...two, hostCount: 3 }).error?.issues[0]?.message).toBe(
      storyMessages.validation.invalidChoice,
    );
  });
});
