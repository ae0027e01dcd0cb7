import { Form } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { storyMessages } from "~/features/contributions/messages";
import { formatDuration } from "~/lib/text-format";

export const DELETE_RECORDING_INTENT = "delete-recording";

export type StoryRecordingData = {
  id: string;
  status: "converting" | "ready" | "refused";
  url: string | null;
  originalUrl: string | null;
  reason: string | null;
  removalRequested: boolean;
  /** From the server: the player fetches nothing before play is pressed. */
  duration: number | null;
};

export function StoryRecording({
  recording,
  contributorName,
}: {
  recording: StoryRecordingData;
  contributorName: string;
}) {
  if (recording.status === "refused")
    return <p className="text-sm text-muted-foreground">{storyMessages.recording.refused(recording.reason ?? "")}</p>;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          {storyMessages.recording.heading}
        </h4>
        {recording.removalRequested ? (
          <Badge variant="destructive">{storyMessages.recording.removalRequested}</Badge>
        ) : null}
      </div>
      {recording.removalRequested ? <p className="text-sm">{storyMessages.recording.removalRequestedText}</p> : null}
      {recording.url ? (
        <>
          <audio
            controls
            preload="none"
            src={recording.url}
            className="w-full"
            aria-label={`${storyMessages.recording.heading}: ${contributorName}`}
          />
          {recording.duration ? (
            <p className="text-sm text-muted-foreground">
              {storyMessages.recording.duration(formatDuration(recording.duration))}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          {storyMessages.recording.converting}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {recording.originalUrl ? (
          <a href={recording.originalUrl} className="text-sm text-primary hover:underline" download>
            {storyMessages.recording.original}
          </a>
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={DELETE_RECORDING_INTENT} />
          <input type="hidden" name="recordingId" value={recording.id} />
          <button type="submit" className={buttonClass("outline", "sm")}>
            {storyMessages.recording.delete}
          </button>
        </Form>
      </div>
    </div>
  );
}
