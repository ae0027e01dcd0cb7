import { newsletterMessages } from "~/features/newsletters/messages";
import { BRAND, button, greeting, html, layoutHtml, layoutText, muted, paragraph, textLink, type EmailParts } from "~/lib/email/layout";

const m = newsletterMessages.email;

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
  const subject = m.subject(input.title, input.familyName, input.edition);
  const intro = m.intro(input.ownerName, input.storyTitles.length);
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
        ${paragraph(html`<strong>${m.inThisEdition}</strong>`)}
        <ul class="sh-ink" style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.6;color:${BRAND.ink};">${input.storyTitles.map((t) => html`<li>${t}</li>`)}</ul>
        ${button(input.readUrl, m.read)}
        ${input.listenUrl ? paragraph(html`${m.listenText} <a href="${input.listenUrl}" class="sh-link" style="color:${BRAND.color};">${m.listen}</a>`) : ""}`,
      unsubscribe,
    }),
    text: layoutText([
      greeting(input.recipientName),
      input.subtitle ? `${input.title}\n${input.subtitle}` : input.title,
      intro,
      `${m.inThisEdition}\n${input.storyTitles.map((t) => `- ${t}`).join("\n")}`,
      textLink(m.read, input.readUrl),
      input.listenUrl ? textLink(m.listenText, input.listenUrl) : null,
    ], { unsubscribe }),
  };
}
