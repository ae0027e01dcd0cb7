import { describe, expect, it } from "vitest";

import {
  ApiCreateCampaignSchema,
  cleanQuestions,
  consentTime,
  isRespondentEmail,
  normalizeQuestions,
  PublicSubmissionSchema,
} from "./schemas";

describe("campaign questions", () => {
  it("reads older plain-string questions as objects", () => {
    expect(
      normalizeQuestions([
        "Why?",
        { question: "How?", helperText: "  " },
        { question: "What?", helperText: "Hint" },
        42,
        null,
      ]),
    ).toEqual([
      { question: "Why?", helperText: null },
      { question: "How?", helperText: null },
      { question: "What?", helperText: "Hint" },
    ]);
    expect(normalizeQuestions("nope")).toEqual([]);
  });

  it("drops blank questions and needs at least one, at most five", () => {
    expect(
      cleanQuestions([{ question: " A " }, { question: "  ", helperText: "x" }, { question: "B", helperText: " h " }]),
    ).toEqual([
      { question: "A", helperText: null },
      { question: "B", helperText: "h" },
    ]);
    expect(ApiCreateCampaignSchema.safeParse({ title: "T", questions: [" ", ""] }).success).toBe(false);
    expect(ApiCreateCampaignSchema.safeParse({ title: "T", questions: ["1", "2", "3", "4", "5", "6"] }).success).toBe(
      false,
    );
    expect(ApiCreateCampaignSchema.parse({ title: " T ", questions: ["", "Q"] })).toMatchObject({
      title: "T",
      questions: [{ question: "Q" }],
      isActive: true,
      allowTextResponses: true,
    });
  });
});

describe("respondents", () => {
  it("uses the basic e-mail rule: non-space text, an @, a dot", () => {
    expect(isRespondentEmail("a@b.co")).toBe(true);
    expect(isRespondentEmail(" a@b.co ")).toBe(true);
    for (const bad of ["a@b", "a b@c.d", "@b.c", "a@.", "ab.c", ""]) expect(isRespondentEmail(bad)).toBe(false);
  });

  it("needs consent and reads responses given as JSON text", () => {
    const base = {
      respondentName: "R",
      respondentEmail: "r@example.com",
      responses: JSON.stringify([{ questionIndex: 0, response: "Yes" }]),
    };
    expect(PublicSubmissionSchema.safeParse(base).success).toBe(false);
    expect(PublicSubmissionSchema.safeParse({ ...base, consentGiven: "false" }).success).toBe(false);
    expect(PublicSubmissionSchema.parse({ ...base, consentGiven: "true" }).responses).toEqual([
      { questionIndex: 0, response: "Yes" },
    ]);
    expect(PublicSubmissionSchema.safeParse({ ...base, consentGiven: "true", responses: "{not json" }).success).toBe(
      false,
    );
  });

  it("keeps a believable client consent time, else uses now", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    expect(consentTime("2026-05-01T11:59:00Z", now).toISOString()).toBe("2026-05-01T11:59:00.000Z");
    expect(consentTime("2026-05-03T00:00:00Z", now)).toEqual(now);
    expect(consentTime("2020-01-01T00:00:00Z", now)).toEqual(now);
    expect(consentTime("garbage", now)).toEqual(now);
    expect(consentTime(undefined, now)).toEqual(now);
  });
});
