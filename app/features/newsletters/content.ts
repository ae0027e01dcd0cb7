// Shared by the page, the PDF, the e-mail and the JSON call, so all four say the same.
import { storyLengthLabel } from "~/features/contributions/story-length";
import { lazyIntl } from "~/lib/text-format";

export const NEWSLETTER_TEXT_SIZES = { normal: "1.125rem", large: "1.375rem" } as const;
export type NewsletterTextSize = keyof typeof NEWSLETTER_TEXT_SIZES;

export const textSizeFromParam = (value: string | null | undefined): NewsletterTextSize =>
  value === "large" ? "large" : "normal";

export function storyParagraphs(content: string): string[] {
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function familyBadge(familyName: string | null | undefined): string {
  const name = familyName?.trim();
  return name ? `${name} Family Stories` : "Family Stories";
}

export const contributorCountLabel = (n: number) => `${n} ${n === 1 ? "contributor" : "contributors"}`;

export const storyLengthText = (story: { readingTime: number; listenSeconds?: number | null }) =>
  storyLengthLabel(
    story.listenSeconds != null
      ? { kind: "listen", seconds: story.listenSeconds }
      : { kind: "read", minutes: story.readingTime },
  );

export const totalReadingMinutes = (stories: ReadonlyArray<{ readingTime: number }>) =>
  stories.reduce((sum, s) => sum + s.readingTime, 0);

export function countContributors(
  stories: ReadonlyArray<{ author: string | null; contributedBy: string | null }>,
): number {
  const names = new Set<string>();
  let unnamed = 0;
  for (const story of stories) {
    const name = (story.contributedBy ?? story.author)?.trim().toLowerCase();
    if (name) names.add(name);
    else unnamed++;
  }
  return names.size + unnamed;
}

const longDate = lazyIntl(
  () => new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
);

export const formatPublishDate = (date: Date | string | number) => longDate().format(new Date(date));

export function newsletterPaths(publicId: string) {
  const page = `/newsletter/${publicId}`;
  return {
    page,
    pdf: `${page}/pdf`,
    audio: `${page}/audio`,
    cover: `${page}/cover`,
    podcastCover: `${page}/podcast-cover.jpg`,
    listen: `${page}#listen`,
    image: (attachmentId: string) => `${page}/images/${attachmentId}`,
    recording: (storyId: string) => `${page}/recordings/${storyId}.mp3`,
  };
}
