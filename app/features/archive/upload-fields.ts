// The upload form's field names, shared by the form (browser) and the reader (server).
export const ARCHIVE_FIELD = "archive";
export const OWNER_FIELD = "ownerEmail";
