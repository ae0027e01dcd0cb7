import type { HTMLAttributes } from "react";

import { cn } from "~/lib/cn";

const variants = {
  default: "badge-default",
  secondary: "badge-secondary",
  outline: "badge-outline",
  destructive: "badge-destructive",
} as const;

export function Badge({
  variant = "default",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return <span className={cn("badge", variants[variant], className)} {...props} />;
}
