// The spec's cut plus common clients' headers and signatures; never strips a story to nothing.
// Why: docs/decisions/0008-email-loop.md (Quote stripping). Corpus: tests/fixtures/replies.ts.

const LEAD_HEADERS: RegExp[] = [
  /^On\s.+\swrote\s*:$/, // Gmail, Apple Mail, Yahoo, Thunderbird (often wrapped onto two or three lines)
  /^Am\s.+\sschrieb\b.*:$/, // German: "Am Di., 3. Nov. 2026 um 09:14 Uhr schrieb Jane <j@x.de>:"
  /^Le\s.+\sa\s+écrit\s*:$/, // French: "Le mar. 3 nov. 2026 à 09:14, Jane <j@x.fr> a écrit :"
  /^El\s.+\sescribió\s*:$/, // Spanish
  /^Op\s.+\sschreef\b.*:$/, // Dutch (Gmail)
  /^Op\s.+\sheeft\s.+\shet volgende geschreven\s*:$/, // Dutch (Apple Mail)
  /^Il\s.+\sha\s+scritto\s*:$/, // Italian
  /^Em\s.+\sescreveu\s*:$/, // Portuguese
];
const LEAD_WORD = /^(?:On|Am|Le|El|Op|Il|Em)\s/;
const REPLY_VERB = String.raw`(?:wrote|a\s+écrit|schrieb|escribió|schreef|ha\s+scritto|escreveu)`;
/** Headers without a lead word; matched on a single line only (joining could swallow a story line). */
const TRAILING_HEADERS: RegExp[] = [
  // "Jane Doe <jane@x.com> wrote:" (Thunderbird/webmail without a date, HTML-only mail converted to text)
  new RegExp(String.raw`^[^\s<>].*\s[(<]*[^\s<>()]+@[^\s<>()]+[)>]*\s+${REPLY_VERB}\s*:$`),
  // Gmail for Android in German: "Jane <jane@x.de> schrieb am Di., 3. Nov. 2026, 09:14:"
  /^.+\sschrieb am\s.+:$/,
];
const HAS_TIME_OR_ADDRESS = /\d:\d\d|@/;
const MAX_HEADER_CHARS = 300; // real headers are short; also keeps the regexes cheap on long paragraphs

const isLeadHeader = (s: string) => s.length <= MAX_HEADER_CHARS && HAS_TIME_OR_ADDRESS.test(s) && LEAD_HEADERS.some((re) => re.test(s));
// Without a lead word only the address tells a header from a story line ("Opa schrieb am 24.12.1944, 18:30:").
const isTrailingHeader = (s: string) => s.length <= MAX_HEADER_CHARS && s.includes("@") && TRAILING_HEADERS.some((re) => re.test(s));

const isSpecHeader = (raw: string) => raw.includes("On ") && raw.includes("wrote:");

