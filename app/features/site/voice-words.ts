// Honest words: the natural voices are named only when they are installed here (decision 0207).
import type { VoiceSummary } from "~/audio/audio-options";

const list = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

export function voicesSentence({ names, natural }: VoiceSummary) {
  const who = names.length ? ` (${list.format(names)})` : "";
  return `Read aloud by ${natural ? "natural-sounding voices" : "built-in computer voices"}${who}, with your relatives' own recordings in their own voices`;
}
