/** One figure in bench/results.json (docs: DESIGN.md "Benchmarks"). */
/** baseline and ratio are null when a figure has no baseline of its own. */
export type Figure = {
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  goal: string;
  machine: string;
};
export type Figures = Record<string, Figure>;
export type BenchContext = { buildDir: string; seconds: number; concurrency: number; machine: string };
/** A benchmark module's default export. */
export type Bench = (ctx: BenchContext) => Promise<Figures>;

/** A figure maker for one run: values to one decimal, ratios to two, the run's machine named. */
export const figureFor =
  (ctx: BenchContext) =>
  (value: number, unit: string, baseline: number | null, goal: string): Figure => ({
    value: Math.round(value * 10) / 10,
    unit,
    baseline: baseline === null ? null : Math.round(baseline * 10) / 10,
    ratio: baseline ? Math.round((value / baseline) * 100) / 100 : null,
    goal,
    machine: ctx.machine,
  });
