import { landingMessages } from "~/features/site/landing-messages";
import { greeting, html, layoutHtml, layoutText, muted, paragraph, type EmailParts } from "~/lib/email/layout";

export function launchListEmail(): EmailParts {
  return {
    subject: landingMessages.email.subject,
    html: layoutHtml({
      title: landingMessages.email.subject,
      preheader: landingMessages.email.body,
      body: html`${paragraph(greeting(null))}${paragraph(landingMessages.email.body)}${muted(landingMessages.email.notYou)}`,
    }),
    text: layoutText([greeting(null), landingMessages.email.body, landingMessages.email.notYou]),
  };
}
