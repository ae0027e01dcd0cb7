// SpamAssassin's score of one outbox row, as the message Mailgun would build from it: the MIME is made
// by nodemailer's composer (text, HTML, inline images by Content-ID, our headers) and scored by
// `spamassassin -L` (local tests only: no network lists, so the figures hold offline).
import { spawnSync } from "node:child_process";
import MailComposer from "nodemailer/lib/mail-composer/index.js";

import { inlineDataImages } from "../../app/lib/email/inline-images";
import type { OutboxEmail } from "../../app/lib/email/outbox.server";

/** The installed SpamAssassin's version line, or null when it is not installed. */
export function spamAssassinVersion() {
  const run = spawnSync("spamassassin", ["-V"], { encoding: "utf8" });
  return run.status === 0 ? run.stdout.split("\n")[0]!.trim() : null;
}

export async function spamScore(row: OutboxEmail): Promise<{ score: number; rules: string[] }> {
  const { html, images } = inlineDataImages(row.html);
  const mime = await new MailComposer({
    from: row.from,
    to: row.to,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    text: row.text,
    html,
    headers: row.headers,
    messageId: `<outbox.${row.id}@bench.storyhearth.test>`,
    attachments: images.map((image) => ({
      filename: image.filename,
      content: image.bytes,
      contentType: image.contentType,
      cid: image.filename,
    })),
  })
    .compile()
    .build();
  const run = spawnSync("spamassassin", ["-L", "-t"], { input: mime, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const status = /^X-Spam-Status: (?:Yes|No), score=(-?[\d.]+)[^\n]*(?:\n\s+[^\n]*)*/m.exec(run.stdout);
  if (!status) throw new Error(`spamassassin gave no score: ${run.stderr.slice(0, 500)}`);
  const tests = /tests=([^\s]*(?:\s+[A-Z0-9_,]+)*)/.exec(status[0].replace(/\s*\n\s+/g, " "))?.[1] ?? "";
  return {
    score: Number(status[1]),
    rules: tests
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t && t !== "none"),
  };
}
