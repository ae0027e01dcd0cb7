import type { ForwardedMessage } from "#db/enums";

import { parseFromLine } from "~/lib/email-address";

import { STORY_MAX } from "./limits";

const SEPARATOR = /^[\s>*]*(?:[-_=]{2,}\s*Forwarded message\s*[-_=]{2,}|Begin forwarded message\s*:)\**\s*$/im;
const HEADER = /^[\s>*]*(From|Date|Sent|Subject|To|Cc|Reply-To)\s*:\**\s*(.*)$/i;

export function forwardedAuthor(fromLine: string | null | undefined) {
  const { name, email } = parseFromLine(fromLine ?? "");
  return name || email || (fromLine ?? "").replace(/[<>]/g, "").trim() || "someone";
}

export function inlineForward(body: string): ForwardedMessage | null {
  const match = SEPARATOR.exec(body);
  if (!match) return null;
  const lines = body.slice(match.index + match[0].length).split("\n");
  const headers = new Map<string, string>();
  let i = 0;
  while (i < lines.length && !lines[i]!.replace(/^[\s>]*/, "").trim()) i++;
  for (; i < lines.length; i++) {
    const header = HEADER.exec(lines[i]!);
    if (!header) break;
    headers.set(header[1]!.toLowerCase(), header[2]!.replace(/\*+$/, "").trim());
  }
  const rest = lines.slice(i);
  // Apple Mail quotes the whole forward: one level of '>' is the forward's, not the message's.
  const quoted = rest.filter((l) => l.trim()).every((l) => /^\s*>/.test(l));
  const text = (quoted ? rest.map((l) => l.replace(/^\s*> ?/, "")) : rest).join("\n").trim().slice(0, STORY_MAX);
  if (!text && !headers.has("from")) return null;
  return { from: forwardedAuthor(headers.get("from")), subject: headers.get("subject") || null, text, inline: true };
}

export const forwardedLabel = (f: Pick<ForwardedMessage, "from">) => `Forwarded message from ${f.from}`;

export const forwardedBlock = (f: ForwardedMessage) =>
  `${forwardedLabel(f)}${f.subject ? ` (${f.subject})` : ""}:\n${f.text}`;
