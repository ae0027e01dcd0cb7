const MB = 1024 * 1024;

export const MAX_INBOUND_BYTES = 25 * MB;
/** Mail carries files in base64, a third larger, so 25 MB of message holds 18 MB of files. */
export const MAX_ATTACHMENTS_MB = Math.floor((25 * 3) / 4);
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENTS_MB * MB;
export const MAX_ATTACHMENTS = 20;

export const attachmentsWelcome = `Photos are welcome too, and documents such as letters or recipes: up to ${MAX_ATTACHMENTS_MB} MB in all.`;
