// The upload form's field names and size cap, shared by the form (browser), the reader and the
// body limits in front of Remix (server).
export const ARCHIVE_FIELD = "archive";
export const OWNER_FIELD = "ownerEmail";
export const MAX_ARCHIVE_BYTES = 20 * 1024 ** 3;
export const ARCHIVE_FORM_OVERHEAD_BYTES = 64 * 1024;
