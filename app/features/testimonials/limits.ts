// Without Zod, so the public page and the admin form load no schema code (decision 0182).
import { testimonialMessages } from "./messages";

export const MAX_CAMPAIGN_QUESTIONS = 5;
export const MAX_SELECTED_QUESTIONS = 2;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const QUESTION_MAX = 500;
export const RESPONSE_MAX = 10_000;
export const NAME_MAX = 200;
export const EMAIL_MAX = 254;

export const RESPONDENT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isRespondentEmail = (value: string) =>
  RESPONDENT_EMAIL.test(value.trim()) && value.trim().length <= EMAIL_MAX;

export type AboutErrors = Partial<Record<"respondentName" | "respondentEmail", string[]>>;

// Must match schemas.ts's AboutSchema; limits.test.ts holds the two together.
export function checkAbout(
  respondentName: string,
  respondentEmail: string,
): { ok: true; respondentName: string; respondentEmail: string } | { ok: false; errors: AboutErrors } {
  const name = respondentName.trim();
  const email = respondentEmail.trim();
  const errors: AboutErrors = {};
  if (name.length < 1 || name.length > NAME_MAX) errors.respondentName = [testimonialMessages.validation.nameRequired];
  if (!isRespondentEmail(email)) errors.respondentEmail = [testimonialMessages.validation.email];
  return errors.respondentName || errors.respondentEmail
    ? { ok: false, errors }
    : { ok: true, respondentName: name, respondentEmail: email };
}
