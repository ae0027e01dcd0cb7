// Where each thing goes in an archive's zip (pure: the site's pages link by the same paths).
import { keyExtension } from "~/lib/file-types";

export const archivePaths = {
  stylesheet: "style.css",
  book: "book.pdf",
  collection: (name: string) => `collections/${name}.html`,
  story: (name: string) => `stories/${name}.html`,
  episode: (name: string) => `episodes/${name}.html`,
  newsletter: (name: string) => `newsletters/${name}.html`,
  photo: (story: string, n: number, key: string) => `media/photos/${story}-${n}.${keyExtension(key) || "bin"}`,
  document: (story: string, n: number, key: string) => `media/documents/${story}-${n}.${keyExtension(key) || "bin"}`,
  recording: (story: string, key: string) => `media/recordings/${story}.${keyExtension(key) || "bin"}`,
  original: (story: string, key: string) => `media/recordings/${story}-original.${keyExtension(key) || "bin"}`,
  episodeAudio: (name: string) => `media/episodes/${name}.mp3`,
  transcript: (name: string) => `media/episodes/${name}-transcript.txt`,
  newsletterCover: (name: string, key: string) => `media/newsletters/${name}-cover.${keyExtension(key) || "bin"}`,
};
