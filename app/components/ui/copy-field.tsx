// A link shown as text, so it can be copied by hand without JavaScript; with it, a Copy button.
import { useEffect, useId, useState } from "react";

import { Button, buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { cn } from "~/lib/cn";

export type CopyFieldText = { label: string; copy: string; open?: string; copied: string; failed: string };

export function CopyField({
  url,
  text,
  describedBy,
  testId,
}: {
  url: string;
  text: CopyFieldText;
  describedBy?: string;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), 4000);
    return () => clearTimeout(timer);
  }, [note]);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      setNote({ text: text.copied, failed: false });
    } catch {
      setNote({ text: text.failed, failed: true });
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="sr-only">
        {text.label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={url}
          className="min-w-0 flex-1 rounded-md border border-border bg-muted px-2 py-1 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
        />
        {hydrated ? (
          <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-describedby={describedBy}>
            {text.copy}
          </Button>
        ) : null}
        {text.open ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("outline", "sm")}
            aria-describedby={describedBy}
          >
            {text.open}
          </a>
        ) : null}
      </div>
      <p
        role="status"
        aria-live="polite"
        className={cn("min-h-[1rem] text-xs", note?.failed ? "text-destructive" : "text-muted-foreground")}
      >
        {note?.text ?? ""}
      </p>
    </div>
  );
}
