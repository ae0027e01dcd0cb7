// The spec's exact strings are marked; the rest fill its gaps.
export const landingMessages = {
  sample: {
    heading: "Hear a sample episode",
    text: "A short family story, told by two of our narrators exactly as every Storyhearth episode is made.",
    title: (story: string) => `Sample episode: ${story}`,
    download: "Download the sample (MP3)",
  },
  pricing: {
    heading: "Plans",
    intro: "Every plan includes e-mail story collection, the family newsletter and narrated podcast episodes.",
    monthly: "Monthly",
    annual: "Annual",
    billingLabel: "Billing period",
    perMonth: "/month",
    perYear: "/year",
    save: (amount: number) => `Save $${amount}`, // spec: 'Save' badge, one month's price
    popular: "Most Popular", // spec
    choose: (plan: string) => `Choose ${plan}`,
    credits: (n: number) => `${n} podcast ${n === 1 ? "episode" : "episodes"} a month`,
    perCredit: (words: string, minutes: number) =>
      `Each from a story of up to ${words} words, about ${minutes} min to listen to`,
    addOn: (price: number, max: number | null) =>
      `Another episode $${price} (${max === null ? "as many as you need" : `up to ${max} a month`})`,
    enterprise: "Running a senior living community?",
    enterpriseText:
      "We offer enterprise options for senior living communities, with story collection for every resident family.",
    enterpriseLink: "Ask about enterprise options",
    seePlans: "See plans",
  },
  signup: {
    title: "Coming Soon", // spec
    text: "Storyhearth is opening to new families soon. Leave your e-mail address and we will write once, when you can sign up.",
    emailLabel: "Email",
    emailPlaceholder: "you@example.com",
    submit: "Notify Me",
    submitting: "Adding...",
    close: "Close",
    thanksTitle: "You're on the list!",
    thanksText: "Thank you. We have sent a short confirmation, and we will e-mail you when Storyhearth opens.",
    emailRequired: "Email is required", // spec: the e-mail field is required
    emailInvalid: "Please enter a valid email address",
    privacy: "We use your address only to tell you about the launch.",
  },
  email: {
    subject: "You're on the Storyhearth launch list",
    body: "Thank you for your interest in Storyhearth. You are on our launch list: we will write to you once, when families can sign up.",
    notYou: "Didn't ask for this? Simply ignore this e-mail; we will not write again before launch.",
  },
} as const;
