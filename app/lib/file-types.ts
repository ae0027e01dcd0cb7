// What a stored file is, by the extension the server gave its key when it checked the content
// (ffprobe for audio, libvips for images), never by the name or type its sender gave. Serving and
// "Download original" use it, so a recording sent as "voice.html" is saved as "voice.m4a".

const TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  webm: "audio/webm",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
  aiff: "audio/aiff",
  amr: "audio/amr",
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

/** The ffmpeg muxer that writes each stored media extension, for rewriting a file without its metadata. */
const MUXERS: Record<string, string> = {
  mp4: "mp4",
  m4a: "mp4",
  mov: "mov",
  webm: "webm",
  mkv: "matroska",
  mka: "matroska",
  ogv: "ogg",
  ogg: "ogg",
  opus: "ogg",
  avi: "avi",
  ts: "mpegts",
  mp3: "mp3",
  wav: "wav",
  flac: "flac",
  aiff: "aiff",
  amr: "amr",
  aac: "adts",
};
/** Matroska takes nearly any codec: the home of a format we have no muxer of its own for. */
export const muxerFor = (ext: string) => MUXERS[ext] ?? "matroska";

/** The extension of a storage key ("recordings/x/y-original.m4a" → "m4a"), or "" when it has none. */
export const keyExtension = (key: string) => /\.([a-z0-9]{1,5})$/.exec(key)?.[1] ?? "";

/** A stored file's Content-Type; anything we did not name is served as bytes to save, never to render. */
export const storedFileType = (key: string) => TYPES[keyExtension(key)] ?? "application/octet-stream";

/**
 * The name a stored file is saved under: the sender's name without its own extension (and without
 * anything a file system or header would choke on), then the extension the server detected.
 */
export function downloadName(sentName: string | null | undefined, ext: string, fallback = "file") {
  const base = (sentName ?? "")
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, "")
    .replace(/\.[^.]{1,10}$/, "")
    .trim()
    .slice(0, 150);
  return ext ? `${base || fallback}.${ext}` : base || fallback;
}
