import {
  BRAND,
  button,
  greeting,
  html,
  layoutHtml,
  layoutText,
  muted,
  paragraph,
  textLink,
  type EmailParts,
} from "~/lib/email/layout";

import { attachmentsWelcome, MAX_ATTACHMENTS_MB } from "./attachment-limits";
import { storyMessages } from "./messages";

type InvitationInput = {
  campaignTitle: string;
  prompt: string;
  description?: string | null;
  ownerName: string;
  formUrl: string;
  unsubscribeUrl: string;
  recipientName?: string | null;
};

function storyRequest(
  { campaignTitle, prompt, description, formUrl, unsubscribeUrl, recipientName }: InvitationInput,
  opening: string,
  subject: string,
): EmailParts {
  const replyHint = `Just reply to this e-mail with your story. Write as much or as little as you like. ${attachmentsWelcome}`;
  const formHint = "Prefer a web page? Use your personal link (no account needed):";
  const unsubscribe = { url: unsubscribeUrl, from: campaignTitle };
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: prompt,
      body: html`${paragraph(greeting(recipientName))}${paragraph(opening)}${description ? paragraph(description) : ""}
        <blockquote class="sh-quote sh-ink" style="margin:16px 0;padding:12px 16px;border-left:4px solid ${BRAND.color};background:${BRAND.paper};font-size:17px;">${prompt}</blockquote>
        ${paragraph(replyHint)}${paragraph(formHint)}${button(formUrl, "Share my story")}`,
      unsubscribe,
    }),
    text: layoutText(
      [greeting(recipientName), opening, description, `"${prompt}"`, replyHint, textLink(formHint, formUrl)],
      { unsubscribe },
    ),
  };
}

export function invitationEmail(input: InvitationInput): EmailParts {
  return storyRequest(
    input,
    `${input.ownerName} is gathering family stories for "${input.campaignTitle}" on ${BRAND.name}, and would love to hear yours.`,
    `${input.campaignTitle}: ${input.ownerName} would love your story`,
  );
}

export function reminderEmail(input: InvitationInput): EmailParts {
  return storyRequest(
    input,
    `A gentle reminder: ${input.ownerName} would still love to hear your story for "${input.campaignTitle}".`,
    `Reminder: ${input.campaignTitle}`,
  );
}

export function freshLinkEmail(input: InvitationInput): EmailParts {
  return storyRequest(
    input,
    `You asked for a fresh link to ${input.ownerName}'s story collection "${input.campaignTitle}" on ${BRAND.name}. The link you used has been replaced; the ones in this e-mail are yours now.`,
    `Your fresh link for "${input.campaignTitle}"`,
  );
}

type EmptyReplyNoteInput = {
  campaignTitle: string;
  ownerName: string;
  senderName?: string | null;
  formUrl: string;
  unsubscribeUrl: string;
};

export function emptyReplyNoteEmail({
  campaignTitle,
  ownerName,
  senderName,
  formUrl,
  unsubscribeUrl,
}: EmptyReplyNoteInput): EmailParts {
  const subject = `We'd still love your story for "${campaignTitle}"`;
  const thanks = `Thank you for answering ${ownerName}'s invitation to "${campaignTitle}". Your e-mail reached us, but we couldn't find any words of yours in it. That happens: sometimes a mail app sends only the quoted invitation, or the text goes missing on the way.`;
  const again = `Would you try once more? Just reply to this e-mail and write your story at the top. Write as much or as little as you like. ${attachmentsWelcome}`;
  const formHint = "Or, if it's easier, use your personal link (no account needed):";
  const kept = `${ownerName} can see that you replied, so nothing you sent is lost.`;
  const unsubscribe = { url: unsubscribeUrl, from: campaignTitle };
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: again,
      body: html`${paragraph(greeting(senderName))}${paragraph(thanks)}${paragraph(again)}${paragraph(formHint)}${button(formUrl, "Share my story")}${muted(kept)}`,
      unsubscribe,
    }),
    text: layoutText([greeting(senderName), thanks, again, textLink(formHint, formUrl), kept], { unsubscribe }),
  };
}

export type AnswerCopy = { text: string; photos: readonly string[]; recording: string | null };

const sent = storyMessages.public;

type StoryThanksInput = {
  campaignTitle: string;
  ownerName: string;
  removalUrl: string | null;
  unsubscribeUrl: string;
} & ({ unasked?: false; senderName: string | null; copy: AnswerCopy } | { unasked: true });

/** Whoever typed an address nobody invited may not have been its owner (decision 0156). */
const NOT_YOU = "If you didn't send this, you can ignore this e-mail: nothing more will come.";

function copyLines({ text, photos, recording }: AnswerCopy) {
  return [
    text || null,
    photos.length ? sent.sentPhotos(photos) : null,
    recording !== null ? sent.sentRecording(recording) : null,
  ];
}

