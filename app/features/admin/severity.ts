// Dark enough for white text at 4.5:1.
const SEVERITY_CLASSES: Record<string, string> = {
  critical: "bg-red-700 text-white",
  high: "bg-orange-700 text-white",
  medium: "bg-yellow-300 text-yellow-950",
  low: "bg-blue-700 text-white",
};

export const NEUTRAL_SEVERITY_CLASS = "bg-muted text-foreground";

export const severityClass = (severity: string) => SEVERITY_CLASSES[severity.toLowerCase()] ?? NEUTRAL_SEVERITY_CLASS;
