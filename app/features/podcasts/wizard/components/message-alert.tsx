import type { TitledMessage } from "~/features/podcasts/messages";
import { cn } from "~/lib/cn";

export function MessageAlert({
  message,
  className,
}: {
  message: TitledMessage | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div role="alert" className={cn("rounded-md border border-destructive bg-destructive/10 p-3 text-sm", className)}>
      <p className="font-semibold text-destructive">{message.title}</p>
      {message.description && message.description !== message.title ? (
        <p className="mt-1">{message.description}</p>
      ) : null}
    </div>
  );
}
