// The words of the archive: the owner's link and the pages of the static site inside the zip.
export const archiveMessages = {
  downloadCollection: "Download everything",
  downloadAccount: "Download everything",
  downloadCollectionHint:
    "A zip of this collection: a website that opens from a USB stick, with every photo, recording, episode and newsletter, and data.json.",
  downloadAccountHint:
    "A zip of all your collections: a website that opens from a USB stick, with every photo, recording, episode and newsletter, and data.json.",
  siteTitle: (owner: string) => `${owner}'s family stories`,
  exportedOn: (date: string) => `Saved from Storyhearth on ${date}.`,
  collections: "Story collections",
  stories: "Stories",
  episodes: "Episodes",
  newsletters: "Newsletters",
  noStories: "No stories yet.",
  home: "All collections",
  backTo: (title: string) => `Back to ${title}`,
  by: (name: string) => `By ${name}`,
  anonymous: "A relative",
  recording: "Their recording",
  documents: "Documents that came with it",
  original: "The recording as it was sent",
  recordingTranscript: "What they said",
  listen: "Listen",
  downloadMp3: "Download the MP3",
  downloadRecording: "Download the recording",
  chapters: "Chapters",
  transcript: "Transcript",
  transcriptFile: "Transcript as text",
  noAudioSupport: "Your browser cannot play this here:",
  dataNote: "Everything on these pages is also in data.json (described by data.schema.json).",
  edition: (n: number) => `Edition ${n}`,
  siteNav: "Archive",
  book: "The family book",
  bookNote: (date: string, pages: number | null) =>
    `The book as it was last made, on ${date}${pages ? `: ${pages} pages, ready to print` : ""}.`,
  bookLink: "Open the family book (PDF)",
  upload: {
    title: "Import an archive",
    intro:
      'Brings a family\'s "Download everything" zip into this installation: their collections, stories, photos, recordings, episodes and newsletters, under new ids. The account is made when no account has the address.',
    ownerLabel: "Owner's e-mail",
    fileLabel: "Archive (.zip)",
    submit: "Import",
    noFile: "Choose the archive's .zip file.",
    badEmail: "Enter the owner's e-mail address.",
    unreadable: "The upload could not be read. Please try again.",
    failed: (why: string) => `Nothing was imported: ${why}`,
    done: "Archive imported",
    doneText: (email: string, stories: number, episodes: number, withheld = 0) =>
      `${stories} ${stories === 1 ? "story" : "stories"} and ${episodes} ${episodes === 1 ? "episode" : "episodes"} for ${email}.` +
      (withheld
        ? ` ${withheld} left out: a relative asked for ${withheld === 1 ? "it" : "them"} to be removed after the archive was made.`
        : ""),
  },
};
