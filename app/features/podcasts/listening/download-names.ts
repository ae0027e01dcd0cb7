export function slugify(title: string, max = 80) {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, max)
    .replace(/^-+|-+$/g, "");
}

export const audioDownloadName = (podcast: { id: string; title: string }) =>
  `${slugify(podcast.title) || `podcast-${podcast.id}`}.mp3`;

export const transcriptDownloadName = (podcastId: string) => `transcript-${podcastId}.pdf`;

export const podcastDownloadUrl = (podcastId: string) => `/api/podcasts/${podcastId}/download`;
export const transcriptDownloadUrl = (podcastId: string) => `/api/podcasts/${podcastId}/transcript`;
