import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test } from "vitest";

import type { VoiceOffer } from "~/audio/audio-options";
import { podcastMessages } from "~/features/podcasts/messages";
import { StoryTextSchema } from "~/features/podcasts/schemas";
import { ReadyStep } from "~/features/podcasts/wizard/components/ready-step";
import { ReviewStep } from "~/features/podcasts/wizard/components/review-step";
import { UploadStep } from "~/features/podcasts/wizard/components/upload-step";
import { VoicesStep } from "~/features/podcasts/wizard/components/voices-step";
import { WizardSteps } from "~/features/podcasts/wizard/components/wizard-steps";
import type { EpisodeEstimate } from "~/features/podcasts/wizard/duration-estimate";
import {
  readVoiceParams,
  WizardGenerateSchema,
  wizardUrls,
  WizardVoicesSchema,
} from "~/features/podcasts/wizard/wizard-schemas";
import { constraintOf } from "~/lib/zod-constraint";

// The page as /create-podcast wires it: each step posts to the page's action, which redirects to the next step.
type Story = { id: string; title: string; content: string };
let stories: Map<string, Story>;
let posts: Array<Record<string, string>>;
let limitReached: boolean;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

const offer: VoiceOffer = {
  "female-warm": { american: "built-in", british: "download", australian: "unavailable", indian: "download" },
  "female-professional": { american: "built-in", british: "download", australian: "unavailable", indian: "piper" },
  "male-warm": { american: "built-in", british: "built-in", australian: "download", indian: "download" },
  "male-professional": { american: "built-in", british: "built-in", australian: "download", indian: "download" },
};
// 310 s of speech: 4-6 minutes alone, 4-7 with the standard stings (3 s each).
const episode: EpisodeEstimate = {
  speechSeconds: 310,
  stingSeconds: { standard: 6, minimal: 2.4, none: 0, custom: 6, family: 7 },
};

function loader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const podcastId = params.get("podcast");
  if (podcastId) {
    const podcast = {
      id: podcastId,
      title: "The Lake House",
      audioUrl: `/api/podcasts/${podcastId}/audio`,
      hasTranscript: true,
    };
    return { view: "ready" as const, podcast, panel: { newsletterHref: null, pinned: false, share: null } };
  }
  const story = stories.get(params.get("story") ?? "");
  if (!story) return { view: "upload" as const, textConstraint: constraintOf(StoryTextSchema) };
  const voice = readVoiceParams(params);
  if (params.get("step") === "review")
    return {
      view: "review" as const,
      story: { id: story.id, title: story.title, sourceLabel: "Text", words: words(story.content) },
      voice,
      episode,
    };
  return { view: "voices" as const, story: { id: story.id, title: story.title }, voice, offer };
}

async function action({ request }: { request: Request }) {
  const formData = await request.formData();
  posts.push(Object.fromEntries([...formData].map(([k, v]) => [k, String(v)])));
  switch (formData.get("intent")) {
    case "text-story": {
      const submission = parseWithZod(formData, { schema: StoryTextSchema });
      if (submission.status !== "success")
        return data({ intent: "text-story" as const, result: submission.reply() }, { status: 400 });
      stories.set("s-new", { id: "s-new", title: submission.value.storyTitle, content: submission.value.storyContent });
      return redirect(wizardUrls.voices("s-new"));
    }
    case "voices": {
      const submission = parseWithZod(formData, { schema: WizardVoicesSchema });
      if (submission.status !== "success")
        return data({ intent: "voices" as const, result: submission.reply() }, { status: 400 });
      const { storyId, ...voice } = submission.value;
      return redirect(wizardUrls.review(storyId, voice));
    }
    case "generate": {
      const submission = parseWithZod(formData, { schema: WizardGenerateSchema });
      if (submission.status !== "success")
        return data({ intent: "generate" as const, result: submission.reply() }, { status: 400 });
      if (limitReached)
        return data(
          {
            intent: "generate" as const,
            result: submission.reply({ formErrors: [podcastMessages.generation.limitReached(3)] }),
          },
          { status: 403 },
        );
      return redirect(wizardUrls.podcast("p-new"));
    }
  }
  throw new Response("Unknown action", { status: 400 });
}

