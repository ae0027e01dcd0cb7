// The upload form's field names and size cap, shared by the form (browser), the reader and the
// body limits in front of Remix (server).
export const ARCHIVE_FIELD = "archive";
export const OWNER_FIELD = "ownerEmail";
/** A whole family's recordings and episodes can be large; the file goes to disk, never to memory. */
export const MAX_ARCHIVE_BYTES = 20 * 1024 ** 3;
/** Room for the owner's address and the part headers beside the file. */
export const ARCHIVE_FORM_OVERHEAD_BYTES = 64 * 1024;
