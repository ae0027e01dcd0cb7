import type { PiperDownloadState } from "~/audio/voice-download.server";
import { cn } from "~/lib/cn";

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
const FALLBACK = "Until then episodes use the built-in voice.";

// Families are told only "not installed on this server", so the operator's command is said here.
export function piperNotice(
  state: PiperDownloadState,
  missing: string[] = [],
): { tone: "info" | "problem"; text: string } | null {
  switch (state.status) {
    case "idle":
      return missing.length
        ? {
            tone: "info",
            text: `Better voices (Piper) not installed on this server: ${missing.join(", ")}. Families see those accents as "not available yet"; run \`npm run voices:download\` to install them.`,
          }
        : null;
    case "downloading": {
      const size = state.total > 0 ? `, ${mb(state.received)} of ${mb(state.total)} MB` : "";
      return {
        tone: "info",
        text: `Downloading better voices (Piper): ${state.index} of ${state.models.length}, ${state.model}${size}. ${FALLBACK}`,
      };
    }
    case "done":
      return { tone: "info", text: `Better voices (Piper) are installed: ${state.models.join(", ")}.` };
    case "failed":
      return {
        tone: "problem",
        text: state.offline
          ? `Better voices (Piper) were not downloaded: no internet connection (${state.reason}). Episodes use the built-in voice; run \`npm run voices:download\` once the machine is online.`
          : `Downloading better voices (Piper) failed: ${state.reason}. Episodes use the built-in voice; \`npm run voices:download\` tries again.`,
      };
  }
}

export function PiperVoicesNotice({ state, missing }: { state: PiperDownloadState; missing?: string[] }) {
  const notice = piperNotice(state, missing);
  if (!notice) return null;
  return (
    <p
      role="status"
      data-testid="piper-voices-notice"
      className={cn(
        "rounded-md border p-3 text-sm [overflow-wrap:anywhere]",
        notice.tone === "problem" ? "border-destructive" : "border-primary",
      )}
    >
      {notice.text}
    </p>
  );
}
