// The podcast forms' limits, without Zod: the browser's forms read them (maxLength, the share's days)
// and listening-schemas.ts builds its schemas from them (schema code stays on the server).
export const PODCAST_TITLE_MAX = 200;
export const PODCAST_DESCRIPTION_MAX = 2000;
export const SHARE_DAYS_DEFAULT = 30; // spec
export const SHARE_DAYS_MIN = 1;
export const SHARE_DAYS_MAX = 365;
export const SHARE_PASSWORD_MIN = 4;
export const SHARE_PASSWORD_MAX = 128;
