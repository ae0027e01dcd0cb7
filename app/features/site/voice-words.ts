// How the sign-in and landing pages name the voices this installation speaks with: honest words, the
// natural voices only when they are here (decision 0207). Runs in the browser.
import type { VoiceSummary } from "~/audio/audio-options";

const list = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

export function voicesSentence({ names, natural }: VoiceSummary) {
  const who = names.length ? ` (${list.format(names)})` : "";
  return `Read aloud by ${natural ? "natural-sounding voices" : "built-in computer voices"}${who}, with your relatives' own recordings in their own voices`;
}
