// Apart from schemas.ts, so the form's page loads no schema code.

/** Honeypot: a filled one is answered as if accepted and nothing is stored (decision 0103). */
export const HONEYPOT_FIELD = "website";

export const ANSWER_KEY_FIELD = "answerKey";
