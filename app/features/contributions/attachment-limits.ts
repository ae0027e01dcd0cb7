// What an e-mail reply can bring (decision 0213): one home for the numbers the webhook refuses by,
// the invitation states and the refusal note explains. Light, so server/body-limit.ts and the
// e-mail templates can read it.
const MB = 1024 * 1024;

/** Mailgun takes a message of up to 25 MB and posts it to the webhook; a larger post is refused unread. */
export const MAX_INBOUND_BYTES = 25 * MB;
/**
 * What files fit in such a message, said to families in MB: mail carries files in base64, a third
 * larger than the files, so 25 MB of message holds 18 MB of files and a little text.
 */
export const MAX_ATTACHMENTS_MB = Math.floor((25 * 3) / 4);
/** A photo or document over this is refused (a recording keeps its own rule, decision 0136). */
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENTS_MB * MB;
/** Attachments read from one reply, a forwarded message's included; the rest are refused as too many. */
export const MAX_ATTACHMENTS = 20;

/** The invitation's sentence on what can come with a reply. */
export const attachmentsWelcome = `Photos are welcome too, and documents such as letters or recipes: up to ${MAX_ATTACHMENTS_MB} MB in all.`;
