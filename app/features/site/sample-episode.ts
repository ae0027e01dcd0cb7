// Shared by the landing page (browser) and the server that makes the file.
export const SAMPLE_EPISODE_URL = "/sample-episode";
export const SAMPLE_EPISODE_TITLE = "Summers at the Lake";
