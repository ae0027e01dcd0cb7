// The testimonial forms' limits and the respondent's step-1 rule, without Zod: the public page runs
// the flow in the browser and the admin form shows the question count, so both import from here and
// load no schema code (decision 0182). schemas.ts builds the server's checks from these.
import { testimonialMessages } from "./messages";

export const MAX_CAMPAIGN_QUESTIONS = 5;
/** The respondent answers one or two of them on video (spec 3, Recorder). */
export const MAX_SELECTED_QUESTIONS = 2;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const QUESTION_MAX = 500;
export const RESPONSE_MAX = 10_000;
export const NAME_MAX = 200;
export const EMAIL_MAX = 254;

/** The spec's basic e-mail rule. */
export const RESPONDENT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isRespondentEmail = (value: string) => RESPONDENT_EMAIL.test(value.trim()) && value.trim().length <= EMAIL_MAX;

export type AboutErrors = Partial<Record<"respondentName" | "respondentEmail", string[]>>;

/**
 * Step 1 (name and e-mail), trimmed, or the messages: the same words and outcome as schemas.ts's
 * `AboutSchema`, which the submission schemas use (limits.test.ts holds the two together).
 */
export function checkAbout(respondentName: string, respondentEmail: string): { ok: true; respondentName: string; respondentEmail: string } | { ok: false; errors: AboutErrors } {
  const name = respondentName.trim();
  const email = respondentEmail.trim();
  const errors: AboutErrors = {};
  if (name.length < 1 || name.length > NAME_MAX) errors.respondentName = [testimonialMessages.validation.nameRequired];
  if (!isRespondentEmail(email)) errors.respondentEmail = [testimonialMessages.validation.email];
  return errors.respondentName || errors.respondentEmail ? { ok: false, errors } : { ok: true, respondentName: name, respondentEmail: email };
}
