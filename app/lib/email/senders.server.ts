// Who our mail says it is from and where a reply goes (decision 0201): every message has a Reply-To a person reads.
import { addressDomain, formatAddress, parseFromLine } from "~/lib/email-address";
import { env } from "~/lib/env.server";

import { BRAND } from "./layout";

export type Sender = "service" | "account" | { onBehalfOf: string };

const mailFromDomain = () => addressDomain(env().MAIL_FROM)!;

export const accountMailFrom = () =>
  env().ACCOUNT_MAIL_FROM ??
  formatAddress(BRAND.name, `account@${env().ACCOUNT_MAILGUN_DOMAIN?.toLowerCase() ?? mailFromDomain()}`);

export const supportAddress = () => env().SUPPORT_EMAIL ?? `support@${mailFromDomain()}`;

export function fromLine(sender: Sender = "service") {
  if (sender === "account") return accountMailFrom();
  if (sender === "service") return env().MAIL_FROM;
  return formatAddress(`${sender.onBehalfOf} via ${BRAND.name}`, parseFromLine(env().MAIL_FROM).email!);
}

export function sendingDomainFor(from: string, domain: string) {
  const accountDomain = env().ACCOUNT_MAILGUN_DOMAIN?.toLowerCase();
  return accountDomain && addressDomain(from) === accountDomain ? accountDomain : domain;
}
