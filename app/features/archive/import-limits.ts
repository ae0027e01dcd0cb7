// How much of an imported archive is read, entry by entry and in all (decision 0198). A photo and a
// recording get the limits they have when a relative sends them; the rest is sized for a large family.
import { MAX_ATTACHMENT_BYTES } from "~/features/contributions/inbound-email.server";
import { MAX_RECORDING_BYTES } from "~/features/contributions/recording-limits";
import { MAX_ARCHIVE_BYTES } from "./upload-fields";

const MB = 1024 * 1024;

/** data.json is parsed whole: this bounds the memory and the time the parse holds the server. */
export const MAX_DATA_JSON_BYTES = 32 * MB;
export const MAX_PHOTO_ENTRY_BYTES = MAX_ATTACHMENT_BYTES;
export const MAX_DOCUMENT_ENTRY_BYTES = MAX_ATTACHMENT_BYTES;
export const MAX_RECORDING_ENTRY_BYTES = MAX_RECORDING_BYTES;
/** An episode's MP3: hours of speech at the renderer's bit rate fit many times over. */
export const MAX_EPISODE_ENTRY_BYTES = 1024 * MB;
/** Everything the import inflates, together: no more than the largest upload we take. */
export const MAX_INFLATED_BYTES = MAX_ARCHIVE_BYTES;
/** Rows per INSERT: SQLite binds at most 32,766 values per statement, and a story row has about 20. */
export const INSERT_BATCH_ROWS = 500;

export const inMegabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
