// File names offered for downloads (Content-Disposition), as the spec's client names them.

/** "Grandma's Lake House!" → "grandmas-lake-house"; "" when nothing usable is left. */
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

/** The MP3: the title's slug, or the spec's default podcast-{id}.mp3. */
export const audioDownloadName = (podcast: { id: string; title: string }) => `${slugify(podcast.title) || `podcast-${podcast.id}`}.mp3`;

/** The transcript PDF: the spec's transcript-{id}.pdf. */
export const transcriptDownloadName = (podcastId: string) => `transcript-${podcastId}.pdf`;

/** The download endpoints (the player falls back to the first when streaming fails). */
export const podcastDownloadUrl = (podcastId: string) => `/api/podcasts/${podcastId}/download`;
export const transcriptDownloadUrl = (podcastId: string) => `/api/podcasts/${podcastId}/transcript`;
