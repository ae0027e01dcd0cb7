import { Card, CardTitle } from "~/components/ui/card";
import { storyMessages } from "~/features/contributions/messages";

import { RefusedAttachmentsNote } from "./story-documents";

export type EmptyReplyData = {
  id: string;
  headline: string;
  contributorEmail: string | null;
  sentFrom: string | null;
  subject: string | null;
  receivedLabel: string | null;
  content: string;
  refusedNote: string | null;
};

export function EmptyReplies({ replies }: { replies: EmptyReplyData[] }) {
  if (replies.length === 0) return null;
  return (
    <Card className="space-y-3">
      <CardTitle>{storyMessages.emptyReplies.title}</CardTitle>
      <p className="text-sm text-muted-foreground">{storyMessages.emptyReplies.text}</p>
      <ul className="space-y-3">
        {replies.map((reply) => (
          <li key={reply.id} className="space-y-1 rounded-md border border-border p-3 text-sm">
            <p className="break-words font-medium">{reply.headline}</p>
            {reply.sentFrom ? (
              <p className="break-words text-muted-foreground">{storyMessages.card.sentFrom(reply.sentFrom)}</p>
            ) : null}
            <p className="text-muted-foreground">{reply.receivedLabel ?? storyMessages.card.recentlySubmitted}</p>
            {reply.subject ? (
              <p className="break-words text-muted-foreground">{storyMessages.emptyReplies.subject(reply.subject)}</p>
            ) : null}
            <RefusedAttachmentsNote note={reply.refusedNote} />
            <details>
              <summary className="cursor-pointer font-medium">{storyMessages.emptyReplies.whatArrived}</summary>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans">
                {reply.content.trim() || storyMessages.emptyReplies.nothing}
              </pre>
            </details>
          </li>
        ))}
      </ul>
    </Card>
  );
}
