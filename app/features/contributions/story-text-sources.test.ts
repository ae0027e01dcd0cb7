// Every output shows a story through familyStory; this fails when a module reads the stored e-mail body itself.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

const ALLOWED: Record<string, string> = {
  "features/contributions/story-text.ts": "the one function",
  "features/contributions/story-cards.server.ts": "the owner's own stories page, with the e-mail under View Full Email",
  "features/contributions/schemas.ts": "the answer form's field",
  "features/contributions/recording-notices.server.ts": "whether words came with a recording (yes or no)",
  "features/contributions/recordings.server.ts": "whether a recording needs a transcript (yes or no)",
  "features/podcasts/wizard/components/upload-step.tsx": "the podcast wizard's own story field (input)",
  "features/podcasts/stories.server.ts": "the podcast wizard's own story field (input)",
  "features/podcasts/wizard/story-upload.server.ts": "the podcast wizard's own story field (input)",
  "routes/_public+/contribute.$publicId.tsx": "the answer form's field (input)",
};

const READS = [/(?<!fields|error\?)\.storyContent\b/, /const\s*\{[^}]*\bstoryContent\b[^}]*\}\s*=/];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("story text sources", () => {
  it("no module outside the model layer reads the stored e-mail except the allowed ones", () => {
    const readers = sources(root)
      .map((file) => path.relative(root, file).split(path.sep).join("/"))
      .filter((rel) => !rel.startsWith("models/"))
      .filter((rel) => READS.some((pattern) => pattern.test(fs.readFileSync(path.join(root, rel), "utf8"))));
    expect(readers.filter((rel) => !(rel in ALLOWED))).toEqual([]);
    // An entry left here after its module stopped reading would hide the next one that starts.
    expect(Object.keys(ALLOWED).filter((rel) => !readers.includes(rel))).toEqual([]);
  });

  const OUTPUTS: Record<string, boolean> = {
    "features/contributions/story-cards.server.ts": true, // the stories page
    "features/podcasts/generation/generate.server.ts": true, // the podcast script
    "features/newsletters/newsletters.server.ts": true, // the newsletter page, PDF and JSON
    "features/newsletters/delivery.server.ts": false, // its e-mail
    "features/newsletters/emails.ts": false,
    "features/newsletters/pdf.server.ts": false,
    "routes/_public+/newsletter.$newsletterId.tsx": false,
    "routes/api+/newsletter.$newsletterId.ts": false,
    "features/book/build.server.ts": true,
    "features/book/listen.server.ts": true, // the listening page of a book's QR code
    "routes/_public+/b.$token.tsx": false,
    "features/archive/archive-data.server.ts": true, // the archive's site and data.json
    "features/archive/site.ts": false,
    "features/podcasts/listening/feeds.server.ts": false, // the feed tells episodes, made by the podcast script
    "features/contributions/api.server.ts": true, // the owner's API
    "routes/api+/campaigns+/$campaignId.contributions.ts": false,
  };
  const INPUT_FIELDS: Record<string, string> = {
    "features/external-api/podcasts.server.ts": "the external API's text for a new podcast (input)",
  };
  const RAW =
    /\b(?:storyContent|originalStoryContent|replyReading|story_content|original_story_content|recordedAnswer)\b/;

  it("every output shows the story through familyStory and names no raw story column", () => {
    const read = (rel: string) => fs.readFileSync(path.join(root, rel), "utf8");
    const outputs = [
      ...Object.keys(OUTPUTS),
      ...sources(path.join(root, "features/external-api")).map((f) => path.relative(root, f).split(path.sep).join("/")),
    ];
    const calling = (rel: string) => /\bfamilyStory(?:Text)?\(/.test(read(rel));
    expect(
      Object.entries(OUTPUTS)
        .filter(([rel, calls]) => calls && !calling(rel))
        .map(([rel]) => rel),
    ).toEqual([]);
    expect(outputs.filter((rel) => !(rel in ALLOWED) && !(rel in INPUT_FIELDS) && RAW.test(read(rel)))).toEqual([]);
  });

  it("the check sees a module that reads the stored e-mail", () => {
    expect(RAW.test("const text = c.storyContent.trim();")).toBe(true);
    expect(RAW.test("select({ body: sql`story_content` })")).toBe(true);
    expect(RAW.test("const text = familyStory(c).text;")).toBe(false);
  });
});
