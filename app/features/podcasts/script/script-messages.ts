// The script review's strings and its pronunciation list's.
import { formatCount } from "~/lib/text-format";

export const scriptMessages = {
  script: {
    heading: "Review the script",
    intro: "Change any line, or give it to the other host. Nothing is recorded until you choose Make the audio.",
    introOneVoice: "Change any line. Nothing is recorded until you choose Make the audio.",
    writing: "The script is being written. This page updates by itself.",
    locked: "The audio is made from this script, so it can no longer be changed here.",
    failed: "This podcast could not be made. Open it to try again.",
    segmentLabel: (n: number, host: string) => `Line ${n}, read by ${host}`,
    save: "Save changes",
    saving: "Saving...",
    moveTo: (host: string) => `Move to ${host}`,
    spokenAs: "Spoken as",
    recordingLine: (name: string, length: string) => `${name}'s recording, ${length}`,
    makeAudio: "Make the audio",
    makingAudio: "Starting...",
    openPodcast: "Open the podcast",
    backToWizard: "Back",
    errors: {
      textRequired: "Please enter what the host should say.",
      textTooLong: (max: number) => `A line can be up to ${formatCount(max)} characters.`,
      noSuchSegment: "That line is no longer in the script. Reload the page and try again.",
      oneHost: "This episode has one host, so the line cannot move.",
      notReviewable: "This script is no longer waiting for review.",
      recording: "A relative's recording is played as they said it, so it cannot be changed here.",
    },
    toast: {
      writing: { title: "Writing the script", description: "You can read and change it before the audio is made." },
      saved: { title: "Changes saved", description: "The script now reads as you wrote it." },
      moved: { title: "Line moved", description: "The other host will read it." },
      rendering: { title: "Podcast generation started", description: "The audio is being made from your script." },
    },
  },
  pronunciations: {
    heading: "How to say names and places",
    intro:
      "Write a name or place as it should sound. Every future episode of your family uses this list; the transcript keeps the real spelling.",
    term: "Name or place",
    sayAs: "Say it as",
    sayAsHint: "Spell it the way it sounds, e.g. shi-VAWN.",
    add: "Add",
    remove: (term: string) => `Remove ${term}`,
    removeButton: "Remove",
    listen: (term: string) => `Listen to ${term}`,
    listenButton: "Listen",
    preparing: "Preparing…",
    samplesBusy: (seconds: number) =>
      `Many samples are being prepared right now. Please try again in ${seconds} seconds.`,
    empty: "No pronunciations yet.",
    listLabel: "Your pronunciations",
    errors: {
      termRequired: "Please enter a name or place.",
      termTooLong: (max: number) => `A name or place can be up to ${max} characters.`,
      sayAsRequired: "Please enter how to say it.",
      sayAsTooLong: (max: number) => `How to say it can be up to ${max} characters.`,
      duplicate: "That name or place is already in your list.",
      full: (max: number) => `Your list can hold up to ${max} names and places.`,
      notFound: "That pronunciation is no longer in your list.",
    },
    toast: {
      added: { title: "Pronunciation added", description: "The next episodes will say it this way." },
      removed: { title: "Pronunciation removed", description: "The voices read the word as written again." },
    },
  },
};
