// Pieces every administrator screen shares: the page heading with Back to Admin, tab links (tabs
// are links, so they work without JavaScript), stat cards, and
// a delete that asks the browser for confirmation with JavaScript and shows a confirmation dialog
// without it.
import { Form, Link, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";

import { BackLink } from "~/components/ui/back-link";
import { Button, buttonClass, type ButtonVariant } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { adminMessages } from "~/features/admin/messages";
import { cn } from "~/lib/cn";

export function AdminPageHeader({
  title,
  description,
  actions,
  back = true,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  back?: boolean;
}) {
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div className="space-y-2">
        {back ? <BackLink to="/admin">{adminMessages.nav.backToAdmin}</BackLink> : null}
        <h1 className="font-serif text-3xl font-bold">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export type TabLink = { key: string; label: string; href: string; count?: number };

/** Tabs as links: the current one carries aria-current="page". */
export function TabLinks({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 border-b border-border">
      {tabs.map((tab) => {
        const active = tab.key === current;
        return (
          <Link
            key={tab.key}
            to={tab.href}
            aria-current={active ? "page" : undefined}
            preventScrollReset
            className={cn(
              "-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-medium",
              active ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
            {tab.count !== undefined ? (
              <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs">{tab.count}</span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * A button whose action needs confirming. With JavaScript the browser asks (window.confirm) and
 * the form posts; without it the link opens `confirmHref`, a page with a ConfirmDialog.
 */
export function ConfirmButton({
  confirmHref,
  message,
  fields,
  children,
  variant = "outline",
  describedBy,
}: {
  confirmHref: string;
  message: string;
  fields: Record<string, string>;
  children: ReactNode;
  variant?: ButtonVariant;
  describedBy?: string;
}) {
  const submit = useSubmit();
  return (
    <Link
      to={confirmHref}
      preventScrollReset
      aria-describedby={describedBy}
      className={buttonClass(variant, "sm")}
      onClick={(event) => {
        event.preventDefault();
        if (window.confirm(message)) submit(fields, { method: "post", preventScrollReset: true });
      }}
    >
      {children}
    </Link>
  );
}

/** The no-JavaScript confirmation: the question, Cancel (a link back) and the confirming submit. */
export function ConfirmDialog({
  title,
  message,
  fields,
  confirmLabel,
  closeHref,
}: {
  title: string;
  message: string;
  fields: Record<string, string>;
  confirmLabel: string;
  closeHref: string;
}) {
  return (
    <Dialog title={title} closeTo={closeHref}>
      <p>{message}</p>
      <Form method="post" className="mt-6 flex justify-end gap-2" preventScrollReset>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={closeHref} preventScrollReset className={buttonClass("outline")}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive">
          {confirmLabel}
        </Button>
      </Form>
    </Dialog>
  );
}

/** A one-button form posting an intent (and an id), for toggles and other single-step actions. */
export function IntentButton({
  intent,
  fields = {},
  children,
  variant = "outline",
  disabled,
  describedBy,
}: {
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
  variant?: ButtonVariant;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <Form method="post" preventScrollReset className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} size="sm" disabled={disabled} aria-describedby={describedBy}>
        {children}
      </Button>
    </Form>
  );
}

/** `path?key=value…` without empty values. */
export function hrefWith(path: string, params: Record<string, string | number | null | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Text whose `backticked` parts are code (the API documentation's strings). */
export function CodeText({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-muted px-1 font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
