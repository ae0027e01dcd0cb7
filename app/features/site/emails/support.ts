import { html, layoutHtml, layoutText, muted, paragraph, type EmailParts } from "~/lib/email/layout";

type SupportInput = { subject: string; message: string; fromName: string; fromEmail: string; userId: string | null };

export function supportRequestEmail({ subject, message, fromName, fromEmail, userId }: SupportInput): EmailParts {
  const title = `Support request: ${subject}`;
  const who = `From ${fromName} <${fromEmail}> (${userId ? `user ${userId}` : "not signed in"})`;
  return {
    subject: title,
    html: layoutHtml({
      title,
      body: html`${muted(who)}${paragraph(html`<strong>${subject}</strong>`)}${message
        .split(/\r?\n/)
        .filter((line) => line.trim())
        .map((line) => paragraph(line))}${muted("Reply to this e-mail to answer the user.")}`,
    }),
    text: layoutText([who, subject, message, "Reply to this e-mail to answer the user."]),
  };
}
