import { NoScriptRefresh } from "./no-script-refresh";
import { isSettled, type LiveStatus } from "./use-live-podcast";

const NO_JS_REFRESH_SECONDS = 2;

export function GenerationProgress({
  podcast,
  label,
}: {
  podcast: Pick<LiveStatus, "status" | "statusLabel" | "progress">;
  label: string;
}) {
  const progress = podcast.progress ?? 0;
  return (
    <div className="space-y-2" data-status={podcast.status}>
      {isSettled(podcast.status) ? null : <NoScriptRefresh seconds={NO_JS_REFRESH_SECONDS} />}
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium" aria-live="polite">
          {podcast.statusLabel}
        </span>
        {podcast.progress === null ? null : <span className="text-muted-foreground">{progress}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${podcast.statusLabel} (${progress}%)`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            podcast.status === "failed" ? "h-full bg-destructive transition-all" : "h-full bg-primary transition-all"
          }
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}
