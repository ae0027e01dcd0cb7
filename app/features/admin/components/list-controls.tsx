// A plain GET form, so it works without JavaScript and the URL can be shared.
import { Form, Link, useLocation } from "@remix-run/react";
import { useId } from "react";

import { inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { listMessages } from "~/features/admin/list-messages";
import { LIST_SEARCH_MAX } from "~/features/admin/list-params";
import { cn } from "~/lib/cn";

type Choice = { name: string; label: string; value: string; options: Record<string, string> };

export function ListControls({
  label,
  action,
  q,
  searchHint,
  filters,
  sort,
  sorts,
  hidden = {},
  total,
  filtered,
}: {
  label: string;
  action: string;
  q: string;
  searchHint: string;
  filters: Array<Omit<Choice, "name"> & { name: string }>;
  sort: string;
  sorts: Record<string, string>;
  hidden?: Record<string, string | null>;
  total: number;
  filtered: boolean;
}) {
  const id = useId();
  const location = useLocation();
  const clearSearch = new URLSearchParams(
    Object.entries(hidden).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  const selects: Choice[] = [...filters, { name: "sort", label: listMessages.sortBy, value: sort, options: sorts }];
  return (
    <div className="space-y-2">
      <Form
        key={location.search}
        method="get"
        action={action}
        role="search"
        aria-label={label}
        className="flex flex-wrap items-end gap-3"
      >
        {Object.entries(hidden).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <div className="flex min-w-0 grow basis-56 flex-col gap-1">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            {listMessages.search}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={LIST_SEARCH_MAX}
            placeholder={searchHint}
            className={inputClass}
          />
        </div>
        {selects.map((select) => (
          <div key={select.name} className="flex min-w-0 grow basis-40 flex-col gap-1 sm:grow-0">
            <label htmlFor={`${id}-${select.name}`} className="text-sm font-medium">
              {select.label}
            </label>
            <select
              id={`${id}-${select.name}`}
              name={select.name}
              defaultValue={select.value}
              className={cn(inputClass, "sm:w-auto")}
            >
              {Object.entries(select.options).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="flex gap-2">
          <Button type="submit" variant="outline">
            {listMessages.apply}
          </Button>
          {filtered ? (
            <Link to={clearSearch ? `${action}?${clearSearch}` : action} className={buttonClass("ghost")}>
              {listMessages.clear}
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="list-results">
        {listMessages.results(total)}
      </p>
    </div>
  );
}