const stepOf = { upload: 1, voices: 2, review: 3, ready: 4 } as const;

function CreatePodcastPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) => (actionData && actionData.intent === intent ? actionData.result : undefined);
  return (
    <>
      <WizardSteps current={stepOf[page.view]} />
      {page.view === "upload" ? (
        <UploadStep pdfError={null} textResult={resultFor("text-story")} textConstraint={page.textConstraint} />
      ) : null}
      {page.view === "voices" ? (
        <VoicesStep story={page.story} voice={page.voice} offer={page.offer} lastResult={resultFor("voices")} />
      ) : null}
      {page.view === "review" ? (
        <ReviewStep story={page.story} voice={page.voice} episode={page.episode} lastResult={resultFor("generate")} />
      ) : null}
      {page.view === "ready" ? <ReadyStep podcast={page.podcast} panel={page.panel} /> : null}
    </>
  );
}

function renderWizard(url: string) {
  const Stub = createRemixStub([{ path: "/create-podcast", loader, action, Component: CreatePodcastPage }]);
  render(<Stub initialEntries={[url]} />);
}

const lakeStory: Story = {
  id: "s1",
  title: "Summers at the Lake",
  content: Array.from({ length: 1234 }, (_, i) => `word${i}`).join(" "),
};
const currentStep = () =>
  screen.getByRole("navigation", { name: "Podcast creation steps" }).querySelector("[aria-current=step]")?.textContent;

beforeEach(() => {
  stories = new Map([[lakeStory.id, lakeStory]]);
  posts = [];
  limitReached = false;
});

