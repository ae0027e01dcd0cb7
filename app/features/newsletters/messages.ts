// The spec's exact strings are marked; the rest fill its gaps.
export const newsletterMessages = {
  page: {
    header: "Family Newsletter", // spec
    edition: (n: number) => `Edition ${n}`,
    share: "Share", // spec
    shareLinkLabel: "Link to this newsletter",
    copyLink: "Copy link",
    copied: "Link copied",
    copyFailed: "Copy failed: select the link and copy it",
    downloadPdf: "Download PDF", // spec
    listen: "Listen to This Story", // spec
    durationUnknown: "Duration not available", // spec
    duration: (text: string) => `Duration: ${text}`,
    viewTranscript: "View Transcript", // spec
    transcriptHeading: "Transcript",
    audioUnsupported: "Your browser cannot play this audio.",
    largerText: "Larger Text", // spec
    smallerText: "Smaller Text", // spec
    // The spec's "Family Memory Keeper" under every name said nothing about the teller (decision 0206).
    whatWasSaid: "What they said",
    recordingGone: "This story was told in a recording that is no longer shared.",
    ownVoice: (name: string | null) => (name ? `Hear it in ${name}'s own voice` : "Hear it in their own voice"),
    readingTotal: (minutes: number) => `${minutes} min of reading`,
    createdWith: "Created with", // spec
    craftedNote: (familyName: string | null) =>
      familyName?.trim()
        ? `This newsletter was lovingly crafted from the stories shared by the ${familyName.trim()} family.`
        : "This newsletter was lovingly crafted from the stories your family shared.",
    coverAlt: (title: string) => `Cover photo for ${title}`,
    photoAlt: (title: string, n: number, of: number) =>
      of > 1 ? `Photo ${n} of ${of} for "${title}"` : `Photo for "${title}"`,
  },
  errors: {
    notFound: "Newsletter Not Found", // spec
    notFoundText: "This family newsletter does not exist or is no longer available. Check the link you were sent.",
    unableToLoad: "Unable to Load Newsletter", // spec
    unableToLoadText: "There was an error loading this family newsletter.", // spec
  },
  owner: {
    heading: "Family Newsletters",
    intro: "Turn this collection's stories into a family newsletter with its podcast, then share it with the family.",
    backToStories: "Back to Stories",
    create: "Create Newsletter",
    creating: "Creating...",
    empty: "No newsletters yet. Create the first edition from this collection's stories.",
    needsStories: "This collection has no stories yet. Add a story first, then create a newsletter.",
    stories: (n: number) => `${n} ${n === 1 ? "story" : "stories"}`,
    delivered: (n: number) => (n === 0 ? "Not sent yet" : `Sent to ${n} ${n === 1 ? "person" : "people"}`),
    open: "Open newsletter",
    edit: "Edit details",
    save: "Save changes",
    send: "Send to family",
    sending: "Sending...",
    title: "Title",
    subtitle: "Subtitle (optional)",
    familyName: "Family name (optional)",
    familyNameHint: "Shown above the title, e.g. 'Smith Family Stories'. Leave empty for 'Family Stories'.",
    photoOption: (fileName: string, storyTitle: string) => `${fileName} (${storyTitle})`,
    cover: "Cover photo",
    noCover: "No cover photo",
    distribution: (mode: string) => `Distribution: ${mode}`,
    recipients: (n: number) => `${n} ${n === 1 ? "recipient" : "recipients"}`,
    noRecipients:
      "No recipients yet: add distribution recipients in Configure Workflows, or invite family to this collection.",
    goesTo: "Sent to",
    modeHelp: {
      manual: "Newsletters are sent only when you press 'Send to family'.",
      immediate: "Each new newsletter is e-mailed to the family as soon as it is created.",
      dated: (date: string) =>
        `This collection's newsletter is e-mailed on its delivery date (${date}); you can also send it now.`,
    },
  },
  toast: {
    created: (edition: number) => ({
      title: "Newsletter created",
      description: `Edition ${edition} is ready to read and share.`,
    }),
    updated: { title: "Newsletter updated", description: "Your changes are saved." },
    sent: (who: string[]) => {
      const n = who.length;
      const named = n > 8 ? `${who.slice(0, 8).join(", ")} and ${n - 8} more` : who.join(", ");
      return {
        title: "Newsletter sent",
        description: `E-mailed to ${n} ${n === 1 ? "family member" : "family members"}: ${named}.`,
      };
    },
    alreadySent: {
      title: "Already sent",
      description: "Everyone on the distribution list already has this newsletter.",
    },
    noRecipients: {
      title: "No recipients",
      description: "Add distribution recipients in Configure Workflows, or invite family to this collection.",
      variant: "destructive" as const,
    },
    noStories: {
      title: "No stories yet",
      description: "Add a story to this collection before creating a newsletter.",
      variant: "destructive" as const,
    },
  },
  validation: {
    titleRequired: "Please enter a title",
    titleTooLong: "Keep the title under 200 characters",
    subtitleTooLong: "Keep the subtitle under 300 characters",
    familyNameTooLong: "Keep the family name under 100 characters",
  },
  email: {
    subject: (title: string, familyName: string | null, edition: number) =>
      `${familyName?.trim() ? `The ${familyName.trim()} Family Newsletter` : "Your Family Newsletter"}, Edition ${edition}: ${title}`,
    intro: (ownerName: string, storyCount: number) =>
      `${ownerName} has put together a new family newsletter with ${storyCount} ${storyCount === 1 ? "story" : "stories"} shared by the family.`,
    inThisEdition: "In this edition:",
    read: "Read the newsletter",
    listen: "Listen to the family podcast",
    listenText: "The stories are also told in a family podcast episode you can play in your browser:",
  },
} as const;
