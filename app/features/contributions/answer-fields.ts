// Names the public answer form and its action share; apart from schemas.ts so the form's page
// loads no schema code.

/** Honeypot: a filled one is answered as if accepted and nothing is stored (decision 0103). */
export const HONEYPOT_FIELD = "website";

/** The recorder's key for one answer, the same on every retry, so a resend after a lost reply saves nothing twice (decision 0138). */
export const ANSWER_KEY_FIELD = "answerKey";
