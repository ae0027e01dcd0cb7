import { failedSignInsEmail } from "~/features/account/emails";
import { now } from "~/lib/clock.server";
import { sendEmail } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { getUserByEmail, normalizeEmail } from "~/models/user.server";

// Counted per address, known or not, so a refusal says nothing about who has an account.
// Kept in memory: why, and its limits, in decision 0137.
export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;
export const NOTIFY_AT_FAILURES = 10;
const FORGET_AFTER_MS = 24 * 60 * 60_000;
const MAX_TRACKED = 50_000;

type Streak = { failures: number; lastAttemptAt: number; startedAt: number; notified: boolean };
const streaks = new Map<string, Streak>();

export function delayAfter(failures: number) {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

function current(key: string, at: number) {
  const streak = streaks.get(key);
  if (streak && at - streak.lastAttemptAt > FORGET_AFTER_MS) {
    streaks.delete(key);
    return undefined;
  }
  return streak;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

// Every attempt counts as a failure until signInSucceeded, so parallel guesses cannot slip past.
export function startSignInAttempt(email: string): AttemptVerdict {
  const key = normalizeEmail(email);
  const at = now().getTime();
  const streak = current(key, at);
  const wait = streak ? streak.lastAttemptAt + delayAfter(streak.failures) - at : 0;
  if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
  if (streak) {
    streak.failures++;
    streak.lastAttemptAt = at;
  } else {
    if (streaks.size >= MAX_TRACKED) streaks.delete(streaks.keys().next().value!);
    streaks.set(key, { failures: 1, lastAttemptAt: at, startedAt: at, notified: false });
  }
  return { allowed: true };
}

export function signInSucceeded(email: string) {
  streaks.delete(normalizeEmail(email));
}

export async function signInFailed(email: string) {
  const key = normalizeEmail(email);
  const streak = streaks.get(key);
  if (!streak || streak.notified || streak.failures < NOTIFY_AT_FAILURES) return;
  streak.notified = true;
  try {
    const user = await getUserByEmail(key);
    if (!user) return;
    const mail = failedSignInsEmail({
      name: user.firstName ?? null,
      failures: streak.failures,
      resetUrl: `${appUrl()}/reset-password`,
    });
    await sendEmail({
      kind: "failed_sign_ins",
      to: user.email,
      from: "account",
      autoSubmitted: "auto-generated",
      dedupeKey: `failed-sign-ins:${user.id}:${streak.startedAt}`,
      ...mail,
    });
  } catch (error) {
    recordSystemError({ error, errorType: "failed_sign_ins_email", workflow: "sign-in", severity: "medium" });
  }
}

export function resetSignInThrottle() {
  streaks.clear();
}
