import { listeningMessages } from "./listening-messages";

// A family's episode is private: its link is sent person to person, never posted publicly (decision 0207).
export const SOCIAL_NETWORKS = ["email", "sms", "whatsapp"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export function socialShareUrls(link: string, title: string): Record<SocialNetwork, string> {
  const text = listeningMessages.share.shareText(title);
  // mailto and sms want %20 for spaces, not '+'.
  const body = encodeURIComponent(`${text} ${link}`);
  return {
    email: `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(listeningMessages.share.emailBody(link))}`,
    sms: `sms:?&body=${body}`,
    whatsapp: `https://wa.me/?text=${body}`,
  };
}
