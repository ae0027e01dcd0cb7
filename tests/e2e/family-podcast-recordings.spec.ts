// A family episode with a relative's own recording (decision 0139), JavaScript on and off: the
// podcast page's transcript marks it as their recording, and the script page shows it as a line no
// one edits. (That the clip is heard in the episode is tested on the audio, in Vitest.)
import { podcastTranscript } from "~/features/podcasts/script/host-names.server";
import type { ScriptSegment } from "~/features/podcasts/script/script";

import { axeViolations } from "../utils/axe-scan";
import { createCompletePodcast } from "../utils/listening-helpers";
import { expect, signInAs, test, visit } from "./fixtures";

const PHONE = { width: 390, height: 844 };

const SCRIPT: ScriptSegment[] = [
  {
    speaker: "host1",
    text: "Welcome to “The Orchard”, a family podcast made from the stories of Uncle Bo and Rose Smith.",
  },
  { speaker: "host1", text: "We asked Uncle Bo: “What do you remember?”", chapter: "Uncle Bo" },
  { speaker: "host1", text: "Uncle Bo wrote: “We built a ladder.”", chapter: "Uncle Bo" },
  {
    speaker: "host1",
    text: "Thank you, Uncle Bo. We asked Rose Smith: “What do you remember?”",
    chapter: "Rose Smith",
  },
  { speaker: "host1", text: "Let's hear it from Rose Smith.", chapter: "Rose Smith" },
  {
    speaker: "host1",
    text: "The apples were small and sour.",
    chapter: "Rose Smith",
    clip: { recordingId: "rec-1", name: "Rose Smith", seconds: 102 },
  },
  { speaker: "host1", text: "And last, Ivy. In their own voice.", chapter: "Ivy" },
  // Nobody typed or transcribed Ivy's words: her line is the recording's mark alone (decision 0211).
  { speaker: "host1", text: "", chapter: "Ivy", clip: { recordingId: "rec-2", name: "Ivy", seconds: 7 } },
  { speaker: "host1", text: "Thank you to Uncle Bo, Rose Smith and Ivy." },
];

test("the transcript marks a relative's recording; the script page shows it as their recording", async ({
  page,
  user,
}) => {
  const podcast = await createCompletePodcast(user.id, {
    title: "The Orchard",
    hostCount: 1,
    secondaryVoice: null,
    script: SCRIPT,
    transcript: podcastTranscript({ primaryVoice: "female-warm", secondaryVoice: null }, SCRIPT),
    audio: {
      seconds: 160,
      chapters: [
        { title: "Uncle Bo", start: 0, end: 30 },
        { title: "Rose Smith", start: 30, end: 150 },
        { title: "Ivy", start: 150, end: 160 },
      ],
    },
  });
  await page.setViewportSize(PHONE);
  await signInAs(page, user);

  await visit(page, `/podcast/${podcast.id}?tab=transcript`);
  const transcript = page.getByTestId("transcript");
  await expect(transcript).toContainText("[Recording — Rose Smith, 1:42] The apples were small and sour.");
  // A paragraph of its own, not a speaker called "[Recording — Rose Smith, 1".
  await expect(transcript.locator("strong", { hasText: "[Recording" })).toHaveCount(0);
  await expect(transcript).toContainText("[Recording — Ivy, 0:07]");
  await expect(transcript).not.toContainText("recorded answer");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);

  await visit(page, `/podcast/${podcast.id}/script`);
  const clipLine = page.getByRole("listitem").filter({ hasText: "Rose Smith's recording, 1:42" });
  await expect(clipLine).toContainText("The apples were small and sour.");
  await expect(clipLine.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: "Ivy's recording, 0:07" })).toHaveText(
    "Ivy's recording, 0:07",
  );
  expect(await axeViolations(page)).toEqual([]);
});
