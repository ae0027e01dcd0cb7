import { TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import type { Speaker } from "~/features/podcasts/script/script";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { lineField, SEGMENT_TEXT_MAX } from "~/features/podcasts/script/script-review-limits";

export type ReviewSegment = {
  index: number;
  speaker: Speaker;
  text: string;
  spokenAs: string | null;
  recording: { name: string; length: string } | null;
};
export type ScriptResult = {
  intent: "save-script";
  errors: Record<number, string>;
  values: Record<number, string>;
  error?: string;
};

export const SCRIPT_FORM_ID = "script-form";
export const MOVE_INTENT = "move-segment:";

/** Every line posts with every button, so no typed change is left behind, with JavaScript or without. */
export function SegmentLine({
  segment,
  hostCount,
  hostNames,
  editable,
  result,
}: {
  segment: ReviewSegment;
  hostCount: 1 | 2;
  hostNames: Record<Speaker, string>;
  editable: boolean;
  result?: ScriptResult;
}) {
  const other = hostNames[segment.speaker === "host1" ? "host2" : "host1"];
  const label = scriptMessages.script.segmentLabel(segment.index + 1, hostNames[segment.speaker]);
  const typed = result?.values[segment.index];
  const error = result?.errors[segment.index];

  if (!editable || segment.recording) {
    return (
      <li className="space-y-1 rounded-lg border border-border p-4">
        <p className="text-sm font-semibold">
          {segment.recording
            ? scriptMessages.script.recordingLine(segment.recording.name, segment.recording.length)
            : label}
        </p>
        {segment.text ? <p className="whitespace-pre-wrap break-words">{segment.text}</p> : null}
      </li>
    );
  }
  return (
    <li className="space-y-3 rounded-lg border border-border p-4" data-testid="script-segment">
      <TextareaField
        key={`${segment.text}\u0000${typed ?? ""}`}
        label={label}
        textareaProps={{
          name: lineField(segment.index),
          defaultValue: typed ?? segment.text,
          rows: 4,
          maxLength: SEGMENT_TEXT_MAX,
          required: true,
          form: SCRIPT_FORM_ID,
        }}
        errors={error ? [error] : undefined}
      />
      {segment.spokenAs ? (
        <p className="break-words text-sm text-muted-foreground">
          <span className="font-medium">{scriptMessages.script.spokenAs}:</span>{" "}
          <span data-testid="spoken-as">{segment.spokenAs}</span>
        </p>
      ) : null}
      {hostCount === 2 ? (
        <Button
          type="submit"
          form={SCRIPT_FORM_ID}
          name="intent"
          value={`${MOVE_INTENT}${segment.index}`}
          size="sm"
          variant="outline"
        >
          {scriptMessages.script.moveTo(other)}
        </Button>
      ) : null}
    </li>
  );
}
