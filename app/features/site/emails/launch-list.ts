import { landingMessages } from "~/features/site/landing-messages";
import { greeting, html, layoutHtml, layoutText, muted, paragraph, type EmailParts } from "~/lib/email/layout";

const m = landingMessages.email;

export function launchListEmail(): EmailParts {
  return {
    subject: m.subject,
    html: layoutHtml({ title: m.subject, preheader: m.body, body: html`${paragraph(greeting(null))}${paragraph(m.body)}${muted(m.notYou)}` }),
    text: layoutText([greeting(null), m.body, m.notYou]),
  };
}
