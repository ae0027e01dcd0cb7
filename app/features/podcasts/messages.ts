// The spec's exact strings are marked; the rest fill gaps the spec leaves open.
export type TitledMessage = { title: string; description: string };

export const MAX_PDF_MB = 20;

export const podcastMessages = {
  feed: {
    heading: "Subscribe in your podcast app",
    intro:
      "Every new episode arrives in your podcast app by itself. This link is private: anyone who has it can listen, so share it only with family.",
    collectionIntro:
      "Every new episode of this collection arrives in your podcast app by itself. This link is private: anyone who has it can listen, so share it only with family.",
    copy: {
      label: "Private feed link",
      copy: "Copy link",
      copied: "Feed link copied",
      failed: "Could not copy: select the link and copy it by hand",
    },
    showQr: "Show a QR code to scan with your phone",
    qrLabel: "QR code of the private feed link",
    howTo: "How to subscribe",
    apps: [
      {
        name: "Apple Podcasts",
        steps: "Open Library, tap the ⋯ button at the top, choose Follow a Show by URL, paste the link and tap Follow.",
      },
      { name: "Pocket Casts", steps: "Tap Search, paste the link, tap the show that appears, then Subscribe." },
      { name: "Overcast", steps: "Tap + at the top, then Add URL, paste the link and tap Add." },
      {
        name: "Android (AntennaPod, Podcast Addict)",
        steps: "Choose Add podcast, then Add podcast by RSS address, paste the link.",
      },
    ],
    revokeSummary: "Stop this link…",
    revokeText: "The link stops working at once, in every app that uses it, and you get a new one to share again.",
    revoke: "Stop this link and make a new one",
    revoked: {
      title: "Feed link replaced",
      description: "The old link no longer works. Share the new one with your family.",
    },
    familyDescription: (family: string | null) =>
      `Stories from ${family ? `the ${family} family` : "our family"}, made with Storyhearth.`,
    episodeDescription: "A family podcast made with Storyhearth.",
    author: (family: string | null) => (family ? `The ${family} family` : "Our family"),
  },
  cover: {
    kicker: "A family podcast",
    collectionKicker: "Family stories",
    change: "Change cover",
    pageTitle: "Cover",
    intro:
      "Podcast apps, link previews and the newsletter show this picture. It is drawn from the title and your family name, or you can use a photo of your own.",
    photoLabel: "Your photo",
    photoHint: "JPEG, PNG, WebP or HEIC, up to 15 MB. It is cropped to a square around the middle.",
    upload: "Use this photo",
    useDrawn: "Use the drawn cover instead",
    back: "Back to the podcast",
    noPhoto: "Choose a photo to upload",
    notAnImage: "That file is not a photo we can read. Choose a JPEG, PNG, WebP or HEIC picture.",
    tooLarge: "That photo is larger than 15 MB. Choose a smaller one.",
    saved: { title: "Cover updated", description: "Podcast apps show the new cover the next time they refresh." },
    reset: { title: "Drawn cover restored", description: "The cover is drawn from the title again." },
    familyFeedTitle: (family: string | null) => (family ? `The ${family} family's stories` : "Our family's stories"),
    byline: (family: string) => `The ${family} family`,
    alt: (title: string) => `Cover of ${title}`,
  },
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
      description:
        "No text could be found in this PDF. Please upload a PDF with selectable text, or enter the story as text.",
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
    familyVoices: "A family podcast has one voice or two (hostCount 1 or 2).",
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
