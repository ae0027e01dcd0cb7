export const PODCAST_TITLE_MAX = 200;
export const PODCAST_DESCRIPTION_MAX = 2000;
export const SHARE_DAYS_DEFAULT = 30; // spec
export const SHARE_DAYS_MIN = 1;
export const SHARE_DAYS_MAX = 365;
export const SHARE_PASSWORD_MIN = 4;
export const SHARE_PASSWORD_MAX = 128;
