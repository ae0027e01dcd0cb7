import { describe, expect, it } from "vitest";
import { stripQuotedReply } from "~/features/contributions/quote-strip";
import { replyCorpus } from "../fixtures/replies";

/** The spec's rule (part 1 §5) read literally, as the yardstick for top-posted stories. */
function specRule(bodyPlain: string): string {
  const lines = bodyPlain.replace(/\r\n?/g, "\n").split("\n");
  const cut = lines.findIndex((l) => (l.includes("On ") && l.includes("wrote:")) || l.trim().startsWith(">") || l.includes("-----Original Message-----"));
  return (cut === -1 ? lines : lines.slice(0, cut)).join("\n").trim();
}

describe("reply corpus", () => {
  it("has at least 30 cases with unique names", () => {
    expect(replyCorpus.length).toBeGreaterThanOrEqual(30);
    expect(new Set(replyCorpus.map((c) => c.name)).size).toBe(replyCorpus.length);
  });

  it.each(replyCorpus.map((c) => [`${c.name} — ${c.client}`, c] as const))("%s", (_label, c) => {
    const story = stripQuotedReply(c.bodyPlain);
    expect(story).toBe(c.expectedStory);
    expect(story).not.toContain("\r");
    if (c.bodyPlain.trim() !== "") expect(story).not.toBe("");
  });

  // A story shown from the top of the message never runs past the spec's cut: extra rules only cut earlier.
  it.each(replyCorpus.map((c) => [c.name, c] as const))("%s keeps the spec's rule", (_name, c) => {
    const story = stripQuotedReply(c.bodyPlain);
    const spec = specRule(c.bodyPlain);
    const fromTheTop = c.bodyPlain.replace(/\r\n?/g, "\n").trim().startsWith(story);
    if (fromTheTop && spec !== "") expect(spec.startsWith(story)).toBe(true);
  });
});
