// Strips the quoted thread and signature from a story that arrived by e-mail reply,
// so only what the contributor wrote is displayed.
//
// The spec's rule (part 1 §5) cuts at the first line that contains both 'On ' and
// 'wrote:', begins with '>', or contains '-----Original Message-----'. On top of
// that we cut at the reply headers, separators and signatures common mail clients
// add. The extra header rules require a clock time or an '@' in the header (real
// headers carry one), so story lines like "Am Sonntag schrieb Oma:" are kept.

/** Reply headers: "<lead> ... <verb>:" with the date/author in between. */
const REPLY_HEADERS: RegExp[] = [
  /^On\s.+\swrote\s*:$/, // Gmail, Apple Mail, Yahoo (often wrapped onto two lines)
  /^Am\s.+\sschrieb\b.*:$/, // German: "Am 6. Jan. 2025 um 10:14 schrieb Jane <j@x.de>:"
  /^Le\s.+\sa\s+écrit\s*:$/, // French: "Le lun. 6 janv. 2025 à 10:14, Jane <j@x.fr> a écrit :"
  /^El\s.+\sescribió\s*:$/, // Spanish
  /^Op\s.+\sschreef\b.*:$/, // Dutch
  /^Il\s.+\sha\s+scritto\s*:$/, // Italian
  /^Em\s.+\sescreveu\s*:$/, // Portuguese
];
const looksLikeHeader = (s: string) => /\d:\d\d|@/.test(s) && REPLY_HEADERS.some((re) => re.test(s));

/** Mobile/app signatures that mark the end of what the contributor typed. */
const MOBILE_SIGNATURE =
  /^(Sent from my (iPhone|iPad|iPod|Android|Android (phone|device|tablet)|Samsung\b.*|Galaxy\b.*|BlackBerry\b.*|Huawei\b.*|Pixel\b.*)|Sent from Yahoo Mail\b.*|Sent from (Outlook|Mail) for \w+.*|Get Outlook for (iOS|Android))\.?(\s*<[^>]*>)?$/i;

const OUTLOOK_FROM = /^\**From:\**\s+\S/; // "From: Jane" or "*From:* Jane" (rich text flattened)
const OUTLOOK_SENT_OR_DATE = /^\**(Sent|Date):\**\s+\S/;

function isCutLine(lines: string[], i: number): boolean {
  const raw = lines[i] ?? "";
  const line = raw.trim();
  const next = (lines[i + 1] ?? "").trim();

  // The spec's rule, as written.
  if (raw.includes("On ") && raw.includes("wrote:")) return true;
  if (line.startsWith(">")) return true;
  if (raw.includes("-----Original Message-----")) return true;

  // Signature delimiter: exactly "-- " (RFC 3676) or "--".
  if (raw === "-- " || raw === "--") return true;
  if (MOBILE_SIGNATURE.test(line)) return true;
  // Outlook's separator line above the forwarded header block.
  if (/^_{10,}$/.test(line)) return true;
  // Outlook header block: "From:" followed within a few lines by "Sent:" or "Date:".
  if (OUTLOOK_FROM.test(line) && lines.slice(i + 1, i + 4).some((l) => OUTLOOK_SENT_OR_DATE.test(l.trim()))) return true;
  // Reply header on one line, or wrapped onto the next line (Yahoo, Gmail plain text at ~78 chars).
  if (looksLikeHeader(line)) return true;
  if (next !== "" && looksLikeHeader(`${line} ${next}`)) return true;
  return false;
}

/** The contributor's own text from an e-mail reply; the whole (trimmed) text if stripping would leave nothing. */
export function stripQuotedReply(content: string): string {
  const text = content.replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  const cut = lines.findIndex((_, i) => isCutLine(lines, i));
  const kept = (cut === -1 ? text : lines.slice(0, cut).join("\n")).trim();
  // Never lose the story: a reply that is all "quote" is shown as it came.
  return kept === "" ? text.trim() : kept;
}
