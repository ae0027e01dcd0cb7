// Which lines of a reply e-mail are the relative's own words; hand-written because it outscores
// email-reply-parser and planer on the same cases (decision 0154).
import { emptyReplyNoteEmail, freshLinkEmail, invitationEmail, reminderEmail } from "./emails";
import {
  HEADER_FROM_LABELS,
  HEADER_OTHER_LABELS,
  HEADER_VERBS,
  ORIGINAL_MESSAGE_TITLES,
  SALUTATIONS,
  SENT_FOOTERS,
  SIGN_OFFS,
} from "./reply-words";

export type ReplyReading = {
  story: string;
  found: boolean;
  cut: boolean;
  sure: boolean;
};

const MAX_HEADER_CHARS = 400;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (words: readonly string[]) => words.map((w) => escape(w).replace(/ /g, "\\s+")).join("|");

const VERBS = alternation(HEADER_VERBS);
const ENDS_WITH_VERB = new RegExp(
  String.raw`(?:(?:^|[\s,>"'”)\]])(?:${VERBS})|写道|寫道|のメッセージ|작성)\s*[:：]?$`,
  "iu",
);
const DATE_THEN_ADDRESS = /\d[:.]\d\d\b.*<[^<>\s@]+@[^<>\s]+>\s*[:：]$/u;
const VERB_INSIDE = new RegExp(String.raw`(?:^|[\s,])(?:${VERBS}|от)\s.*[:：]$`, "iu");
const DATE_FIRST = /^(?:\d{1,4}[-./年년]\s?\d{1,2}|\d{1,2}\s+\p{L}{3,}\.?\s+\d{4})/u;
const HAS_DATE_OR_ADDRESS = /\d|@/;
const LEAD_WORDS = /^(?:On|Le|Am|El|Op|Il|Em|W dniu|Dnia|Den|Vào|在|Na|Dne|V|U|La|Pada|Ngày|Το|Στις|Sur|Op)\b/iu;

const headerCore = (s: string) =>
  s
    .replace(/^[\s>]*(?:[-–—]+\s*)?/, "")
    .replace(/\s*[-–—]{2,}\s*$/, "")
    .trim();

function isHeaderText(joined: string, raw: string): boolean {
  if (joined.length > MAX_HEADER_CHARS) return false;
  const core = headerCore(joined);
  if (/^\s*-{2,}\s*\S.*\s(?:wrote|schrieb|a écrit|escribió|написал)\s*-{2,}\s*$/iu.test(raw)) return true;
  if (!HAS_DATE_OR_ADDRESS.test(core)) return false;
  if (ENDS_WITH_VERB.test(core)) return true;
  if ((core.includes("@") || LEAD_WORDS.test(core)) && /\d/.test(core) && VERB_INSIDE.test(core)) return true;
  if (startsLikeHeader(core) && DATE_THEN_ADDRESS.test(core)) return true;
  return DATE_FIRST.test(core) && core.includes("@") && /[:：>]$/.test(core);
}

