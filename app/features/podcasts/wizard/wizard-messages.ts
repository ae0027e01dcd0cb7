// The spec's exact strings are marked; upload and generation errors come from ./messages.ts.

import { podcastMessages, type TitledMessage } from "../messages";

export const wizardMessages = {
  page: {
    title: "Create New Podcast", // spec
    intro: "Turn a family story into a warm, narrated podcast episode.",
    steps: ["Upload Story", "Configure Voices", "Generate Podcast", "Share & Download"] as const, // spec
    stepDescriptions: [
      "Upload a PDF or enter text",
      "Select voices and style",
      "Create the audio",
      "Get the podcast",
    ] as const, // spec
    back: "Back", // spec
  },
  upload: {
    pdfTitle: "Upload a PDF",
    pdfHint: "Drag and drop a PDF here, or choose a file. Maximum file size is 20MB.",
    dropHere: "Drop the PDF to upload it",
    pdfLabel: "Choose a PDF file",
    chosen: (name: string) => `Selected: ${name}`,
    uploadPdf: "Upload PDF",
    uploading: "Uploading...",
    progressLabel: "Upload progress",
    textTitle: "Or enter the story as text",
    storyTitle: "Story Title", // spec
    storyContent: "Story Content", // spec
    continueWithText: "Continue with Text", // spec
    saving: "Saving...",
  },
  voices: {
    heading: "Configure Voices", // spec
    hostCount: "Number of Hosts", // spec
    hostOptions: { 1: "1 host", 2: "2 hosts" } as Record<1 | 2, string>,
    primary: "Primary Host Voice", // spec
    secondary: "Secondary Host Voice", // spec
    hostNames: { primary: "Primary host", secondary: "Secondary host" },
    accent: (host: string) => `${host} accent`,
    speed: (host: string) => `${host} speaking speed`,
    sample: (host: string) => `${host} sample`,
    samplePreparing: "Preparing the sample…",
    continue: "Continue",
    storyLabel: "Story",
    voiceLabels: {
      "female-warm": "Female, warm",
      "female-professional": "Female, professional",
      "male-warm": "Male, warm",
      "male-professional": "Male, professional",
    } as Record<string, string>,
    accentLabels: { american: "American", british: "British", australian: "Australian", indian: "Indian" } as Record<
      string,
      string
    >,
    sampleFailed: {
      title: "Sample playback failed",
      description: "Couldn't play voice sample",
    } satisfies TitledMessage, // spec
  },
  review: {
    heading: "Review and Generate",
    summary: "Summary",
    story: "Story",
    source: "Source",
    words: "Words",
    hosts: "Hosts",
    estimatedDuration: "Estimated duration",
    advanced: "Advanced options",
    backgroundMusic: "Background music",
    introOutro: "Intro/outro",
    quality: "Sound quality",
    musicLabels: {
      none: "None",
      "gentle-piano": "Gentle piano",
      "soft-jazz": "Soft jazz",
      nostalgic: "Nostalgic",
      ambient: "Ambient",
      warm: "Warm",
      uplifting: "Uplifting",
      gentle: "Gentle",
    } as Record<string, string>,
    introOutroLabels: {
      standard: "Standard",
      minimal: "Minimal",
      none: "None",
      custom: "Custom",
      family: "Family",
    } as Record<string, string>,
    qualityLabels: { standard: "Standard (smaller file)", premium: "High (clearer sound, larger file)" } as Record<
      string,
      string
    >,
    customIntro: "Custom intro",
    customIntroHint: (max: number) =>
      `Your own opening words, read first when Intro/outro is Custom (up to ${max} characters).`,
    generate: "Generate Podcast", // spec
    generating: "Generating...",
    reviewFirst: "Review the script first",
    reviewFirstHint:
      "Read and change what the hosts will say before the audio is made. Generate Podcast skips this step.",
  },
  progress: {
    heading: "Generating Your Podcast",
    storyInformation: "Story Information", // spec
    generatedScript: "Generated Script", // spec
    voiceProcessing: "Voice Processing", // spec
    audioFinalization: "Audio Finalization", // spec
    title: "Title",
    source: "Source",
    preview: "Preview",
    scriptPending: "The script is written once the story is read.",
    failed: podcastMessages.generation.failedTitle, // spec: 'Generation Failed'
    failedDefault: podcastMessages.generation.failedDefault, // spec
    retry: "Retry Generation", // spec
    retrying: "Retrying...",
    continue: "Continue",
    stage: { waiting: "Waiting", running: "In progress", done: "Done", stopped: "Not finished" },
    voices: "Voices",
    music: "Background music",
    introOutro: "Intro/outro",
    quality: "Sound quality",
  },
  ready: {
    heading: "Your Podcast is Ready!", // spec
    createAnother: "Create Another Podcast", // spec
  },
  missingStory: podcastMessages.generation.storyMissing, // spec
  startOver: "Start over",
  toast: {
    generationStarted: {
      title: "Podcast generation started",
      description: "Your podcast is being created. This page shows its progress.",
    },
    retryStarted: {
      title: "Generation restarted",
      description: "Your podcast is being created again with the same options.",
    },
  },
} as const;

const titled: TitledMessage[] = Object.values(podcastMessages.upload).flatMap((m) =>
  typeof m === "object" ? [m] : [],
);

export function uploadTitleFor(description: string): string {
  return titled.find((m) => m.description === description)?.title ?? podcastMessages.upload.failed.title;
}

export const formatSpeed = (speed: number) => `${speed.toFixed(1)}x`;

export function describeHost(voice: string, accent: string | null, speed: number | null) {
  return `${wizardMessages.voices.voiceLabels[voice] ?? voice} (${wizardMessages.voices.accentLabels[accent ?? "american"] ?? accent}, ${formatSpeed(speed ?? 1)})`;
}
