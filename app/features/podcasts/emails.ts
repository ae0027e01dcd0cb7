import { podcastMessages } from "~/features/podcasts/messages";
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

export type PodcastReadyEmailInput = {
  name: string | null;
  title: string;
  duration: string;
  podcastUrl: string;
  coverSrc: string | null;
};

// Words around the cover, so spam filters do not score the mail as an image-only message.
const READY_SHARE_HEADING = "Sharing it with your family";
const READY_SHARE = [
  "A share link: on the podcast's page, Share makes a link that anyone in the family can open in a browser, with a password if you want one. Nobody needs an account to listen, and you can turn the link off again at any time.",
  "A podcast app: the family feed on the same page brings this episode, and every episode after it, into Apple Podcasts, Pocket Casts or any app that takes a private feed, so the family hears each new one as it comes.",
  "The family newsletter: a newsletter made from the collection carries the episode with the stories it tells, and goes by e-mail to everyone on your list.",
];
const READY_KEEP_HEADING = "Keeping it";
const READY_KEEP =
  "The MP3 and the transcript, a PDF with every word that is said, are yours to download and keep. They play and print without Storyhearth, on any computer or phone, for as long as the family wants them.";
const READY_QUESTIONS =
  "A question, or something that does not sound right? Reply to this e-mail: it reaches the people who look after Storyhearth.";

export function podcastReadyEmail({ name, title, duration, podcastUrl, coverSrc }: PodcastReadyEmailInput): EmailParts {
  const subject = `Your podcast is ready: ${title}`;
  const intro = `Your podcast “${title}” is ready to listen to (${duration}).`;
  const next = "On its page you can play it, share it with your family and download the MP3 and the transcript.";
  const why = "You are receiving this because you asked Storyhearth to make this podcast.";
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: intro,
      body: html`${paragraph(greeting(name))}
        ${coverSrc ? html`<img src="${coverSrc}" width="160" height="160" alt="${podcastMessages.cover.alt(title)}" style="display:block;margin:0 0 20px;width:160px;height:160px;border:0;border-radius:8px;">` : ""}
        ${paragraph(intro)}${button(podcastUrl, "Listen to your podcast")}${paragraph(next)}
        ${paragraph(html`<strong>${READY_SHARE_HEADING}</strong>`)}${READY_SHARE.map((line) => paragraph(line))}
        ${paragraph(html`<strong>${READY_KEEP_HEADING}</strong>`)}${paragraph(READY_KEEP)}${muted(READY_QUESTIONS)}${muted(why)}`,
    }),
    text: layoutText([
      greeting(name),
      intro,
      textLink("Listen to your podcast", podcastUrl),
      next,
      READY_SHARE_HEADING,
      ...READY_SHARE,
      READY_KEEP_HEADING,
      READY_KEEP,
      READY_QUESTIONS,
      why,
    ]),
  };
}

export type PodcastFailedEmailInput = { name: string | null; title: string; reason: string; retryUrl: string };

export function podcastFailedEmail({ name, title, reason, retryUrl }: PodcastFailedEmailInput): EmailParts {
  const subject = `Your podcast could not be made: ${title}`;
  const intro = `We could not finish making your podcast “${title}”.`;
  const retry = "Your story and choices are kept: press Retry Generation to try again with the same options.";
  const help = `If it fails again, write to us from the Help page of ${BRAND.name} and we will look into it.`;
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: intro,
      body: html`${paragraph(greeting(name))}${paragraph(intro)}${paragraph(html`<strong>What went wrong:</strong> ${reason}`)}${paragraph(retry)}${button(retryUrl, "Retry Generation")}${muted(help)}`,
    }),
    text: layoutText([
      greeting(name),
      intro,
      `What went wrong: ${reason}`,
      retry,
      textLink("Retry Generation", retryUrl),
      help,
    ]),
  };
}

export type ClipRemovedEmailInput = {
  name: string | null;
  contributor: string;
  collection: string;
  remade: string[];
  story: boolean;
  storiesUrl: string;
};

export function clipRemovedEmail({
  name,
  contributor,
  collection,
  remade,
  story,
  storiesUrl,
}: ClipRemovedEmailInput): EmailParts {
  const subject = story ? `A story was removed from “${collection}”` : `A recording was removed from “${collection}”`;
  const intro = story
    ? `${contributor} asked that their recording and their written story for “${collection}” be removed. Both have been deleted, with the story's photos.`
    : `${contributor} asked that their recording for “${collection}” no longer be heard. It is no longer played anywhere in ${BRAND.name}.`;
  const episodes = remade.length
    ? `These podcasts ${story ? "may have used it" : "played it"} and are being made again without it; until they are, they are out of your feeds and share links: ${remade.map((t) => `“${t}”`).join(", ")}.`
    : `None of your finished podcasts ${story ? "used it" : "played it"}.`;
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: intro,
      body: html`${paragraph(greeting(name))}${paragraph(intro)}${paragraph(episodes)}${button(storiesUrl, "See the collection's stories")}`,
    }),
    text: layoutText([greeting(name), intro, episodes, textLink("See the collection's stories", storiesUrl)]),
  };
}
