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
  original: "The recording as it was sent",
  recordingTranscript: "What they said",
  listen: "Listen",
  downloadMp3: "Download the MP3",
  downloadRecording: "Download the recording",
  chapters: "Chapters",
  transcript: "Transcript",
  transcriptFile: "Transcript as text",
  noAudioSupport: "Your browser cannot play this here:",
  dataNote:
    "Everything on these pages is also in data.json (described by data.schema.json).",
  edition: (n: number) => `Edition ${n}`,
};
