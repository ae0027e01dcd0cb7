import { forwardRef, type ButtonHTMLAttributes } from "react";

import { cn } from "~/lib/cn";

// The styles are component classes in app/styles/tailwind.css (decision 0148).
const variants = {
  default: "btn-default",
  outline: "btn-outline",
  ghost: "btn-ghost",
  destructive: "btn-destructive",
  link: "btn-link",
} as const;
const sizes = { default: "btn-md", sm: "btn-sm", lg: "btn-lg", icon: "btn-icon" } as const;

export type ButtonVariant = keyof typeof variants;
export const buttonClass = (variant: ButtonVariant = "default", size: keyof typeof sizes = "default", extra?: string) =>
  // .btn is hidden on paper too: a control on screen is noise there (decision 0125).
  cn("btn", variants[variant], sizes[size], extra);

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof sizes };

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { variant, size, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...props} />;
});