const startsLikeHeader = (line: string) => {
  const core = headerCore(line);
  return LEAD_WORDS.test(core) || DATE_FIRST.test(core) || /^[\p{L}.]{1,12},?\s+\d/u.test(core);
};
const endsSentence = (s: string) => /[.!?…]["”]?$/.test(s) && !/\d\.$/.test(s);

export function headerSpan(lines: readonly string[], i: number, maxSpan = 3): number {
  const first = (lines[i] ?? "").trim();
  if (first === "" || first.length > MAX_HEADER_CHARS) return 0;
  for (let k = 1; k <= maxSpan && i + k <= lines.length; k++) {
    const part = (lines[i + k - 1] ?? "").trim();
    if (part === "") return 0;
    const joined = lines
      .slice(i, i + k)
      .map((l) => l.trim().replace(/^>\s?/, ""))
      .join(" ");
    if (!isHeaderText(joined, k === 1 ? first : joined)) continue;
    if (k === 1) return 1;
    if (endsSentence(first)) return 0;
    if (startsLikeHeader(first)) return k;
    if (!(/\d/.test(first.slice(0, 40)) || first.includes("@")) || headerSpan(lines, i + 1, k - 1) > 0) return 0;
    return k;
  }
  return 0;
}

function gluedHeader(line: string): string | null {
  if (line.length > 2 * MAX_HEADER_CHARS) return null; // a header is short; a long line is prose
  const match = /^(.*?\S)\s+((?:On|Le|Am|El|Op|Il|Em)\s.+)$/u.exec(line.trim());
  if (
    !match?.[1] ||
    !match[2] ||
    !/[\p{L}\p{N}]/u.test(match[1]) ||
    startsLikeHeader(match[1]) ||
    match[1].includes("@")
  )
    return null;
  return isHeaderText(match[2], match[2]) && ENDS_WITH_VERB.test(headerCore(match[2])) ? match[1] : null;
}

const LABELS = new RegExp(
  String.raw`^[\s>]*\**(?:${alternation([...HEADER_FROM_LABELS, ...HEADER_OTHER_LABELS])})\s?\**\s?[:：]`,
  "iu",
);
const FROM_OR_DATE = new RegExp(String.raw`^[\s>]*\**(?:${alternation(HEADER_FROM_LABELS)})\s?\**\s?[:：]`, "iu");

function isHeaderBlock(lines: readonly string[], i: number): boolean {
  if (!LABELS.test(lines[i] ?? "")) return false;
  let labels = 0;
  let fromOrDate = 0;
  for (let k = i; k < Math.min(lines.length, i + 8); k++) {
    const line = lines[k] ?? "";
    if (LABELS.test(line)) {
      labels++;
      if (FROM_OR_DATE.test(line)) fromOrDate++;
    } else if (line.trim() === "" && labels >= 3) break;
  }
  return labels >= 3 && fromOrDate >= 1;
}

const ORIGINAL_MESSAGE = new RegExp(
  String.raw`^[\s>*]*(?:[-_=]{2,}\s*(?:${alternation(ORIGINAL_MESSAGE_TITLES)})\s*[-_=]{2,}|(?:Begin forwarded message|Début du message réexpédié|Anfang der weitergeleiteten Nachricht|Inicio del mensaje reenviado|Início da mensagem reencaminhada|Inizio messaggio inoltrato)\s*:)\**$`,
  "iu",
);

const FOOTER_VERBS = alternation(SENT_FOOTERS);
const FOOTER = new RegExp(String.raw`^(?:${FOOTER_VERBS})(?:$|[\s'’-])`, "iu");
const FOOTER_CJK =
  /(?:iPhone|iPad|Android|Outlook|HUAWEI|小米)\s*(?:から送信|에서 보냄|发送|傳送|から送信しました)|^(?:发自|發自|从我的|從我的|我的)\s*\S*\s*(?:iPhone|iPad|Android|手机|手機|HUAWEI)/iu;
const FOOTER_AFTER_DEVICE = /^(?:az\s+)?(?:iPhone|iPad|Android)\S*\s+(?:küldve|gönderildi|lähetetty|gesendet)$/iu;
const DEVICES =
  /Verizon|T-Mobile|AT&T|Sprint|\bcell\b|iPhon|iPad|iPod|Android|Samsung|Galaxy|BlackBerry|Huawei|Pixel|Motorola|OnePlus|Xiaomi|Nokia|HTC|Wiko|Sony|Xperia|\bLG\b|mobile|Mobil|móvil|celular|smartphone|tablet|Handy|téléphone|telefon|телефон|Outlook|Gmail|Yahoo|AOL|\bMail\b|TypeApp|Acompli|Airmail|Mailbox|Spark|Proton|K-9|Windows|BlueMail|Edison|Sparrow|Samsung|terminal|appareil|dispositivo|Gerät|apparaat|laite|urządzenia|устройства/iu;

export function isSentFooter(raw: string): boolean {
  const line = raw
    .replace(/<(?:https?|mailto):[^>]*>|\((?:https?):[^)]*\)|https?:\/\/\S+/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim();
  if (line === "" || line.length > 90) return false;
  if (FOOTER_CJK.test(line) && line.length <= 30) return true;
  const head = line
    .split(",")[0]!
    .replace(/[.!]+$/, "")
    .trim();
  if (head.split(/\s+/).length > 13) return false;
  return (FOOTER.test(head) && DEVICES.test(head)) || FOOTER_AFTER_DEVICE.test(head);
}

const SEPARATOR = /^[\s>]*(?:[-_=*~#+—–]\s?){2,}$|^[\s]*[—–]$/;
const SIGNATURE_DELIMITER = /^--[ \u00a0]?$/;
const INVISIBLE = /^(?:\s|\u1427|\u200b|\u200c|\u200d|\ufeff)*$/;
const isQuote = (line: string) => /^\s*(?:[A-Za-z]{1,3})?>/.test(line) && !/^\s*-->/.test(line) && !/^\s*<</.test(line);

function looksLikeSignature(lines: readonly string[], from: number, to: number): boolean {
  let count = 0;
  for (let i = from; i < to; i++) {
    const line = (lines[i] ?? "").trim();
    if (line === "") continue;
    if (++count > 15 || line.length > 100) return false;
  }
  return true;
}

const nameLike = (line: string) => line.length <= 40 && line.split(/\s+/).length <= 4 && !endsSentence(line);

function separatorEnds(text: ReplyText, i: number): boolean {
  const { lines } = text;
  const marker = text.nextMarker(i + 1);
  const end = marker === -1 ? lines.length : marker;
  if (!looksLikeSignature(lines, i + 1, end)) return false;
  const first = lines
    .slice(i + 1, end)
    .find((l) => l.trim() !== "")
    ?.trim();
  return first === undefined || (lines[i] ?? "").trim().length >= 10 || nameLike(first) || CONTACT.test(first);
}

/** Caches headers and history markers per line, so a reading stays linear in the number of lines. */
class ReplyText {
  private spans = new Map<number, number>();
  private markers: Int32Array | null = null;
  constructor(readonly lines: readonly string[]) {}

  spanAt(i: number): number {
    let span = this.spans.get(i);
    if (span === undefined) this.spans.set(i, (span = headerSpan(this.lines, i)));
    return span;
  }

  nextMarker(from: number): number {
    const n = this.lines.length;
    if (!this.markers) {
      this.markers = new Int32Array(n + 1).fill(-1);
      for (let i = n - 1; i >= 0; i--) {
        const raw = this.lines[i]!;
        const line = raw.trim();
        const marker =
          isQuote(raw) ||
          this.spanAt(i) > 0 ||
          ORIGINAL_MESSAGE.test(line) ||
          isHeaderBlock(this.lines, i) ||
          REPLY_ADDRESS.test(line);
        this.markers[i] = marker ? i : this.markers[i + 1]!;
      }
    }
    return from < n ? this.markers[from]! : -1;
  }
}

// Fixed words of our own invitation, reminder and note texts: a reply that reproduces one has reached the history.
const HOLE = "\u241f";
const OUR_FRAGMENTS: readonly string[] = (() => {
  const input = {
    campaignTitle: HOLE,
    prompt: HOLE,
    ownerName: HOLE,
    formUrl: HOLE,
    unsubscribeUrl: HOLE,
    senderName: HOLE,
  };
  const texts = [
    invitationEmail(input).text,
    reminderEmail(input).text,
    emptyReplyNoteEmail(input).text,
    freshLinkEmail(input).text,
  ];
  const fragments = texts.flatMap((t) => t.split(/\u241f|\n/)).map((f) => f.replace(/\s+/g, " ").trim());
  return [...new Set(fragments.filter((f) => f.length >= 24))];
})();
const REPLY_ADDRESS = /\breply\+[A-Za-z0-9_-]{10,64}@/i;
const collapse = (s: string) =>
  s
    .replace(/^[\s>]+/gm, "")
    .replace(/\s+/g, " ")
    .trim();

const isBlank = (line: string) => collapse(line) === "";

function ourMessageLines(lines: readonly string[]): boolean[] {
  const ours = lines.map(() => false);
  for (let i = 0; i < lines.length; i++) {
    if (ours[i]) continue;
    const line = collapse(lines[i] ?? "");
    const isOurs =
      REPLY_ADDRESS.test(line) ||
      (line.length >= 24 && OUR_FRAGMENTS.some((f) => f.includes(line) || line.includes(f)));
    if (!isOurs) continue;
    let start = i;
    while (start > 0 && !isBlank(lines[start - 1] ?? "")) start--;
    let end = i;
    while (end + 1 < lines.length && !isBlank(lines[end + 1] ?? "")) end++;
    for (let back = 0; back < 2; back++) {
      let above = start - 1;
      while (above >= 0 && isBlank(lines[above] ?? "")) above--;
      if (above < 0) break;
      let top = above;
      while (top > 0 && !isBlank(lines[top - 1] ?? "") && above - top < 3) top--;
      const block = collapse(lines.slice(top, above + 1).join("\n"));
      const greetingOrHeader =
        /^Hi\s[^,]{1,60},$/.test(block) ||
        (block.length <= MAX_HEADER_CHARS && /[:：]$/.test(block) && HAS_DATE_OR_ADDRESS.test(block));
      if (!greetingOrHeader) break;
      start = top;
    }
    for (let k = start; k <= end; k++) ours[k] = true;
  }
  let last = -1;
  for (let i = 0; i < lines.length; i++) {
    if (!ours[i]) continue;
    if (last !== -1 && i - last > 1) {
      const gap = lines.slice(last + 1, i);
      const unquoted = !isQuote(lines[last]!) && !isQuote(lines[i]!) && gap.every((l) => !isQuote(l));
      if (unquoted && gap.filter((l) => l.trim() !== "").length <= 6) for (let k = last + 1; k < i; k++) ours[k] = true;
    }
    last = i;
  }
  return ours;
}

type LineKind = "own" | "quote" | "header";

const SIGN_OFF = new RegExp(String.raw`^(?:${alternation(SIGN_OFFS)})\b[^.!?]{0,30}[,!.]?$`, "iu");
export const isSignOff = (line: string) => SIGN_OFF.test(line.trim());

// \b does not see the end of "Chère" or "Привет" (not ASCII): a space, comma or end stands in for it.
const SALUTATION = String.raw`(?:${alternation(SALUTATIONS)})(?=[\s,!:]|$)`;
const NAME_WORDS = (n: number) => String.raw`(?:\s+[^\s.!?,:]+){0,${n}}`;
const SALUTATION_LINE = new RegExp(String.raw`^${SALUTATION}(?:${NAME_WORDS(5)}\s*[,!:]|${NAME_WORDS(2)})$`, "iu");
const SALUTATION_LEAD = new RegExp(String.raw`^${SALUTATION}${NAME_WORDS(3)}\s*[,!:]\s+(?=\S)`, "iu");
export function salutationOf(line: string): string {
  const trimmed = line.trim();
  if (SALUTATION_LINE.test(trimmed)) return trimmed;
  return SALUTATION_LEAD.exec(trimmed)?.[0] ?? "";
}
const CONTACT = /\S@\S|https?:\/\/|www\.|\+?\d[\d\s().-]{6,}\d|^(?:t|f|m|tel|fax|mob|phone|mobile|skype)\b\.?\s*:?/i;

function dropContactBlock(kept: string[]): string[] {
  let end = kept.length;
  while (end > 0 && kept[end - 1]!.trim() === "") end--;
  let start = end;
  while (start > 0 && kept[start - 1]!.trim() !== "") start--;
  const block = kept.slice(start, end).map((l) => l.trim());
  if (start === 0 || block.length < 2 || block.length > 8) return kept;
  const contacts = block.filter((l) => CONTACT.test(l)).length;
  const signature =
    nameLike(block[0]!) &&
    !CONTACT.test(block[0]!) &&
    block.every((l) => l.length <= 60 && (CONTACT.test(l) || nameLike(l)));
  return contacts >= 1 && signature ? kept.slice(0, start) : kept;
}

function dropTitleAfterSignOff(kept: string[]): string[] {
  const nonEmpty = kept.map((l, i) => [l.trim(), i] as const).filter(([l]) => l !== "");
  for (let n = nonEmpty.length - 2; n >= Math.max(0, nonEmpty.length - 6); n--) {
    const [line] = nonEmpty[n]!;
    if (!SIGN_OFF.test(line)) continue;
    const tail = nonEmpty.slice(n + 2);
    const name = nonEmpty[n + 1]![0];
    if (tail.length === 0 || name.length > 40) return kept;
    const trailer = tail.every(([l]) => l.length <= 50 && l.split(/\s+/).length <= 6 && !/^P\.?S\b/i.test(l));
    return trailer ? kept.slice(0, nonEmpty[n + 1]![1] + 1) : kept;
  }
  return kept;
}

const hasWords = (s: string) => /[\p{L}\p{N}]/u.test(s);

type Stop = "history" | "guess" | "signature" | "none";

export function readReply(content: string): ReplyReading {
  const text = content.replace(/\r\n?/g, "\n");
  const lines = text.split("\n").map((l) => (INVISIBLE.test(l) ? "" : l));
  const ours = ourMessageLines(lines);
  const reply = new ReplyText(lines);
  const limit = lines.length;
  const kept: string[] = [];
  let previous: LineKind = "own";
  let stop: Stop = "none";
  let stoppedAt = limit;

  for (let i = 0; i < limit; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    if (ours[i] && !isQuote(raw)) {
      [stop, stoppedAt] = ["history", i];
      break;
    }
    if (isQuote(raw) || ours[i]) {
      previous = "quote";
      continue;
    }
    const above = (lines[i - 1] ?? "").trim();
    const midSentence = /^\p{Ll}/u.test(line) || !/[.!?:]$/.test(above);
    const wrapped =
      previous === "quote" && above.length >= 60 && midSentence && (isQuote(lines[i + 1] ?? "") || ours[i + 1]);
    if (line !== "" && wrapped) continue;
    const glued = gluedHeader(raw);
    if (glued !== null) kept.push(glued);
    const span = glued === null ? reply.spanAt(i) : 1;
    if (span > 0) {
      let next = i + span;
      while (next < limit && (lines[next] ?? "").trim() === "") next++;
      if (next < limit && (isQuote(lines[next]!) || ours[next])) {
        i += span - 1;
        previous = "header";
        continue;
      }
      // Without a time or an address the header may be a story line ("On 3 May 1944 Grandpa wrote:").
      const header = lines.slice(i, i + span).join(" ");
      [stop, stoppedAt] = [/@|\d[:.]\d\d/.test(header) ? "history" : "guess", i];
      break;
    }
    if (ORIGINAL_MESSAGE.test(line)) {
      [stop, stoppedAt] = ["history", i];
      break;
    }
    if (isHeaderBlock(lines, i)) {
      const block = lines.slice(i, i + 8).join("\n");
      [stop, stoppedAt] = [/@|\d[:.]\d\d/.test(block) ? "history" : "guess", i];
      break;
    }
    if (SIGNATURE_DELIMITER.test(raw) || isSentFooter(line) || (SEPARATOR.test(raw) && separatorEnds(reply, i))) {
      [stop, stoppedAt] = ["signature", i];
      break;
    }
    if (previous !== "own" && line !== "") kept.push("");
    if (line !== "") previous = "own";
    kept.push(raw.trimEnd());
  }

  const story = tidy(dropTitleAfterSignOff(dropContactBlock(kept)));
  if (!hasWords(story)) return { story: text.trim(), found: false, cut: false, sure: false };
  return {
    story,
    found: true,
    cut: story !== text.trim(),
    sure: stop === "signature" ? signatureThenHistory(reply, stoppedAt + 1) : stop !== "guess",
  };
}

// A cut is sure only when it drops a signature and then quoted history; other prose may be the relative's.
function signatureThenHistory(text: ReplyText, from: number): boolean {
  const marker = text.nextMarker(from);
  return looksLikeSignature(text.lines, from, marker === -1 ? text.lines.length : marker);
}

function tidy(kept: readonly string[]): string {
  const out = [...kept];
  while (out.length > 0 && (out.at(-1)!.trim() === "" || SEPARATOR.test(out.at(-1)!))) out.pop();
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
