// The spec's exact strings are marked; the rest fill gaps the spec leaves open.
export type TitledMessage = { title: string; description: string };

export const MAX_PDF_MB = 20;

export const podcastMessages = {
  upload: {
    invalidType: { title: "Invalid file type", description: "Please upload a PDF file" }, // spec
    tooLarge: { title: "File too large", description: `Maximum file size is ${MAX_PDF_MB}MB` }, // spec
    noFile: { title: "No file selected", description: "Please select a PDF file to upload" }, // spec
    missingTitle: { title: "Missing title", description: "Please enter a title for the story" }, // spec
    missingContent: { title: "Missing content", description: "Please enter the story content" }, // spec
    failed: { title: "Upload failed", description: "Failed to upload file. Please try again." }, // spec
    submissionFailed: { title: "Submission failed", description: "Failed to submit text. Please try again." }, // spec
    unreadablePdf: { title: "Upload failed", description: "This PDF could not be read. Please try another file." },
    noTextInPdf: {
      title: "Upload failed",
      description: "No text could be found in this PDF. Please upload a PDF with selectable text, or enter the story as text.",
    },
    titleTooLong: { title: "Title too long", description: "The story title can be at most 200 characters" },
    contentTooLong: { title: "Story too long", description: "The story can be at most 200,000 characters" },
    untitled: "Untitled story",
  },
  generation: {
    storyMissing: "Story data is missing. Please go back and try again.", // spec
    failedTitle: "Generation Failed", // spec
    failedDefault: "Failed to generate podcast. Please try again.", // spec
    limitReached: (limit: number) =>
      `You have reached your podcast limit (${limit}). Upgrade your plan or contact support to create more podcasts.`,
    notFound: "Not Found",
    onlyFailedCanRetry: "Only a podcast whose generation failed can be retried.",
    noCampaignStories: "Add at least one story to this collection before generating its podcast.",
    campaignBusy: "A family podcast is already being generated for this collection.",
    familyOneNarrator: "A family podcast has one narrator.",
    familyIntroOutro: "A family podcast uses the family intro and outro.",
  },
  failure: {
    interrupted: "Generation was interrupted before it finished. Please try again.",
    storyGone: "Story data is missing. Please go back and try again.", // spec
    noCampaignStories: "This collection has no stories to make a podcast from.",
    script: (reason: string) => `Script generation failed: ${reason}`,
    audio: (reason: string) => `Audio generation failed: ${reason}`,
  },
  validation: {
    hostCount: "Choose 1 or 2 hosts",
    voice: "Please choose one of the voices",
    accent: "Please choose one of the accents",
    speed: (min: number, max: number) => `Speed must be between ${min} and ${max} in steps of 0.1`,
    backgroundMusic: "Please choose one of the background music options",
    introOutro: "Please choose one of the intro/outro options",
    customIntroRequired: "Please write the intro to read at the start, or choose another intro/outro",
    customIntroTooLong: (max: number) => `The custom intro can be at most ${max} characters`,
    processingQuality: "Please choose standard or premium quality",
  },
} as const;
