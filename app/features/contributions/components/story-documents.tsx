import { storyMessages } from "~/features/contributions/messages";

export type StoryDocument = { id: string; url: string; fileName: string; sizeLabel: string };

export function StoryDocuments({ documents }: { documents: StoryDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {storyMessages.card.documents}
      </h4>
      <ul className="space-y-1">
        {documents.map((d) => (
          <li key={d.id} className="text-sm">
            <a
              href={d.url}
              download={d.fileName}
              aria-label={storyMessages.card.downloadDocument(d.fileName, d.sizeLabel)}
              className="break-words font-medium text-primary underline underline-offset-2"
            >
              {d.fileName}
            </a>{" "}
            <span className="text-muted-foreground">({d.sizeLabel})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RefusedAttachmentsNote({ note }: { note: string | null }) {
  if (!note) return null;
  return <p className="break-words rounded-md border border-border bg-muted/40 p-3 text-sm">{note}</p>;
}
