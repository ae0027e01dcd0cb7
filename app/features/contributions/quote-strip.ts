// Strips the quoted thread and signature from a story that arrived by e-mail reply,
// so only what the contributor wrote is displayed.
//
// The spec's rule (part 1 §5) cuts at the first line that contains both 'On ' and
// 'wrote:', begins with '>', or contains '-----Original Message-----'. On top of
// that we cut at the reply headers, separators and signatures common mail clients
// add, so a top-posted story is never longer than what the spec's rule leaves.
// The extra header rules require a clock time or an '@' in the header (real
// headers carry one), so story lines like "Am Sonntag schrieb Oma:" are kept.
//
// When nothing at all comes before the first marker the spec's rule would leave
// nothing, so we look further (see `answersBelowQuotes`): a bottom-posted or
// interleaved answer is kept, and a story whose first line merely reads like
// "On Sunday, Grandpa wrote: ..." is kept too.
// Tests: app/utils/quote-strip.test.ts and the client corpus in tests/fixtures/replies.ts.

/** Headers that open with a lead word: "On <date>, <who> wrote:" and its translations. */
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

/** The spec's header test, applied literally to one line. */
const isSpecHeader = (raw: string) => raw.includes("On ") && raw.includes("wrote:");

/**
 * How many lines (1–3) a reply header starting at line i spans, or 0. Clients wrap long
 * headers ("... <" / "x@y> wrote:"), so a header may be split; a wrap is only accepted when
 * line i does not read as the end of a sentence and no header starts on the next line, so the
 * story line above a header is never swallowed.
 */
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

/** Whether the next non-blank line from `from` on is quoted with '>'. */
function quoteFollows(lines: string[], from: number): boolean {
  for (let i = from; i < lines.length; i++) {
    const line = (lines[i] ?? "").trim();
    if (line !== "") return line.startsWith(">");
  }
  return false;
}

/**
 * Bottom-posted and interleaved answers: the unquoted text between and after '>' blocks,
 * from `start` on. A header that introduces a '>' block belongs to the quote; a weak header
 * that doesn't is story text; a strong header with an unquoted original (Yahoo, Outlook),
 * a signature or a separator ends the answer. Separate answers are joined by a blank line.
 */
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

/** The spec's rule, literally: the trimmed text above its first marker line. */
function specCut(lines: string[]): string {
  const cut = lines.findIndex((raw) => isSpecHeader(raw) || raw.trim().startsWith(">") || raw.includes("-----Original Message-----"));
  return (cut === -1 ? lines : lines.slice(0, cut)).join("\n").trim();
}

/**
 * The contributor's own text from an e-mail reply. Top-posted: the text above the first
 * quote marker. Nothing above it: the answers below/between '>' quotes, else what the spec's
 * rule leaves, else the whole trimmed text — a story is never stripped to nothing.
 */
export function stripQuotedReply(content: string): string {
  const text = content.replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  const first = lines.findIndex((_, i) => markerAt(lines, i) !== null);
  if (first === -1) return text.trim();
  const above = lines.slice(0, first).join("\n").trim();
  if (above !== "") return above;
  return answersBelowQuotes(lines, first) || specCut(lines) || text.trim();
}
