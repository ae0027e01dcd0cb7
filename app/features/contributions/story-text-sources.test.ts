// Every output prints a story through familyStoryText; this fails when a module reads the stored
// e-mail body (contributions.story_content) itself. The model layer selects it and is not scanned.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

// Modules that read the stored text for something other than printing it, each with its reason.
const ALLOWED: Record<string, string> = {
  "features/contributions/story-text.ts": "the one function",
  "features/contributions/story-cards.server.ts":
    "the owner's own stories page, with the e-mail under View Full Email",
  "features/contributions/schemas.ts": "the answer form's field",
  "features/contributions/recording-notices.server.ts":
    "whether words came with a recording (yes or no)",
  "features/contributions/recordings.server.ts":
    "whether a recording needs a transcript (yes or no)",
  "features/podcasts/components/wizard/upload-step.tsx":
    "the podcast wizard's own story field (input)",
  "features/podcasts/stories.server.ts":
    "the podcast wizard's own story field (input)",
  "features/podcasts/story-upload.server.ts":
    "the podcast wizard's own story field (input)",
  "routes/_public+/contribute.$publicId.tsx": "the answer form's field (input)",
};

// `x.storyContent` (not a form field's `fields.storyContent` or its errors) and `const { storyContent }`.
const READS = [
  /(?<!fields|error\?)\.storyContent\b/,
  /const\s*\{[^}]*\bstoryContent\b[^}]*\}\s*=/,
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [file]
      : [];
  });
}

describe("story text sources", () => {
  it("no module outside the model layer reads the stored e-mail except the allowed ones", () => {
    const readers = sources(root)
      .map((file) => path.relative(root, file).split(path.sep).join("/"))
      .filter((rel) => !rel.startsWith("models/"))
      .filter((rel) =>
        READS.some((pattern) =>
          pattern.test(fs.readFileSync(path.join(root, rel), "utf8"))
        )
      );
    expect(readers.filter((rel) => !(rel in ALLOWED))).toEqual([]);
    // An entry left here after its module stopped reading would hide the next one that starts.
    expect(
      Object.keys(ALLOWED).filter((rel) => !readers.includes(rel))
    ).toEqual([]);
  });

  it("the outputs print through familyStoryText", () => {
    for (const rel of [
      "features/book/build.server.ts",
      "features/book/listen.server.ts",
      "features/archive/archive-data.server.ts",
      "features/newsletters/newsletters.server.ts",
      "features/podcasts/generate.server.ts",
    ]) {
      expect(fs.readFileSync(path.join(root, rel), "utf8"), rel).toContain(
        "familyStoryText("
      );
    }
  });
});
