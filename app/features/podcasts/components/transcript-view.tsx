import type { TranscriptTurn } from "~/features/podcasts/transcript";
import { listeningMessages } from "~/features/podcasts/listening-messages";

/** Speaker turns with the speaker's name in bold; the spec's empty text when there is none. */
export function TranscriptView({ turns }: { turns: TranscriptTurn[] }) {
  if (!turns.length) return <p className="text-muted-foreground">{listeningMessages.detail.noTranscript}</p>;
  return (
    <div className="space-y-3" data-testid="transcript">
      {turns.map((turn, i) => (
        <p key={i}>
          {turn.speaker ? <strong>{turn.speaker}: </strong> : null}
          {turn.text}
        </p>
      ))}
    </div>
  );
}