export function storyThanksEmail(input: StoryThanksInput): EmailParts {
  const { campaignTitle, ownerName, removalUrl } = input;
  const subject = `Thank you for your story for "${campaignTitle}"`;
  const thanks = `Thank you for answering ${ownerName}'s invitation to "${campaignTitle}". What you sent reached us and is kept with the family's stories.`;
  const heard = "The family will read and hear it in the family podcast and newsletter.";
  const copyHint = "Here is a copy of what you sent:";
  const removeHint = "Changed your mind? You can ask for the recording to be removed:";
  const invited = input.unasked ? null : input;
  const copy = invited?.copy;
  const unsubscribe = { url: input.unsubscribeUrl, from: campaignTitle };
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: heard,
      body: html`${paragraph(greeting(invited?.senderName))}${paragraph(thanks)}${
        copy
          ? html`${paragraph(copyHint)}${copy.text ? html`<blockquote class="sh-quote sh-ink" style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${BRAND.color};background:${BRAND.paper};font-size:16px;line-height:1.6;white-space:pre-wrap;">${copy.text}</blockquote>` : ""}${copy.photos.length ? paragraph(sent.sentPhotos(copy.photos)) : ""}${copy.recording !== null ? paragraph(sent.sentRecording(copy.recording)) : ""}`
          : ""
      }${paragraph(heard)}${removalUrl ? muted(html`${removeHint} <a href="${removalUrl}" style="color:${BRAND.muted};">Remove my recording</a>`) : ""}${invited ? "" : muted(NOT_YOU)}`,
      unsubscribe,
    }),
    text: layoutText(
      [
        greeting(invited?.senderName),
        thanks,
        ...(copy ? [copyHint, ...copyLines(copy)] : []),
        heard,
        removalUrl ? textLink(removeHint, removalUrl) : null,
        invited ? null : NOT_YOU,
      ],
      { unsubscribe },
    ),
  };
}

type RecordingRefusedInput = {
  campaignTitle: string;
  ownerName: string;
  senderName?: string | null;
  reason: string;
  textKept: boolean;
  canReply: boolean;
  formUrl: string;
  unsubscribeUrl: string;
  unasked?: boolean;
};

export function recordingRefusedEmail({
  campaignTitle,
  ownerName,
  senderName,
  reason,
  textKept,
  canReply,
  formUrl,
  unsubscribeUrl,
  unasked = false,
}: RecordingRefusedInput): EmailParts {
  const subject = `Your recording for "${campaignTitle}" didn't come through`;
  const thanks = `Thank you for sending a recording for ${ownerName}'s "${campaignTitle}". We're sorry: we couldn't keep it. ${reason}`;
  const kept = textKept
    ? "What you wrote reached us and is kept with your story, so none of your words are lost."
    : null;
  const again = canReply
    ? "Would you try once more? Reply to this e-mail with the recording attached: a voice memo of up to 10 minutes and 50 MB works best."
    : "Would you try once more? A voice memo of up to 10 minutes and 50 MB works best.";
  const formHint = canReply
    ? "Or, if it's easier, record or choose it on this page (no account needed):"
    : "You can record or choose it on this page (no account needed):";
  const unsubscribe = { url: unsubscribeUrl, from: campaignTitle };
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: reason,
      body: html`${paragraph(greeting(senderName))}${paragraph(thanks)}${kept ? paragraph(kept) : ""}${paragraph(again)}${paragraph(formHint)}${button(formUrl, "Send my recording")}${unasked ? muted(NOT_YOU) : ""}`,
      unsubscribe,
    }),
    text: layoutText(
      [greeting(senderName), thanks, kept, again, textLink(formHint, formUrl), unasked ? NOT_YOU : null],
      { unsubscribe },
    ),
  };
}

type AttachmentsRefusedInput = {
  campaignTitle: string;
  ownerName: string;
  senderName?: string | null;
  items: readonly string[];
  storyKept: boolean;
  formUrl: string;
  unsubscribeUrl: string;
};

export function attachmentsRefusedEmail({
  campaignTitle,
  ownerName,
  senderName,
  items,
  storyKept,
  formUrl,
  unsubscribeUrl,
}: AttachmentsRefusedInput): EmailParts {
  const one = items.length === 1;
  const subject = `${one ? "A file" : "Some files"} you sent for "${campaignTitle}" didn't come through`;
  const thanks = `Thank you for answering ${ownerName}'s invitation to "${campaignTitle}". ${storyKept ? "Your e-mail reached us and is kept with the family's stories, but" : "Your e-mail reached us, but"} ${one ? "this attachment" : "these attachments"} could not be kept:`;
  const what = `Photos, voice recordings and documents (PDF, Word, OpenDocument, text) come through, up to ${MAX_ATTACHMENTS_MB} MB in all.`;
  const how =
    "To send a large photo again, choose a smaller size when you attach it (most phones offer one), or send one photo per e-mail. A video cannot be kept, but you could tell its story in a voice recording.";
  const again = "Reply to this e-mail with the files attached, or use your personal link (no account needed):";
  const seen = `${ownerName} can see which files did not come through.`;
  const unsubscribe = { url: unsubscribeUrl, from: campaignTitle };
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: items.join(", "),
      body: html`${paragraph(greeting(senderName))}${paragraph(thanks)}<ul class="sh-ink" style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.6;">${items.map((item) => html`<li>${item}</li>`)}</ul>${paragraph(what)}${paragraph(how)}${paragraph(again)}${button(formUrl, "Share my story")}${muted(seen)}`,
      unsubscribe,
    }),
    text: layoutText(
      [
        greeting(senderName),
        thanks,
        items.map((item) => `- ${item}`).join("\n"),
        what,
        how,
        textLink(again, formUrl),
        seen,
      ],
      { unsubscribe },
    ),
  };
}
