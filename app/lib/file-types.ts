// A stored file's type is the extension the server gave its key after checking the content, never the sender's name or type.

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
export const muxerFor = (ext: string) => MUXERS[ext] ?? "matroska";

export const keyExtension = (key: string) => /\.([a-z0-9]{1,5})$/.exec(key)?.[1] ?? "";

export const storedFileType = (key: string) => TYPES[keyExtension(key)] ?? "application/octet-stream";

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
