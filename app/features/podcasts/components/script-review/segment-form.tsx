import { useFetcher } from "@remix-run/react";
import { TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import type { Speaker } from "~/features/podcasts/script";
import { SEGMENT_TEXT_MAX } from "~/features/podcasts/script-review-limits";
import { wizardMessages } from "~/features/podcasts/wizard-messages";

const m = wizardMessages.script;

export type ReviewSegment = { index: number; speaker: Speaker; text: string; spokenAs: string | null; recording: { name: string; length: string } | null };
export type SegmentResult = { intent: "save-segment" | "move-segment"; index: number; error: string };

/**
 * One form per line: a plain post without JavaScript, a fetcher (no page load, the scroll kept) with it.
 * Keyed by the saved text, so a saved or reloaded line shows what the server has.
 */
export function SegmentForm({
  segment,
  hostCount,
  hostNames,
  editable,
  result,
}: {
  segment: ReviewSegment;
  hostCount: 1 | 2;
  /** The chosen voices' names (Grace, Henry), not "Host 1". */
  hostNames: Record<Speaker, string>;
  editable: boolean;
  result?: SegmentResult;
}) {
  const fetcher = useFetcher<SegmentResult>({ key: `segment-${segment.index}` });
  const pending = fetcher.state !== "idle";
  const error = (fetcher.data ?? result)?.index === segment.index ? (fetcher.data ?? result)?.error : undefined;
  const other = hostNames[segment.speaker === "host1" ? "host2" : "host1"];
  const label = m.segmentLabel(segment.index + 1, hostNames[segment.speaker]);

  if (!editable || segment.recording) {
    return (
      <li className="space-y-1 rounded-lg border border-border p-4">
        <p className="text-sm font-semibold">{segment.recording ? m.recordingLine(segment.recording.name, segment.recording.length) : label}</p>
        <p className="whitespace-pre-wrap break-words">{segment.text}</p>
      </li>
    );
  }
  return (
    <li className="rounded-lg border border-border p-4" data-testid="script-segment">
      <fetcher.Form method="post" preventScrollReset className="space-y-3">
        <input type="hidden" name="index" value={segment.index} />
        <TextareaField
          key={segment.text}
          label={label}
          textareaProps={{ name: "text", defaultValue: segment.text, rows: 4, maxLength: SEGMENT_TEXT_MAX, required: true }}
          errors={error ? [error] : undefined}
        />
        {segment.spokenAs ? (
          <p className="break-words text-sm text-muted-foreground">
            <span className="font-medium">{m.spokenAs}:</span> <span data-testid="spoken-as">{segment.spokenAs}</span>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save-segment" size="sm" disabled={pending}>
            {pending && fetcher.formData?.get("intent") === "save-segment" ? m.saving : m.save}
          </Button>
          {hostCount === 2 ? (
            <Button type="submit" name="intent" value="move-segment" size="sm" variant="outline" disabled={pending}>
              {m.moveTo(other)}
            </Button>
          ) : null}
        </div>
      </fetcher.Form>
    </li>
  );
}
