import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

const variants = {
  default: "bg-primary text-primary-foreground hover:opacity-90",
  outline: "border border-border bg-card hover:bg-muted",
  ghost: "hover:bg-muted",
  destructive: "bg-destructive text-destructive-foreground hover:opacity-90",
  link: "underline-offset-4 hover:underline text-primary px-0",
} as const;
const sizes = { default: "h-10 px-4 py-2", sm: "h-8 px-3 text-sm", lg: "h-11 px-6", icon: "h-10 w-10" } as const;

export type ButtonVariant = keyof typeof variants;
export const buttonClass = (variant: ButtonVariant = "default", size: keyof typeof sizes = "default", extra?: string) =>
  cn(
    // A control on screen is noise on paper (decision 0125).
    "print:hidden inline-flex items-center justify-center gap-2 rounded-md font-medium transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50",
    variants[variant],
    sizes[size],
    extra,
  );

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof sizes };

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { variant, size, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...props} />;
});
