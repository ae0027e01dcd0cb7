/** One figure in bench/results.json (docs: DESIGN.md "Benchmarks"). */
/** baseline and ratio are null when a figure has no baseline of its own. */
export type Figure = { value: number; unit: string; baseline: number | null; ratio: number | null; goal: string; machine: string };
export type Figures = Record<string, Figure>;
export type BenchContext = { buildDir: string; seconds: number; concurrency: number; machine: string };
/** A benchmark module's default export. */
export type Bench = (ctx: BenchContext) => Promise<Figures>;
