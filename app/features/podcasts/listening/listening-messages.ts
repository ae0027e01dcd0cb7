// Strings marked "spec" are the spec's exact words; the rest fill gaps it leaves open.
export const listeningMessages = {
  list: {
    heading: "My Podcasts",
    searchPlaceholder: "Search podcasts...", // spec
    searchLabel: "Search podcasts",
    searchButton: "Search",
    tryAgain: "Try again",
    create: "Create New Podcast", // spec
    filter: "Filter", // spec
    applyFilter: "Apply",
    processing: "Processing...", // spec
    failed: "Failed",
    saved: "Saved",
    noPodcasts: "You haven't created any podcasts yet.", // spec
    noMatches: "No podcasts match your search.", // spec
    loadFailed: "Failed to load podcasts. Please try again later.", // spec
    otherStories: "Other stories",
    emptyTab: {
      recent: "No podcasts were created in the last 30 days.",
      "most-listened": "No podcasts to rank yet.",
      collections: "No podcasts yet.",
      all: "No podcasts match your search.", // spec
    },
    listens: (n: number) => `${n} ${n === 1 ? "listen" : "listens"}`,
    play: (title: string) => `Play ${title}`,
    menu: (title: string) => `Actions for ${title}`,
  },
  recent: {
    heading: "Your Recent Podcasts", // spec
    viewAll: "View All", // spec
  },
  menu: {
    editDetails: "Edit Details", // spec
    addToCollection: "Add to Collection", // spec
    generateTranscript: "Generate Transcript", // spec
    delete: "Delete", // spec
  },
  edit: {
    heading: "Edit Details",
    titleLabel: "Title",
    descriptionLabel: "Description",
    save: "Save Changes",
    cancel: "Cancel",
    titleRequired: "Please enter a title",
    titleTooLong: "The title can be at most 200 characters",
    descriptionTooLong: "The description can be at most 2,000 characters",
    saved: { title: "Podcast Updated", description: "Your changes were saved." },
  },
  collection: {
    heading: "Add to Collection",
    label: "Story collection",
    none: "No collection",
    save: "Save",
    noCollections: "You have no story collections yet.",
    createOne: "Create a story collection",
    unknown: "Please choose one of your story collections",
    added: (title: string) => ({ title: "Added to Collection", description: `This podcast is now in "${title}".` }),
    removed: { title: "Removed from Collection", description: "This podcast is no longer in a collection." },
  },
  transcript: {
    generated: { title: "Transcript Generated", description: "The transcript was rebuilt from the podcast's script." },
    noScript: {
      title: "Transcript Not Available",
      description: "This podcast has no script yet. A transcript can be made once generation has written the script.",
    },
  },
  remove: {
    heading: "Delete podcast?",
    confirm: (title: string) => `"${title}" and its audio will be deleted. This cannot be undone.`,
    button: "Delete Podcast",
    deleted: (title: string) => ({ title: "Podcast Deleted", description: `"${title}" was deleted.` }),
  },
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
