import { BRAND, button, greeting, html, layoutHtml, layoutText, muted, paragraph, textLink, type EmailParts } from "~/lib/email/layout";

type InvitationInput = {
  campaignTitle: string;
  prompt: string;
  description?: string | null;
  ownerName: string;
  formUrl: string;
  unsubscribeUrl: string;
  /** Who it greets ("Hi Aunt Rosa,"); "Hi there," without one. */
  recipientName?: string | null;
};

function storyRequest({ campaignTitle, prompt, description, formUrl, unsubscribeUrl, recipientName }: InvitationInput, opening: string, subject: string): EmailParts {
  const replyHint = "Just reply to this e-mail with your story. Write as much or as little as you like; photos are welcome too.";
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
    text: layoutText([greeting(recipientName), opening, description, `"${prompt}"`, replyHint, textLink(formHint, formUrl)], { unsubscribe }),
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

/** To the invitee who asked, from an old (replaced) link, for their current one (decision 0190). */
export function freshLinkEmail(input: InvitationInput): EmailParts {
  return storyRequest(
    input,
    `You asked for a fresh link to ${input.ownerName}'s story collection "${input.campaignTitle}" on ${BRAND.name}. The link you used has been replaced; the ones in this e-mail are yours now.`,
    `Your fresh link for "${input.campaignTitle}"`,
  );
}

type EmptyReplyNoteInput = { campaignTitle: string; ownerName: string; senderName?: string | null; formUrl: string; unsubscribeUrl: string };

/** To someone whose reply had no story in it: thanks, no blame, and two easy ways to try again. */
export function emptyReplyNoteEmail({ campaignTitle, ownerName, senderName, formUrl, unsubscribeUrl }: EmptyReplyNoteInput): EmailParts {
  const subject = `We'd still love your story for "${campaignTitle}"`;
  const thanks = `Thank you for answering ${ownerName}'s invitation to "${campaignTitle}". Your e-mail reached us, but we couldn't find any words of yours in it. That happens: sometimes a mail app sends only the quoted invitation, or the text goes missing on the way.`;
  const again = "Would you try once more? Just reply to this e-mail and write your story at the top. Write as much or as little as you like; photos are welcome too.";
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

type RecordingThanksInput = {
  campaignTitle: string;
  ownerName: string;
  senderName?: string | null;
  removalUrl: string;
  unsubscribeUrl: string;
  /** To an address nobody invited (the public form's typed one): it may not have been them. */
  unasked?: boolean;
};

/** The line for an address nobody invited: whoever typed it may not have been its owner (issue 29). */
const NOT_YOU = "If you didn't send this, you can ignore this e-mail: nothing more will come.";

/** After a recording was kept: thanks, where it will be heard, and the way to take it back (decision 0136). */
export function recordingThanksEmail({ campaignTitle, ownerName, senderName, removalUrl, unsubscribeUrl, unasked = false }: RecordingThanksInput): EmailParts {
  const subject = `Thank you for your recording for "${campaignTitle}"`;
  const thanks = `Thank you for answering ${ownerName}'s invitation with your own voice. Your recording reached us and is kept with your story.`;
  const heard = "It will be heard by the family in the family podcast and newsletter.";
  const removeHint = "Changed your mind? You can ask for the recording to be removed:";
  const unsubscribe = { url: unsubscribeUrl, from: campaignTitle };
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: heard,
      body: html`${paragraph(greeting(senderName))}${paragraph(thanks)}${paragraph(heard)}${muted(html`${removeHint} <a href="${removalUrl}" style="color:${BRAND.muted};">Remove my recording</a>`)}${unasked ? muted(NOT_YOU) : ""}`,
      unsubscribe,
    }),
    text: layoutText([greeting(senderName), thanks, heard, textLink(removeHint, removalUrl), unasked ? NOT_YOU : null], { unsubscribe }),
  };
}

type RecordingRefusedInput = {
  campaignTitle: string;
  ownerName: string;
  senderName?: string | null;
  /** Why, in the relative's words (messages.recording.refusal). */
  reason: string;
  /** Their typed words were kept with the story. */
  textKept: boolean;
  /** They can reply to this e-mail with the recording (it came by e-mail). */
  canReply: boolean;
  formUrl: string;
  unsubscribeUrl: string;
  unasked?: boolean;
};

/** A recording we could not keep (issue 29): why, that their words are safe, and how to send it again. */
export function recordingRefusedEmail({ campaignTitle, ownerName, senderName, reason, textKept, canReply, formUrl, unsubscribeUrl, unasked = false }: RecordingRefusedInput): EmailParts {
  const subject = `Your recording for "${campaignTitle}" didn't come through`;
  const thanks = `Thank you for sending a recording for ${ownerName}'s "${campaignTitle}". We're sorry: we couldn't keep it. ${reason}`;
  const kept = textKept ? "What you wrote reached us and is kept with your story, so none of your words are lost." : null;
  const again = canReply
    ? "Would you try once more? Reply to this e-mail with the recording attached: a voice memo of up to 10 minutes and 50 MB works best."
    : "Would you try once more? A voice memo of up to 10 minutes and 50 MB works best.";
  const formHint = canReply ? "Or, if it's easier, record or choose it on this page (no account needed):" : "You can record or choose it on this page (no account needed):";
  const unsubscribe = { url: unsubscribeUrl, from: campaignTitle };
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: reason,
      body: html`${paragraph(greeting(senderName))}${paragraph(thanks)}${kept ? paragraph(kept) : ""}${paragraph(again)}${paragraph(formHint)}${button(formUrl, "Send my recording")}${unasked ? muted(NOT_YOU) : ""}`,
      unsubscribe,
    }),
    text: layoutText([greeting(senderName), thanks, kept, again, textLink(formHint, formUrl), unasked ? NOT_YOU : null], { unsubscribe }),
  };
}
