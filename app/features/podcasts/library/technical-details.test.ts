import { describe, expect, it } from "vitest";

import { formatMegabytes, technicalDetails, type TechnicalSource } from "./technical-details";

const stored: TechnicalSource = {
  statusLabel: "Complete",
  hostCount: 2,
  hostLabel: "Two voices",
  primaryVoice: "female-warm",
  primaryAccent: "british",
  primarySpeed: 1.2,
  secondaryVoice: "male-professional",
  secondaryAccent: null,
  secondarySpeed: null,
  backgroundMusic: "gentle-piano",
  introOutro: "custom",
  processingQuality: "premium",
  duration: 125,
  fileSize: 2_621_440,
  audioUrl: "/api/podcasts/x/audio",
  scriptSummary: "6 speaker segments",
  createdAt: new Date("2025-03-04T15:07:00Z"),
  completedAt: "2025-03-04T15:09:00.000Z",
};

describe("technicalDetails", () => {
  it("says every stored value in words", () => {
    expect(Object.fromEntries(technicalDetails(stored, 1234))).toEqual({
      Status: "Complete",
      Voices: "Two voices",
      "Primary voice": "Female, warm (British, 1.2x)",
      "Secondary voice": "Male, professional (American, 1.0x)",
      "Background music": "Gentle piano",
      "Intro/outro": "Custom",
      "Sound quality": "High (clearer sound, larger file)",
      Duration: "2:05",
      "File size": "2.50 MB",
      Format: "MP3 (audio/mpeg)",
      Listens: "1,234",
      Script: "6 speaker segments",
      Created: "Mar 4, 2025 at 3:07 PM",
      Completed: "Mar 4, 2025 at 3:09 PM",
    });
  });

  it("names the family-collection music and leaves out what a podcast in progress does not have", () => {
    const rows = Object.fromEntries(
      technicalDetails(
        {
          ...stored,
          hostCount: 1,
          backgroundMusic: "uplifting",
          introOutro: "family",
          duration: null,
          fileSize: null,
          audioUrl: null,
          completedAt: null,
        },
        0,
      ),
    );
    expect(rows["Background music"]).toBe("Uplifting");
    expect(rows["Intro/outro"]).toBe("Family");
    for (const gone of ["Secondary voice", "Duration", "File size", "Format", "Completed"])
      expect(rows).not.toHaveProperty(gone);
  });

  it("shows sizes in megabytes", () => {
    expect(formatMegabytes(34_000)).toBe("0.03 MB");
    expect(formatMegabytes(15 * 1_048_576)).toBe("15.0 MB");
  });
});