// Clients wrap long headers over 2-3 lines; a wrap is accepted only when line i does not end a
// sentence and no header starts on the next line, so the story line above is never swallowed.
function headerSpan(lines: string[], i: number, maxSpan = 3, leadOnly = false): number {
  const first = (lines[i] ?? "").trim();
  if (!leadOnly && isTrailingHeader(first)) return 1;
  if (!LEAD_WORD.test(first)) return 0; // cheap exit for ordinary lines
  for (let k = 1; k <= maxSpan && i + k <= lines.length; k++) {
    const part = (lines[i + k - 1] ?? "").trim();
    if (part === "") break;
    const joined = lines
      .slice(i, i + k)
      .map((l) => l.trim())
      .join(" ");
    if (!isLeadHeader(joined)) continue;
    if (k === 1) return 1;
    if (/[.!?…"”]$/.test(first)) return 0;
    if (isSpecHeader(lines[i + 1] ?? "") || headerSpan(lines, i + 1, k - 1, true) > 0) return 0;
    return k;
  }
  return 0;
}

const DEVICE = String.raw`(?:iPhone|iPad|iPod|Android|Samsung|Galaxy|BlackBerry|Huawei|Pixel|Motorola|OnePlus|Xiaomi|Verizon|T-Mobile|AT&T|Sprint)\b[^.!?]{0,60}`;
/** Signatures mail apps append; matched against the line with links removed and a final '.' dropped. */
const APP_SIGNATURES: RegExp[] = [
  new RegExp(String.raw`^Sent from my (?:${DEVICE}|(?:mobile |cell )?phone|mobile(?: device)?|smartphone|tablet)$`, "i"),
  /^Sent (?:from|with) (?:Yahoo Mail|AOL Mobile Mail|Proton ?Mail|Outlook|Gmail Mobile)\b[^.!?]{0,40}$/i,
  /^Sent from Mail for Windows(?: \d+)?$/i,
  /^Sent from the all new AOL app for (?:iOS|Android)$/i,
  /^Get Outlook for (?:iOS|Android)$/i,
  new RegExp(String.raw`^Envoyé (?:de|depuis) mon (?:${DEVICE}|appareil\b[^.!?]{0,40}|mobile|téléphone|smartphone)$`, "i"),
  new RegExp(String.raw`^Von meinem (?:${DEVICE}|Smartphone|Handy|Mobiltelefon|Tablet) gesendet$`, "i"),
  new RegExp(String.raw`^Enviado desde mi (?:${DEVICE}|móvil|celular|teléfono|smartphone|dispositivo\b[^.!?]{0,40})$`, "i"),
  new RegExp(String.raw`^(?:Verstuurd|Verzonden) (?:vanaf|met) mijn (?:${DEVICE}|telefoon|mobiel|smartphone)$`, "i"),
  new RegExp(String.raw`^Inviato da(?:l mio)? (?:${DEVICE}|smartphone|cellulare|dispositivo\b[^.!?]{0,40})$`, "i"),
  new RegExp(String.raw`^Enviado do meu (?:${DEVICE}|celular|telemóvel|smartphone|dispositivo\b[^.!?]{0,40})$`, "i"),
  /^(?:(?:Obtenir|Télécharger) Outlook pour|Obtener Outlook para|Obter o Outlook para|Scarica Outlook per) (?:iOS|Android)$/i,
  /^Outlook (?:für|voor) (?:iOS|Android) (?:herunterladen|downloaden)$/i,
];
const isAppSignature = (line: string) => {
  const bare = line
    .replace(/<(?:https?|mailto):[^>]*>/g, "")
    .trim()
    .replace(/\.$/, "");
  return bare.length <= 80 && APP_SIGNATURES.some((re) => re.test(bare));
};

/** "-----Original Message-----" (the spec) and the variants of Outlook Express, Samsung, Proton, and translations. */
const ORIGINAL_MESSAGE =
  /^-{2,}\s*(?:Original Message|Message d'origine|Ursprüngliche Nachricht|Originalnachricht|Mensaje original|Oorspronkelijk bericht|Messaggio originale|Mensagem original)\s*-{2,}$/i;
// Outlook's header block, "From: Jane" or "*From:* Jane" (rich text flattened), in the client languages we see.
const OUTLOOK_FROM = /^\**(?:From|De|Von|Van|Da)\s*:\**\s+\S/;
const OUTLOOK_SENT_OR_DATE = /^\**(?:Sent|Date|Envoyé|Gesendet|Datum|Verzonden|Enviado|Enviada|Fecha|Inviato|Data)\s*:\**\s+\S/;

type Marker =
  | { kind: "quote" } // a line quoted with '>'
  | { kind: "header"; span: number; weak: boolean } // "On ... wrote:"; weak = only the spec's literal test holds
  | { kind: "end" }; // signature, separator or forwarded header block: nothing below is the contributor's

function markerAt(lines: string[], i: number): Marker | null {
  const raw = lines[i] ?? "";
  const line = raw.trim();
  if (line.startsWith(">")) return { kind: "quote" };
  const span = headerSpan(lines, i);
  if (span > 0) return { kind: "header", span, weak: false };
  if (isSpecHeader(raw)) return { kind: "header", span: 1, weak: true };

  if (raw.includes("-----Original Message-----") || ORIGINAL_MESSAGE.test(line)) return { kind: "end" };
  // Signature delimiter: exactly "-- " (RFC 3676), or "--" as some clients trim it.
  if (/^--[ \u00a0]?$/.test(raw)) return { kind: "end" };
  if (isAppSignature(line)) return { kind: "end" };
  // Outlook's separator line above the quoted header block.
  if (/^_{10,}$/.test(line)) return { kind: "end" };
  // Outlook header block: "From:" followed within a few lines (To, Cc come first in some clients) by "Sent:" or "Date:".
  if (OUTLOOK_FROM.test(line) && lines.slice(i + 1, i + 5).some((l) => OUTLOOK_SENT_OR_DATE.test(l.trim()))) return { kind: "end" };
  return null;
}

function quoteFollows(lines: string[], from: number): boolean {
  for (let i = from; i < lines.length; i++) {
    const line = (lines[i] ?? "").trim();
    if (line !== "") return line.startsWith(">");
  }
  return false;
}

// Bottom-posted and interleaved answers. A weak header not followed by '>' is story text; a strong
// one with an unquoted original (Yahoo, Outlook), a signature or a separator ends the answer.
function answersBelowQuotes(lines: string[], start: number): string {
  const parts: string[][] = [[]];
  for (let i = start; i < lines.length; i++) {
    const marker = markerAt(lines, i);
    if (marker?.kind === "quote") {
      parts.push([]);
      continue;
    }
    if (marker?.kind === "header" && quoteFollows(lines, i + marker.span)) {
      parts.push([]);
      i += marker.span - 1;
      continue;
    }
    if (marker && !(marker.kind === "header" && marker.weak)) break;
    parts.at(-1)!.push(lines[i] ?? "");
  }
  return parts
    .map((p) => p.join("\n").trim())
    .filter((p) => p !== "")
    .join("\n\n");
}

function specCut(lines: string[]): string {
  const cut = lines.findIndex((raw) => isSpecHeader(raw) || raw.trim().startsWith(">") || raw.includes("-----Original Message-----"));
  return (cut === -1 ? lines : lines.slice(0, cut)).join("\n").trim();
}

/** What the contributor wrote, without quotes, reply headers and signatures; "" when nothing is left. */
export function ownWords(content: string): string {
  const text = content.replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  const first = lines.findIndex((_, i) => markerAt(lines, i) !== null);
  if (first === -1) return text.trim();
  const above = lines.slice(0, first).join("\n").trim();
  if (above !== "") return above;
  return answersBelowQuotes(lines, first);
}

/** A reply is worth keeping as a story only with a letter or digit of its own (decision 0120). */
export const hasOwnWords = (content: string) => /[\p{L}\p{N}]/u.test(ownWords(content));

export function stripQuotedReply(content: string): string {
  const text = content.replace(/\r\n?/g, "\n");
  return ownWords(text) || specCut(text.split("\n")) || text.trim();
}
