import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { storyMessages } from "~/features/contributions/messages";
import { formatDuration } from "~/lib/text-format";

const m = storyMessages.recording;

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

export function StoryRecording({ recording, contributorName }: { recording: StoryRecordingData; contributorName: string }) {
  if (recording.status === "refused") return <p className="text-sm text-muted-foreground">{m.refused(recording.reason ?? "")}</p>;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{m.heading}</h4>
        {recording.removalRequested ? <Badge variant="destructive">{m.removalRequested}</Badge> : null}
      </div>
      {recording.removalRequested ? <p className="text-sm">{m.removalRequestedText}</p> : null}
      {recording.url ? (
        <>
          <audio controls preload="none" src={recording.url} className="w-full" aria-label={`${m.heading}: ${contributorName}`} />
          {recording.duration ? <p className="text-sm text-muted-foreground">{m.duration(formatDuration(recording.duration))}</p> : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          {m.converting}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {recording.originalUrl ? (
          <a href={recording.originalUrl} className="text-sm text-primary hover:underline" download>
            {m.original}
          </a>
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={DELETE_RECORDING_INTENT} />
          <input type="hidden" name="recordingId" value={recording.id} />
          <button type="submit" className={buttonClass("outline", "sm")}>
            {m.delete}
          </button>
        </Form>
      </div>
    </div>
  );
}
