import { newsletterMessages } from "~/features/newsletters/messages";
import {
  BRAND,
  button,
  greeting,
  html,
  layoutHtml,
  layoutText,
  muted,
  paragraph,
  textLink,
  type EmailParts,
} from "~/lib/email/layout";

export type NewsletterEmailInput = {
  title: string;
  subtitle: string | null;
  familyName: string | null;
  edition: number;
  ownerName: string;
  storyTitles: string[];
  readUrl: string;
  listenUrl: string | null;
  unsubscribeUrl: string;
  /** "Hi Aunt Rosa,"; "Hi there," without one. */
  recipientName?: string | null;
};

export function newsletterEmail(input: NewsletterEmailInput): EmailParts {
  const subject = newsletterMessages.email.subject(input.title, input.familyName, input.edition);
  const intro = newsletterMessages.email.intro(input.ownerName, input.storyTitles.length);
  const unsubscribe = { url: input.unsubscribeUrl, from: input.title };
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: intro,
      body: html`${paragraph(greeting(input.recipientName))}
        <h1 class="sh-ink" style="margin:0 0 4px;font-family:Georgia, serif;font-size:24px;line-height:1.3;color:${BRAND.ink};">${input.title}</h1>
        ${input.subtitle ? muted(input.subtitle) : ""}
        ${paragraph(intro)}
        ${paragraph(html`<strong>${newsletterMessages.email.inThisEdition}</strong>`)}
        <ul class="sh-ink" style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.6;color:${BRAND.ink};">${input.storyTitles.map((t) => html`<li>${t}</li>`)}</ul>
        ${button(input.readUrl, newsletterMessages.email.read)}
        ${input.listenUrl ? paragraph(html`${newsletterMessages.email.listenText} <a href="${input.listenUrl}" class="sh-link" style="color:${BRAND.color};">${newsletterMessages.email.listen}</a>`) : ""}`,
      unsubscribe,
    }),
    text: layoutText(
      [
        greeting(input.recipientName),
        input.subtitle ? `${input.title}\n${input.subtitle}` : input.title,
        intro,
        `${newsletterMessages.email.inThisEdition}\n${input.storyTitles.map((t) => `- ${t}`).join("\n")}`,
        textLink(newsletterMessages.email.read, input.readUrl),
        input.listenUrl ? textLink(newsletterMessages.email.listenText, input.listenUrl) : null,
      ],
      { unsubscribe },
    ),
  };
}