describe("step 1: upload", () => {
  test("an empty text story is refused by the server with the spec's messages, the title field focused", async () => {
    renderWizard("/create-podcast");
    await userEvent.click(await screen.findByRole("button", { name: "Continue with Text" }));
    const title = screen.getByRole("textbox", { name: "Story Title" });
    await waitFor(() => expect(title).toHaveAccessibleDescription("Please enter a title for the story"));
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Story Content" })).toHaveAccessibleDescription(
      "Please enter the story content",
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Missing title");
    expect(posts).toEqual([{ intent: "text-story", storyTitle: "", storyContent: "" }]);
  });

  test("the form's constraints come from the page's loader: both fields are required", async () => {
    renderWizard("/create-podcast");
    const title = await screen.findByRole("textbox", { name: "Story Title" });
    expect(title).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Story Content" })).toBeRequired();
    await userEvent.type(title, "Summers at the Lake");
    await userEvent.tab();
    expect(posts).toEqual([]);
  });

  test("a title and a story are posted, and the wizard moves on to the voices", async () => {
    renderWizard("/create-podcast");
    expect(await screen.findByRole("heading", { name: "Upload a PDF" })).toBeInTheDocument();
    expect(currentStep()).toContain("Upload Story");
    await userEvent.type(screen.getByRole("textbox", { name: "Story Title" }), "Grandpa's First Car");
    await userEvent.type(
      screen.getByRole("textbox", { name: "Story Content" }),
      "It was a green Morris Minor, bought in 1958.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Continue with Text" }));
    await screen.findByRole("heading", { name: "Configure Voices" });
    expect(posts).toEqual([
      {
        intent: "text-story",
        storyTitle: "Grandpa's First Car",
        storyContent: "It was a green Morris Minor, bought in 1958.",
      },
    ]);
    expect(screen.getByText("Grandpa's First Car")).toBeInTheDocument();
    expect(currentStep()).toContain("Configure Voices");
  });

  test("a PDF is checked before it is sent: none chosen, then a file that is not a PDF", async () => {
    renderWizard("/create-podcast");
    const form = await screen.findByRole("form", { name: "Upload a PDF" });
    await userEvent.click(within(form).getByRole("button", { name: "Upload PDF" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("No file selected");
    expect(within(form).getByRole("alert")).toHaveTextContent("Please select a PDF file to upload");

    await userEvent.upload(
      within(form).getByLabelText("Choose a PDF file"),
      new File(["Dear family, here is the story."], "story.pdf", { type: "application/pdf" }),
    );
    expect(within(form).getByText(/story\.pdf/)).toBeInTheDocument();
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole("button", { name: "Upload PDF" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Invalid file type");
    expect(within(form).getByRole("alert")).toHaveTextContent("Please upload a PDF file");
    expect(posts).toEqual([]);
  });

  test("dragging a file over the drop zone invites the drop", async () => {
    renderWizard("/create-podcast");
    const zone = await screen.findByTestId("pdf-drop-zone");
    expect(zone).toHaveTextContent("Drag and drop a PDF here");
    fireEvent.dragOver(zone);
    expect(zone).toHaveTextContent("Drop the PDF to upload it");
    fireEvent.dragLeave(zone);
    expect(zone).toHaveTextContent("Drag and drop a PDF here");
  });
});

describe("step 2: voices", () => {
  test("the saved choices are shown, and one host is posted with them by default", async () => {
    renderWizard(wizardUrls.voices("s1"));
    expect(await screen.findByRole("heading", { name: "Configure Voices" })).toBeInTheDocument();
    expect(screen.getByText("Summers at the Lake")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "1 host" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Primary Host Voice" })).toHaveDisplayValue("Female, warm");
    expect(screen.getByRole("combobox", { name: "Primary host accent" })).toHaveDisplayValue("American — built in");
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/create-podcast");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Review and Generate" });
    expect(posts[0]).toMatchObject({
      intent: "voices",
      storyId: "s1",
      hostCount: "1",
      primaryVoice: "female-warm",
      primaryAccent: "american",
      primarySpeed: "1",
    });
  });

  test("voice, accent and speed changes show in the sample and the speed label, and are posted", async () => {
    renderWizard(wizardUrls.voices("s1"));
    await userEvent.selectOptions(
      await screen.findByRole("combobox", { name: "Primary Host Voice" }),
      "Male, professional",
    );
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Primary host accent" }), "british");
    expect(screen.getByLabelText("Primary host sample")).toHaveAttribute(
      "src",
      "/api/voices/male-professional/sample?accent=british",
    );
    const speed = screen.getByRole("slider", { name: /Primary host speaking speed/ });
    fireEvent.input(speed, { target: { value: "1.3" } });
    await waitFor(() =>
      expect(document.querySelector(`label[for="${speed.id}"]`)).toHaveTextContent(
        /Primary host speaking speed\s*1\.3x/,
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Review and Generate" });
    expect(posts[0]).toMatchObject({
      primaryVoice: "male-professional",
      primaryAccent: "british",
      primarySpeed: "1.3",
    });
    expect(screen.getByText("Male, professional (British, 1.3x)")).toBeInTheDocument();
  });

  test("two hosts post the second host's voice too", async () => {
    renderWizard(wizardUrls.voices("s1"));
    await userEvent.click(await screen.findByRole("radio", { name: "2 hosts" }));
    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: "Secondary Host Voice" }),
      "Female, professional",
    );
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Secondary host accent" }), "indian");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Review and Generate" });
    expect(posts[0]).toMatchObject({
      hostCount: "2",
      secondaryVoice: "female-professional",
      secondaryAccent: "indian",
    });
    expect(screen.getByText("Female, warm (American, 1.0x)")).toBeInTheDocument();
    expect(screen.getByText("Female, professional (Indian, 1.0x)")).toBeInTheDocument();
  });

  test("each accent says who speaks it; one this installation cannot speak is disabled, and a voice change leaves it", async () => {
    renderWizard(wizardUrls.voices("s1"));
    const voice = await screen.findByRole("combobox", { name: "Primary Host Voice" });
    const accent = screen.getByRole("combobox", { name: "Primary host accent" });
    const options = () =>
      within(accent)
        .getAllByRole("option")
        .map((o) => [o.textContent, (o as HTMLOptionElement).disabled]);
    expect(options()).toEqual([
      ["American — built in", false],
      ["British — not available yet", true],
      ["Australian — not available", true],
      ["Indian — not available yet", true],
    ]);
    expect(accent).toHaveAccessibleDescription(/more of them appear here as they are added\.$/);
    await userEvent.selectOptions(voice, "Male, warm");
    await userEvent.selectOptions(accent, "british");
    expect(accent).toHaveDisplayValue("British — built in");
    await userEvent.selectOptions(voice, "Female, professional");
    await waitFor(() => expect(accent).toHaveDisplayValue("American — built in"));
    expect(within(accent).getByRole("option", { name: "Indian — natural voice" })).toBeEnabled();
  });

  test("a sample that cannot play says so, and playing one clears it", async () => {
    renderWizard(wizardUrls.voices("s1"));
    const sample = (await screen.findByLabelText("Primary host sample")) as HTMLAudioElement;
    act(() => void sample.dispatchEvent(new Event("error")));
    expect(screen.getByRole("alert")).toHaveTextContent("Sample playback failed");
    expect(screen.getByRole("alert")).toHaveTextContent("Couldn't play voice sample");
    await act(() => sample.play());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  test("playing one host's sample pauses the other's", async () => {
    renderWizard(wizardUrls.voices("s1"));
    const first = (await screen.findByLabelText("Primary host sample")) as HTMLAudioElement;
    const second = screen.getByLabelText("Secondary host sample") as HTMLAudioElement;
    await act(() => first.play());
    await act(() => second.play());
    expect(first.paused).toBe(true);
    expect(second.paused).toBe(false);
  });
});

describe("step 3: review", () => {
  const reviewUrl = wizardUrls.review("s1", {
    hostCount: 1,
    primaryVoice: "male-warm",
    primaryAccent: "indian",
    primarySpeed: 0.8,
    secondaryVoice: null,
    secondaryAccent: null,
    secondarySpeed: null,
  });

  test("the summary shows the story, its length and the hosts, and the estimate follows the intro/outro choice", async () => {
    renderWizard(reviewUrl);
    const summary = await screen.findByRole("region", { name: "Summary" });
    expect(currentStep()).toContain("Generate Podcast");
    expect(summary).toHaveTextContent("Summers at the Lake");
    expect(summary).toHaveTextContent("1,234");
    expect(summary).toHaveTextContent("Male, warm (Indian, 0.8x)");
    expect(screen.getByTestId("estimated-duration")).toHaveTextContent("4-7 minutes");
    await userEvent.click(screen.getByText("Advanced options"));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Intro/outro" }), "None");
    expect(screen.getByTestId("estimated-duration")).toHaveTextContent("4-6 minutes");
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute(
      "href",
      wizardUrls.voices("s1", readVoiceParams(new URL(reviewUrl, "http://x").searchParams)),
    );
  });

  test("Generate Podcast posts the story, the voices and the chosen options", async () => {
    renderWizard(reviewUrl);
    await userEvent.click(await screen.findByText("Advanced options"));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Background music" }), "Soft jazz");
    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: "Sound quality" }),
      "High (clearer sound, larger file)",
    );
    await userEvent.click(screen.getByRole("button", { name: "Generate Podcast" }));
    await screen.findByRole("heading", { name: "Your Podcast is Ready!" });
    expect(posts).toEqual([
      {
        intent: "generate",
        storyId: "s1",
        hostCount: "1",
        primaryVoice: "male-warm",
        primaryAccent: "indian",
        primarySpeed: "0.8",
        backgroundMusic: "soft-jazz",
        introOutro: "standard",
        processingQuality: "premium",
      },
    ]);
    expect(currentStep()).toContain("Share & Download");
    expect(screen.getByTestId("podcast-audio")).toHaveAttribute("src", "/api/podcasts/p-new/audio");
  });

  test("a refusal from the server is shown as Generation Failed with its reason", async () => {
    limitReached = true;
    renderWizard(reviewUrl);
    await userEvent.click(await screen.findByRole("button", { name: "Generate Podcast" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Generation Failed");
    expect(alert).toHaveTextContent("You have reached your podcast limit (3).");
    expect(screen.getByRole("button", { name: "Generate Podcast" })).toBeEnabled();
  });
});
