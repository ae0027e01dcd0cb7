/** One printed benchmark figure (see DESIGN.md "Benchmarks"). */
export type BenchFigure = {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  goal?: string;
  extra?: string;
};
