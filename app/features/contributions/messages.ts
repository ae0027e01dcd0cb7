// The spec's exact strings are marked; the rest fill gaps the spec leaves open.
import type { AttachmentRefusal, RefusedAttachment } from "#db/enums";

import { displayAddress } from "~/lib/display-address";

import { MAX_ATTACHMENTS, MAX_ATTACHMENTS_MB } from "./attachment-limits";

export const storyMessages = {
  page: {
    backToCollections: "Back to Collections", // spec
    familyPrompt: "Family Prompt", // spec
    // The spec writes "{n} stories collected"; one story reads as users expect.
    storiesCollected: (n: number) => `${n} ${n === 1 ? "story" : "stories"} collected`,
    storyPages: "Story pages",
    storyRange: (from: number, to: number, total: number) => `Stories ${from}–${to} of ${total}`,
    addStory: "Add Story", // spec
    newsletters: "Newsletters",
    generatePodcast: "Generate Podcast", // spec
    emptyTitle: "No stories yet", // spec
    emptyText:
      "Family members can reply to the invitation e-mail, or use the collection's Share Your Story page, and their stories will appear here.",
    shareLinkLabel: "Public contribution link",
  },
  card: {
    anonymous: "Anonymous Contributor", // spec
    recentlySubmitted: "Recently submitted", // spec
    emailReply: "Email Reply", // spec
    webForm: "Web Form", // spec
    theirStory: "Their Story", // spec
    viewFullEmail: "View Full Email", // spec
    editName: (name: string) => `Edit contributor name (${name})`,
    saveName: "Save name",
    cancelEdit: "Cancel",
    sentFrom: (address: string) => `Sent from ${displayAddress(address)}`,
    photos: "Photos",
    photoAlt: (i: number, n: number, name: string) => `Photo ${i} of ${n} from ${name}`,
    removePhoto: "Remove",
    removePhotoLabel: (i: number, fileName: string) => `Remove photo ${i} (${fileName})`,
    photosOnly: "No words came with this reply, only photos.",
    documents: "Documents",
    downloadDocument: (fileName: string, size: string) => `Download ${fileName} (${size})`,
    forwardedQuote: "Forwarded message",
    showRest: "Show the rest of the e-mail",
    keepMore: "Keep more of this e-mail",
    keepLess: "Keep less",
    unsure: "We were not sure where their words end, so the rest of the e-mail is kept below.",
  },
  emptyReplies: {
    title: "Replies without a story",
    text: "These e-mails reached us with no words or photos we could use. We wrote back kindly and asked the sender to try again. Automatic replies and delivery notices are listed too; they are not stories, and reminders go on.",
    from: (email: string | null) => `Reply from ${email ? displayAddress(email) : "an unknown address"}`,
    automatic: (who: string, summary: string) =>
      `${who}'s mailbox answered automatically${summary ? `: ${summary}` : "."}`,
    bounce: (email: string | null) =>
      `An e-mail provider wrote back about ${email ? displayAddress(email) : "an unknown address"}: a message could not be delivered.`,
    bounceReason: (detail: string) =>
      detail
        ? `The invitation came back undelivered: ${detail}`
        : "The invitation came back undelivered: the address does not accept e-mail.",
    subject: (subject: string) => `Subject: ${subject}`,
    whatArrived: "What arrived",
    nothing: "The e-mail was empty.",
  },
  attachments: {
    reason: {
      tooLarge: `too large, the limit is ${MAX_ATTACHMENTS_MB} MB`,
      notKept: "a kind of file we do not keep",
      unreadableImage: "a picture we could not open",
      unreadableMessage: "a forwarded e-mail we could not read",
      tooMany: `one file too many: up to ${MAX_ATTACHMENTS} come with one e-mail`,
      empty: "the file was empty",
      secondRecording: "one recording comes with each answer",
    } satisfies Record<AttachmentRefusal, string>,
    item: (name: string, why: string) => `${name} (${why})`,
    notKept: (items: readonly string[]) =>
      `${items.length} ${items.length === 1 ? "attachment" : "attachments"} did not come through: ${items.join(", ")}`,
  },
  panel: {
    created: "Family Podcast Created!", // spec
    createdText:
      "Your family podcast is ready to play and share. Delete it to choose new voice settings and make it again.",
    deleteAndRegenerate: "Delete & Regenerate", // spec
    ready: "Ready to Create Your Family Podcast?", // spec
    readyText: (n: number) => `You have ${n} stories. Choose the voices and the podcast is made from them.`,
    generateFamilyPodcast: "Generate Family Podcast", // spec
    generating: "Creating Your Family Podcast",
    generatingText: "The narrator is reading your family's stories. This page follows the progress.",
    progressLabel: "Family podcast progress",
    player: "Family podcast player",
    openPodcast: "Open Podcast",
    failed: "Generation Failed", // spec
    failedDefault: "Failed to generate podcast. Please try again.", // spec
    retry: "Retry Generation", // spec
    retrying: "Retrying...",
    scriptReady: "The Script Is Ready",
    scriptReadyText: "Read and change what the voices will say, then make the audio from it.",
    reviewScript: "Review the Script",
  },
  addDialog: {
    title: "Add Story Manually", // spec
    description: "Type in a story a family member told you, by phone, letter or in person.",
    submit: "Add Story",
    submitting: "Adding...",
  },
  voiceDialog: {
    title: "Configure Family Podcast Voice", // spec
    description:
      "Choose who speaks in your family podcast and how they sound. The settings are saved with this collection.",
    generate: "Generate Family Podcast", // spec
    generating: "Generating...",
    save: "Save Voice Settings",
    saving: "Saving...",
    failed: "Generation Failed", // spec
    voice: "Narrator voice",
    accent: "Narrator accent",
    speed: "Narrator speaking speed",
    hostVoice: "Host voice",
    hostAccent: "Host accent",
    hostSpeed: "Host speaking speed",
    music: "Background music",
    quality: "Sound quality",
    hostCount: "Voices",
    hostOptions: {
      1: "One voice: the narrator introduces the family and reads their stories",
      2: "Two voices: a host introduces each relative and asks, the narrator reads",
    },
    introOutro: "Family intro and outro",
    voiceLabels: {
      "female-warm": "Female, warm",
      "female-professional": "Female, professional",
      "male-warm": "Male, warm",
      "male-professional": "Male, professional",
    },
    accentLabels: { american: "American", british: "British", australian: "Australian" },
    musicLabels: { none: "None", warm: "Warm", uplifting: "Uplifting", gentle: "Gentle" },
    qualityLabels: { standard: "Standard (smaller file)", premium: "High (clearer sound, larger file)" },
  },
  rename: {
    label: "Contributor name",
  },
  validation: {
    nameRequired: "Please enter the contributor's name",
    emailRequired: "Please enter the contributor's email",
    emailInvalid: "Please enter a valid email address",
    storyRequired: "Please enter the story",
    nameTooLong: "Name must be at most 200 characters",
    storyTooLong: "Story must be at most 50000 characters",
    invalidChoice: "Please choose one of the options",
    speedRange: "Speed must be between 0.7 and 1.3",
    photoMissing: "Please choose a photo to remove",
    replyReadingMissing: "Please choose how much of the e-mail to keep",
  },
  toast: {
    storyAdded: { title: "Story added", description: "The story has been added to this collection." },
    nameUpdated: { title: "Contributor name updated" },
    voiceSaved: {
      title: "Podcast voice settings saved",
      description: "Your voice settings are saved with this collection.",
    },
    podcastDeleted: { title: "Podcast deleted", description: "Choose the voice settings for the new family podcast." },
    podcastStarted: {
      title: "Family podcast generation started",
      description: "Your family podcast is being made from these stories.",
    },
    retryStarted: {
      title: "Generation restarted",
      description: "Your family podcast is being made again with the same settings.",
    },
    photoRemoved: { title: "Photo removed", description: "It no longer appears with the story or in newsletters." },
    storyEdited: { title: "Story text saved", description: "The text as it arrived is kept." },
    recordingDeleted: { title: "Recording deleted" },
    keptMore: {
      title: "The whole e-mail is kept",
      description: "It is the story now; the e-mail as it arrived is unchanged.",
    },
    keptLess: {
      title: "The quoted part is left out",
      description: "The e-mail as it arrived stays viewable on the story.",
    },
    titleSaved: { title: "Story title saved", description: "Newsletters and books made from now on use it." },
    titleCleared: { title: "Story title cleared", description: "A title made from the story is used." },
  },
  public: {
    title: "Share Your Story", // spec
    yourName: "Your name",
    yourEmail: "Your email",
    yourStory: "Your story",
    submit: "Share My Story",
    submitting: "Sending...",
    thankYou: "Thank You!", // spec
    thankYouText: "Your story has been shared with the family. It will be treasured.",
    sentTitle: "What you sent",
    sentFrom: (name: string) => `From ${name}`,
    sentPhotos: (names: readonly string[]) => `Photos: ${names.join(", ")}`,
    sentRecording: (name: string) => `Recording: ${name || "your recording"}`,
    shareAnother: "Share another story",
    notFoundTitle: "Collection Not Found", // spec
    notFoundText: "This story collection doesn't exist or is no longer accepting contributions.", // spec
    honeypotLabel: "Leave this field empty",
  },
  api: {
    notFound: "Not Found",
  },
  replacedLink: {
    pageTitle: "Link replaced",
    title: "This link has been replaced",
    text: (title: string) =>
      `The personal links for "${title}" were replaced with new ones, so this one no longer works. Nothing you sent is lost.`,
    hint: "We can e-mail a fresh link to the address this invitation was sent to.",
    button: "E-mail me a fresh link",
    sentTitle: "Check your e-mail",
    sentText: "If this invitation can still receive e-mail, a fresh link is on its way to the address it was sent to.",
  },
  recording: {
    label: "Or record your answer (optional)",
    hint: "Choose a voice memo or audio file, or record one on your phone. Up to 10 minutes and 50 MB. You can also type beside it.",
    consent:
      "Your recording will be heard by the family in the family podcast and newsletter. You can ask for it to be removed at any time with the link in the thank-you e-mail.",
    storyOrRecording: "Please enter the story or add a recording",
    tooLarge: "That recording is larger than 50 MB. Please choose a shorter one (up to 10 minutes).",
    tooLong: "That recording is longer than 10 minutes. Please choose a shorter one.",
    notAudio:
      "We couldn't read that file as a sound recording. Please choose a voice memo or another audio file (m4a, mp3, ogg, opus, wav, amr or webm).",
    empty: "The recording is empty.",
    // A browser cannot send a chosen file back to the page: the relative must be told to choose it again.
    chooseAgain: (fileName: string) =>
      `Your recording${fileName ? ` "${fileName}"` : ""} was not kept because of the problem above. Please fix it and choose the recording again.`,
    heading: "Their recording",
    duration: (length: string) => `Duration ${length}`,
    converting: "The recording is being prepared; it will play here in a moment.",
    refused: (reason: string) => `A recording came with this story but could not be kept: ${reason}`,
    refusal: {
      tooLarge: {
        owner: "the file was larger than 50 MB.",
        relative: "The file was larger than 50 MB, which is more than we can take.",
      },
      tooLong: {
        owner: "it was longer than 10 minutes.",
        relative: "It was longer than 10 minutes, which is more than we can take.",
      },
      notAudio: {
        owner: "the file could not be read as a sound recording.",
        relative: "We couldn't read the file as a sound recording.",
      },
      unreadable: {
        owner: "the file seems to be damaged, so it could not be turned into sound.",
        relative:
          "The file seems to have been damaged on the way, so we couldn't turn it into sound the family can play.",
      },
      empty: { owner: "the file was empty.", relative: "The file arrived empty." },
    },
    removalRequested: "Removal requested",
    removalRequestedText:
      "The contributor asked for this recording to be removed. It is left out of podcasts and newsletters; you can delete it.",
    original: "Download the original",
    delete: "Delete recording",
    missing: "Please choose a recording to delete",
    recorder: {
      heading: "Record your answer",
      explain:
        "You can speak your answer instead of typing it. When you press the button, your browser will ask whether this page may use your microphone: please allow it.",
      start: "Record your answer",
      asking: "Waiting for your browser's permission to use the microphone…",
      blocked: {
        denied:
          "Your browser did not allow the microphone, so we can't record here. You can allow it in the browser's settings and try again, type your answer, or choose a voice memo below.",
        noMicrophone:
          "We couldn't find a microphone on this device. You can type your answer, or choose a voice memo below.",
        inUse: "The microphone is being used by another app. Close it and try again, or choose a voice memo below.",
        failed: "The recorder could not start. You can type your answer, or choose a voice memo below.",
      },
      tryAgain: "Try again",
      level: "Microphone level",
      levelHint: "The bar moves when we hear you.",
      clock: (elapsed: string, limit: string) => `${elapsed} of ${limit}`,
      recording: "Recording",
      paused: "Paused",
      pause: "Pause",
      resume: "Resume",
      stop: "Stop",
      minuteLeft: "1 minute left",
      secondsLeft: (n: number) => `${n} seconds left`,
      stoppedAtLimit: "The recording stopped at the 10-minute limit.",
      started: "Recording started.",
      pausedAnnounce: "Recording paused.",
      resumedAnnounce: "Recording resumed.",
      stoppedAnnounce: (length: string) =>
        `Recording stopped: ${length} recorded. You can listen to it before you send it.`,
      listen: "Listen to your recording",
      length: (length: string) => `Your recording: ${length}`,
      rerecord: "Record again",
      rerecordHint: "Recording again deletes the recording above.",
      discard: "Delete this recording",
      kept: "We kept the recording you made earlier. Listen to it, send it, or record again.",
      sentWithForm: "Your recording is sent with the form when you press Share My Story.",
      fileInputReplaced: "Your recording above will be sent. To send a file instead, delete the recording.",
      finishFirst: "Please stop the recording before you send it.",
      uploading: "Sending your answer…",
      progressLabel: "Upload progress",
      progress: (percent: number) => `${percent}% sent`,
      retrying: "Connection lost — retrying… Your recording is safe on this page.",
      nextTry: (seconds: number) => `Next try in ${seconds} s.`,
      tryingNow: "Trying now…",
      offline:
        "We couldn't reach Storyhearth. Your recording is safe on this page: check your connection and press Try again.",
      failed: (status: number) =>
        `Your answer could not be sent (error ${status}). Your recording is safe on this page: please try again.`,
    },
  },
  edit: {
    open: "Edit text",
    label: "Story text",
    save: "Save text",
    cancel: "Cancel",
    edited: "Edited — see original",
    originalHeading: "The text as it arrived",
  },
  title: {
    open: "Set title",
    change: "Change title",
    label: "Story title",
    hint: "Leave it empty to use a title made from the story.",
    made: "Title made from the story",
    save: "Save title",
    cancel: "Cancel",
    tooLong: "Title must be at most 80 characters",
    ownVoice: (name: string | null) => (name ? `In ${name}'s own voice` : "In their own voice"),
    untitled: (name: string | null) => (name ? `A story from ${name}` : "A family story"),
  },
  length: {
    read: (minutes: number) => `${minutes} min read`,
    listen: (seconds: number) =>
      seconds < 60 ? `${Math.max(1, Math.round(seconds))} sec listen` : `${Math.round(seconds / 60)} min listen`,
  },
  removal: {
    title: "Remove your recording",
    text: (title: string) =>
      `Your recording for "${title}" will no longer be used in the family podcast or newsletter, and the family will be asked to delete it. Your written story, if any, stays unless you tick the box below.`,
    alsoStory: "Also delete my written story and its photos",
    confirm: "Remove my recording",
    doneTitle: "Your request is noted",
    doneText: "Your recording is no longer used in the family podcast or newsletter. Thank you for letting us know.",
    storyDoneText:
      "Your recording and your written story have been deleted, and podcasts that used them are being made again without them.",
    storyStays: "Your written story and its photos are still kept. You can delete them too.",
    deleteStory: "Delete my written story and its photos",
    invalidTitle: "Link not valid",
    invalidText: "This removal link is not valid, or the recording was already deleted.",
  },
} as const;

export type RefusalCode = keyof typeof storyMessages.recording.refusal;

export const refusedItems = (refused: readonly RefusedAttachment[]) =>
  refused.map((r) => storyMessages.attachments.item(r.name, storyMessages.attachments.reason[r.reason] ?? r.reason));

export const refusedNote = (refused: readonly RefusedAttachment[] | null) =>
  refused?.length ? storyMessages.attachments.notKept(refusedItems(refused)) : null;

export function refusalForOwner(reason: string | null) {
  const refusals = storyMessages.recording.refusal;
  if (reason === null) return refusals.unreadable.owner;
  return Object.hasOwn(refusals, reason) ? refusals[reason as RefusalCode].owner : reason;
}
