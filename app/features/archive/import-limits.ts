import { MAX_ATTACHMENT_BYTES } from "~/features/contributions/inbound-email.server";
import { MAX_RECORDING_BYTES } from "~/features/contributions/recording-limits";

import { MAX_ARCHIVE_BYTES } from "./upload-fields";

const MB = 1024 * 1024;

export const MAX_DATA_JSON_BYTES = 32 * MB;
export const MAX_PHOTO_ENTRY_BYTES = MAX_ATTACHMENT_BYTES;
export const MAX_DOCUMENT_ENTRY_BYTES = MAX_ATTACHMENT_BYTES;
export const MAX_RECORDING_ENTRY_BYTES = MAX_RECORDING_BYTES;
export const MAX_EPISODE_ENTRY_BYTES = 1024 * MB;
export const MAX_INFLATED_BYTES = MAX_ARCHIVE_BYTES;
/** SQLite binds at most 32,766 values per statement, and a story row has about 20. */
export const INSERT_BATCH_ROWS = 500;

export const inMegabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
