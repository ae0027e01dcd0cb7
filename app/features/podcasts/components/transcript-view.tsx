import type { TranscriptTurn } from "~/features/podcasts/transcript";
import { listeningMessages } from "~/features/podcasts/listening-messages";

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
