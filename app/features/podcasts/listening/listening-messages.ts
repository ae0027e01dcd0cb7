// Strings marked "spec" are the spec's exact words; the rest fill gaps it leaves open.
export const listeningMessages = {
  detail: {
    back: "Back to My Podcasts", // spec
    invalidId: "Invalid podcast ID", // spec
    loadFailed: "Failed to load podcast details. The podcast may have been deleted or is unavailable.", // spec
    unavailableTitle: "Podcast unavailable",
    noDescription: "This episode has no description yet.",
    noTranscript: "Transcript not available for this podcast.", // spec
    similar: "More of your episodes",
    noSimilar: "Your other episodes will be listed here.",
    notReady: "This podcast is still being made. The player appears when the audio is ready.",
    failed: "This podcast could not be generated.",
    tabs: { description: "Description", transcript: "Transcript", technical: "Technical Details" }, // spec
  },
  player: {
    play: "Play",
    pause: "Pause",
    seek: "Seek",
    unsupported: "Your browser cannot play this audio.",
    back: "Back 15 seconds",
    forward: "Forward 30 seconds",
    speed: "Speed",
    chapters: "Chapters",
    resumed: (at: string) => `Resumed at ${at}.`,
    startOver: "Start from the beginning",
    keys: "Keys: Space or K play and pause, J back 15 s, L forward 30 s.",
    playFrom: (at: string) => `Play from ${at}`,
  },
  share: {
    heading: "Share & Download",
    linkLabel: "Secure share link",
    generate: "Generate", // spec
    copy: "Copy",
    newLink: "New link",
    sendBy: "Send the link by",
    passwordProtect: "Password protect this podcast", // spec
    passwordLabel: "Password",
    expiryLabel: "Link expires after (days)",
    passwordRequired: "Enter a password to protect this podcast",
    passwordTooShort: "The password must be at least 4 characters",
    passwordTooLong: "The password can be at most 128 characters",
    expiryRange: "Choose between 1 and 365 days",
    generated: (days: number) => ({
      title: "Link Generated",
      description: `Share link created! It will expire in ${days} days`,
    }), // spec
    generationFailed: { title: "Link Generation Failed", description: "Could not generate share link" }, // spec
    copied: { title: "Copied to Clipboard", description: "" }, // spec
    copyFailed: { title: "Copy Failed", description: "Failed to copy link. Try again." }, // spec
    noLink: { title: "No Share Link", description: "Generate a share link first." }, // spec
    shareText: (title: string) => `Listen to this podcast: ${title}`, // spec
    emailBody: (link: string) => `Check out this podcast: ${link}`, // spec
    selectHint: "Select the link to copy it.",
    protectedNote: "Anyone opening this link must enter the password.",
  },
  downloads: {
    heading: "Downloads",
    mp3: "Download MP3",
    transcript: "Download Transcript (PDF)",
    newsletter: "View Family Newsletter",
    save: "Save to My Library",
    unsave: "Remove from My Library",
    savedToast: { title: "Saved to My Library", description: "It is pinned to the top of My Podcasts." },
    unsavedToast: { title: "Removed from My Library", description: "It is no longer pinned in My Podcasts." },
    started: "Download Started", // spec
    failed: "Download Failed", // spec
    transcriptStarted: "Transcript Download Started", // spec
    transcriptFailed: "Transcript Download Failed", // spec
    httpFailed: (status: string) => `Download failed ${status}`, // spec
    transcriptHttpFailed: (status: string) => `Transcript download failed ${status}`, // spec
  },
  sharePage: {
    notFoundTitle: "Share link not found",
    notFound: "This share link does not exist. Ask the person who shared it for a new link.",
    expiredTitle: "This share link has expired",
    expired: "Ask the person who shared this podcast for a new link.",
    passwordTitle: "This podcast is password protected",
    passwordIntro: "Enter the password you were given to listen.",
    passwordLabel: "Password",
    unlock: "Listen",
    wrongPassword: "Incorrect password. Please try again.",
    passwordRequired: "Please enter the password",
    sharedWithYou: "A podcast shared with you",
    previewDescription: (duration: string) => `A family podcast, ${duration}. Listen on Storyhearth.`,
    neutralPreviewDescription: "Listen on Storyhearth.",
  },
  api: {
    notFound: "Not Found",
    audioNotReady: "The audio is not ready yet",
    transcriptMissing: "Transcript not available for this podcast.", // spec
    shareExpired: "This share link has expired",
    sharePasswordRequired: "This share link needs its password",
  },
} as const;
