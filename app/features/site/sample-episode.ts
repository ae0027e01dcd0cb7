export const SAMPLE_EPISODE_URL = "/sample-episode";
export const SAMPLE_EPISODE_TITLE = "Summers at the Lake";
