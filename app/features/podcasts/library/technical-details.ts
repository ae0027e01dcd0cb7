import { formatDateTimeAt } from "~/lib/format-date";
import { formatCount, formatDuration } from "~/lib/text-format";

import { describeHost, wizardMessages } from "../wizard/wizard-messages";

const review = wizardMessages.review;

export type TechnicalSource = {
  statusLabel: string;
  hostCount: number;
  hostLabel: string;
  primaryVoice: string;
  primaryAccent: string | null;
  primarySpeed: number | null;
  secondaryVoice: string | null;
  secondaryAccent: string | null;
  secondarySpeed: number | null;
  backgroundMusic: string;
  introOutro: string;
  processingQuality: string;
  duration: number | null;
  fileSize: number | null;
  audioUrl: string | null;
  scriptSummary: string | null;
  createdAt: Date | string;
  completedAt: Date | string | null;
};

const MB = 1_048_576;

export const formatMegabytes = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 2 : 1)} MB`;

const word = (labels: Record<string, string>, value: string) => labels[value] ?? value.replaceAll(/[-_]/g, " ");

export function technicalDetails(p: TechnicalSource, listens: number): Array<[string, string]> {
  const rows: Array<[string, string | null]> = [
    ["Status", p.statusLabel],
    ["Voices", p.hostLabel],
    ["Primary voice", describeHost(p.primaryVoice, p.primaryAccent, p.primarySpeed)],
    [
      "Secondary voice",
      p.hostCount === 2 && p.secondaryVoice
        ? describeHost(p.secondaryVoice, p.secondaryAccent, p.secondarySpeed)
        : null,
    ],
    ["Background music", word(review.musicLabels, p.backgroundMusic)],
    ["Intro/outro", word(review.introOutroLabels, p.introOutro)],
    ["Sound quality", word(review.qualityLabels, p.processingQuality)],
    ["Duration", p.duration === null ? null : formatDuration(p.duration)],
    ["File size", p.fileSize ? formatMegabytes(p.fileSize) : null],
    ["Format", p.audioUrl ? "MP3 (audio/mpeg)" : null],
    ["Listens", formatCount(listens)],
    ["Script", p.scriptSummary],
    ["Created", formatDateTimeAt(p.createdAt)],
    ["Completed", formatDateTimeAt(p.completedAt)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}
