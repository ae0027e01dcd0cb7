import { listeningMessages } from "./listening-messages";

export const SOCIAL_NETWORKS = ["facebook", "twitter", "linkedin", "email"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export function socialShareUrls(link: string, title: string): Record<SocialNetwork, string> {
  const text = listeningMessages.share.shareText(title);
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?${q({ u: link })}`,
    twitter: `https://twitter.com/intent/tweet?${q({ url: link, text })}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?${q({ url: link })}`,
    // mailto wants %20 for spaces, not '+'.
    email: `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(listeningMessages.share.emailBody(link))}`,
  };
}
