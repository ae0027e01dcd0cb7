// Drawn on the server, so it reads without JavaScript; colours come from the theme, so it follows dark mode.
import { useId } from "react";

import { formatCount } from "~/lib/text-format";

export type TrendPoint = { month: string; users: number; podcasts: number; stories: number };

const SERIES = [
  { key: "users", label: "New users", className: "fill-primary" },
  { key: "podcasts", label: "Podcasts", className: "fill-sky-700 dark:fill-sky-400" },
  { key: "stories", label: "Stories", className: "fill-emerald-700 dark:fill-emerald-400" },
] as const;

const W = 600;
const H = 240;
const PAD = { top: 16, right: 8, bottom: 28, left: 36 };

export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

function axisMax(value: number) {
  if (value <= 1) return 1;
  const step = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * step).find((m) => m >= value)!;
}

export function TrendChart({ title, points }: { title: string; points: TrendPoint[] }) {
  const id = useId();
  const max = axisMax(Math.max(0, ...points.flatMap((p) => SERIES.map((s) => p[s.key]))));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const groupW = plotW / Math.max(1, points.length);
  const barW = (groupW * 0.7) / SERIES.length;
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const summary = points
    .map((p) => `${monthLabel(p.month)}: ${SERIES.map((s) => `${p[s.key]} ${s.label.toLowerCase()}`).join(", ")}`)
    .join("; ");
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <figure className="min-w-0 space-y-2">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="h-auto w-full"
          data-testid="trend-chart"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y(max * f)}
                y2={y(max * f)}
                className="stroke-border"
                strokeWidth={1}
              />
              <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
                {formatCount(Math.round(max * f))}
              </text>
            </g>
          ))}
          {points.map((p, i) => (
            <g key={p.month}>
              {SERIES.map((s, j) => (
                <rect
                  key={s.key}
                  x={PAD.left + i * groupW + groupW * 0.15 + j * barW}
                  y={y(p[s.key])}
                  width={barW - 2}
                  height={Math.max(0, PAD.top + plotH - y(p[s.key]))}
                  className={s.className}
                />
              ))}
              <text
                x={PAD.left + i * groupW + groupW / 2}
                y={H - 8}
                textAnchor="middle"
                className="fill-muted-foreground text-[11px]"
              >
                {monthLabel(p.month).split(" ")[0]}
              </text>
            </g>
          ))}
        </svg>
        <figcaption className="flex flex-wrap gap-4 text-sm">
          {SERIES.map((s) => (
            <span key={s.key} className="inline-flex items-center gap-2">
              <svg viewBox="0 0 10 10" className="h-3 w-3" aria-hidden="true">
                <rect width="10" height="10" className={s.className} />
              </svg>
              {s.label}
            </span>
          ))}
        </figcaption>
      </figure>
      <table className="w-full text-left text-sm" data-testid="trend-table">
        <caption className="sr-only">{title}</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Month
            </th>
            {SERIES.map((s) => (
              <th key={s.key} scope="col" className="py-2 pr-3 text-right font-medium">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.month} className="border-b border-border">
              <th scope="row" className="py-2 pr-3 font-normal">
                {monthLabel(p.month)}
              </th>
              {SERIES.map((s) => (
                <td key={s.key} className="py-2 pr-3 text-right tabular-nums">
                  {formatCount(p[s.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
