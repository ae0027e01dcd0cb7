// The claims are phrased to match what the app really does (limits per account, audio not editable).
import { MAX_PDF_MB } from "~/features/podcasts/messages";
import { formatCount } from "~/lib/text-format";

export const HELP_TABS = ["faq", "tutorials", "contact"] as const;
export type HelpTab = (typeof HELP_TABS)[number];
export const helpTabFrom = (value: string | null): HelpTab =>
  (HELP_TABS as readonly string[]).includes(value ?? "") ? (value as HelpTab) : "faq";

export const SUPPORT_RESPONSE_HOURS = 24;

export const helpMessages = {
  heading: "Help & FAQ",
  intro:
    "Storyhearth turns your family's stories into narrated podcasts. Find answers, step-by-step guides, or write to us.",
  tabs: { faq: "FAQ", tutorials: "Tutorials", contact: "Contact Support" } satisfies Record<HelpTab, string>, // spec
  faq: (account: { podcastLimit: number; podcastsGenerated: number } | null, minutesPer1000Words: number) => [
    {
      q: "What is Storyhearth?",
      a: "Storyhearth is a podcast generator for senior stories. Upload a story as a PDF or paste its text, choose one or two narrating voices, and get a narrated episode you can share by link or download as an MP3. You can also gather stories from relatives by e-mail and turn a collection into a family podcast and newsletter.",
    },
    {
      q: "What can I upload?",
      a: `A PDF file of up to ${MAX_PDF_MB} MB, or the story's text pasted into the form.`,
    },
    {
      q: "How long does it take to make a podcast?",
      a: "Usually 1 to 5 minutes with standard quality and 3 to 10 minutes with premium quality, depending on the length of the story. You can leave the page: the podcast keeps being made and appears in My Podcasts when it is ready.",
    },
    {
      q: "How long will my podcast be?",
      a: `About ${formatCount(minutesPer1000Words)} minutes for every 1,000 words of your story, read by one host at normal speed with the standard intro and outro. A faster speaking speed makes it shorter. Before you generate, the review step shows the estimate for your story and your voices.`,
    },
    {
      q: "How long do share links work?",
      a: "A share link is valid for 30 days by default, and the expiry can be adjusted when the link is made. You can also protect a link with a password.",
    },
    {
      q: "How long are my podcasts kept?",
      a: "Indefinitely: your podcasts stay in your library until you delete them.",
    },
    {
      q: "Is there a limit on how many podcasts I can make?",
      a: `Kept podcasts are stored indefinitely. How many you can have at once depends on your plan: trial accounts 3 and active subscriptions 50, and deleting a podcast frees its place.${account ? ` Your account is using ${account.podcastsGenerated} of ${account.podcastLimit}.` : ""}`,
    },
    {
      q: "Can I edit a podcast after it is made?",
      a: "The audio cannot be edited once it is made. You can change a podcast's title and description at any time with Edit Details, or make a new version with different voices or text.",
    },
    {
      q: "How does the family newsletter work?",
      a: "Open a story collection's Newsletters page and press Create Newsletter: the collection's stories, their photos and its podcast become a newsletter with its own private link. Your distribution workflow decides when it is e-mailed to the family: only when you press Send to family, as soon as it is made, or on the collection's delivery date.",
    },
    {
      q: "How quickly will support answer?",
      a: `We reply within ${SUPPORT_RESPONSE_HOURS} hours. Use the Contact Support tab to write to us.`,
    },
  ],
  tutorials: [
    {
      title: "Create your first podcast",
      steps: [
        "Upload Story: choose a PDF or type the story's title and text.",
        "Configure Voices: pick one or two hosts, their voices, accents and speaking speed.",
        "Generate Podcast: review the options and press Generate Podcast.",
        "Share & Download: listen, make a share link or download the MP3.",
      ],
    },
    {
      title: "Collect stories from your family",
      steps: [
        "Create a story collection with a title and the question you want answered.",
        "Add the e-mail addresses of the relatives you want to ask.",
        "They reply to the e-mail (photos welcome) or use their personal link; no account needed.",
        "Read the stories on the collection's page and turn them into a family podcast.",
      ],
    },
    {
      title: "Make and send a family newsletter",
      steps: [
        "Open one of your story collections below and choose Newsletters.",
        "Press Create Newsletter; edit the title, subtitle, family name or cover if you like.",
        "Open the newsletter to read it, share its link or download it as a PDF.",
        "Press Send to family, or let your distribution workflow send it.",
      ],
    },
  ],
  yourCollections: "Your collections' newsletters",
  noCollections: "You have no story collections yet.",
  contact: {
    heading: "Contact Support",
    intro: `Tell us what you need and we will reply to your account's e-mail address within ${SUPPORT_RESPONSE_HOURS} hours.`,
    visitorIntro: `Tell us what you need and we will reply to the e-mail address you give within ${SUPPORT_RESPONSE_HOURS} hours.`,
    email: "Your e-mail address",
    visitor: "A visitor",
    emailInvalid: "Please enter a valid email address",
    subject: "Subject",
    message: "Message",
    send: "Send Message",
    sending: "Sending...",
    subjectRequired: "Please enter a subject",
    subjectTooLong: "Keep the subject under 200 characters",
    messageRequired: "Please enter your message",
    messageTooLong: "Keep the message under 5,000 characters",
    thanksTitle: "Thank you for your message",
    thanksText: `We have received it and will reply within ${SUPPORT_RESPONSE_HOURS} hours.`,
    toast: { title: "Message sent", description: `Support will reply within ${SUPPORT_RESPONSE_HOURS} hours.` },
    another: "Send another message",
  },
} as const;
