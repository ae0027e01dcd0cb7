// Mail no person wrote (out-of-office replies, delivery failures): never a story (decision 0192).
import { salutationOf } from "./reply-reader";

export type HeaderReader = (name: string) => string | undefined;

export type AutomaticMail =
  { kind: "auto-reply" } | { kind: "bounce"; permanent: boolean; recipients: string[]; reason: string };

// Checked at the start of the subject, so a relative's own "Re: my holiday" is not one.
const AWAY_SUBJECT = new RegExp(
  "^\\s*(" +
    [
      "out of (the )?office",
      "automatic reply",
      "auto[- ]?reply",
      "autoresponse",
      "auto response",
      "away from (the )?office",
      "on vacation",
      "on holiday",
      "réponse automatique",
      "absence du bureau",
      "absent du bureau",
      "abwesenheitsnotiz",
      "automatische antwort",
      "abwesend",
      "respuesta automática",
      "respuesta automatica",
      "fuera de la oficina",
      "resposta automática",
      "resposta automatica",
      "ausente do escritório",
      "fora do escritório",
      "risposta automatica",
      "fuori sede",
      "fuori ufficio",
      "automatisch antwoord",
      "afwezig",
      "niet aanwezig",
      "odpowiedź automatyczna",
      "automatyczna odpowiedź",
      "автоматический ответ",
      "автоответ",
      "automatiskt svar",
      "autosvar",
      "automatisk svar",
      "automaattinen vastaus",
      "poissa toimistolta",
      "automatická odpověď",
      "otomatik yanıt",
      "otomatik cevap",
      "自動返信",
      "不在",
      "自动回复",
      "自動回覆",
      "자동 회신",
    ].join("|") +
    ")",
  "i",
);

const BOUNCE_SENDER = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon|bounces?|noreply-dmarc)@/i;
const BOUNCE_NAME = /^\s*"?(mail delivery (system|subsystem)|mail administrator|microsoft outlook|postmaster)"?\s*</i;
const BOUNCE_SUBJECT =
  /^\s*(undeliverable|undelivered mail|delivery status notification|mail delivery failed|returned mail|delivery failure|failure notice|unzustellbar|non remis|no se puede entregar|non recapitabile)\b/i;

export function automaticMail(
  header: HeaderReader,
  mail: { from: string; subject: string; body: string },
): AutomaticMail | null {
  const contentType = header("Content-Type")?.toLowerCase() ?? "";
  const fromAddress = (/<([^<>]+)>\s*$/.exec(mail.from)?.[1] ?? mail.from).trim();
  if (
    /^multipart\/report\b/.test(contentType) ||
    BOUNCE_SENDER.test(fromAddress) ||
    BOUNCE_NAME.test(mail.from) ||
    BOUNCE_SUBJECT.test(mail.subject)
  ) {
    return { kind: "bounce", ...deliveryStatus(mail.body) };
  }
  const auto = header("Auto-Submitted")?.trim().toLowerCase();
  const precedence = header("Precedence")?.trim().toLowerCase();
  if (auto !== undefined && auto !== "" && auto !== "no") return { kind: "auto-reply" };
  if (precedence === "bulk" || precedence === "junk" || precedence === "list" || precedence === "auto_reply")
    return { kind: "auto-reply" };
  if (
    header("X-Autoreply") !== undefined ||
    header("X-Autorespond") !== undefined ||
    header("X-Autoresponder") !== undefined
  )
    return { kind: "auto-reply" };
  if (AWAY_SUBJECT.test(mail.subject)) return { kind: "auto-reply" };
  return null;
}

const EMAIL = /[^\s<>"';:,()[\]]+@[^\s<>"';:,()[\]]+\.[a-z]{2,}/gi;

function deliveryStatus(body: string): { permanent: boolean; recipients: string[]; reason: string } {
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(body)?.[1]?.trim();
  const finals = [...body.matchAll(/^(?:final|original)-recipient:\s*(?:rfc822;)?\s*(.+)$/gim)].map((m) =>
    m[1]!.trim().toLowerCase(),
  );
  const status = field("Status") ?? /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(body)?.[1];
  const action = field("Action")?.toLowerCase();
  const smtp = /\b(5\d\d)[ -](?:[245]\.\d{1,3}\.\d{1,3} )?[^\n]{0,200}/.exec(body)?.[0];
  const permanent =
    action === "failed" || status?.startsWith("5") === true || (!status && !action && smtp !== undefined);
  const recipients = [...new Set(finals.length > 0 ? finals : (body.match(EMAIL) ?? []).map((e) => e.toLowerCase()))];
  const detail = (field("Diagnostic-Code")?.replace(/^smtp;\s*/i, "") ?? smtp ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
  return { permanent, recipients, reason: detail };
}

export function automaticReplySummary(text: string): string {
  const first = text
    .split("\n")
    .map((line) => line.trim())
    .find((line) => /\p{L}/u.test(line) && !line.startsWith(">") && salutationOf(line) !== line);
  if (!first) return "";
  const sentence = /^.+?[.!?](?=\s|$)/u.exec(first)?.[0] ?? first;
  return sentence.length > 160 ? `${sentence.slice(0, 159).trimEnd()}…` : sentence;
}
