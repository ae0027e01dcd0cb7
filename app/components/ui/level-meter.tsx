import { useId } from "react";

export function LevelMeter({
  level,
  label,
  hint,
  testId,
}: {
  level: number;
  label: string;
  hint: string;
  testId: string;
}) {
  const labelId = useId();
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-x-2 text-sm">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        data-testid={testId}
      >
        <div className="h-full bg-green-600 transition-[width] duration-150" style={{ width: `${level}%` }} />
      </div>
    </div>
  );
}
