// Progress works without JavaScript (the page asks again every few seconds) and with it (the loader is polled).
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { inputClass, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { NoScriptRefresh } from "~/features/podcasts/wizard/components/no-script-refresh";

import { BOOK_WORDS_MAX } from "../book-words";
import { bookMessages } from "../messages";

export type BookView = {
  status: "queued" | "running" | "done" | "failed";
  storiesDone: number;
  storyCount: number;
  pageCount: number | null;
  href: string;
  preview: Array<{ src: string; alt: string }>;
  lowRes: string[];
  failure: string | null;
};

const POLL_MS = 2000;

export const isWorking = (book: BookView | null) => book?.status === "queued" || book?.status === "running";

function usePollWhile(working: boolean) {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  latest.current = revalidate;
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => latest.current(), POLL_MS);
    return () => clearInterval(timer);
  }, [working]);
}

export function BookStatus({ book, here }: { book: BookView; here: string }) {
  const working = isWorking(book);
  usePollWhile(working);
  if (working) {
    return (
      <Card className="space-y-3 p-4">
        <NoScriptRefresh seconds={3} />
        <p role="status">
          {book.status === "queued" ? bookMessages.queued : bookMessages.running(book.storiesDone, book.storyCount)}
        </p>
        <progress
          max={book.storyCount}
          value={book.storiesDone}
          className="w-full"
          aria-label={bookMessages.running(book.storiesDone, book.storyCount)}
        />
        <a className={buttonClass("outline")} href={here}>
          {bookMessages.checkAgain}
        </a>
      </Card>
    );
  }
  if (book.status === "failed") {
    return (
      <Card className="p-4">
        <div role="alert" className="space-y-1">
          <p>{bookMessages.failed}</p>
          {book.failure ? <p className="text-sm text-muted-foreground">{book.failure}</p> : null}
        </div>
      </Card>
    );
  }
  return (
    <Card className="space-y-4 p-4">
      <p role="status">{bookMessages.ready(book.pageCount ?? 0)}</p>
      {book.preview.length > 0 ? (
        <section aria-labelledby="book-preview" className="space-y-2">
          <CardTitle id="book-preview" className="text-lg">
            {bookMessages.previewHeading}
          </CardTitle>
          <ul className="grid grid-cols-2 gap-3">
            {book.preview.map((page) => (
              <li key={page.src}>
                <img
                  src={page.src}
                  alt={page.alt}
                  width={600}
                  height={900}
                  loading="lazy"
                  className="h-auto w-full border border-border bg-white"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {book.lowRes.length > 0 ? (
        <section aria-labelledby="book-low-res" className="space-y-2">
          <CardTitle id="book-low-res" className="text-lg">
            {bookMessages.lowResHeading}
          </CardTitle>
          <p>{bookMessages.lowResIntro}</p>
          <ul className="list-disc space-y-1 pl-5 break-words">
            {book.lowRes.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <a className={buttonClass()} href={book.href} download>
        {bookMessages.download}
      </a>
    </Card>
  );
}

export function BookOptions({
  covers,
  error,
  words,
}: {
  covers: Array<{ id: string; label: string }>;
  error?: string;
  words: { dedication: string; foreword: string };
}) {
  return (
    <>
      <TextareaField
        label={bookMessages.dedicationLabel}
        hint={bookMessages.dedicationHint(BOOK_WORDS_MAX.dedication)}
        textareaProps={{ name: "dedication", defaultValue: words.dedication, rows: 2, className: "min-h-[3.5rem]" }}
      />
      <TextareaField
        label={bookMessages.forewordLabel}
        hint={bookMessages.forewordHint(BOOK_WORDS_MAX.foreword)}
        textareaProps={{ name: "foreword", defaultValue: words.foreword, rows: 6 }}
      />
      <fieldset>
        <legend className="font-medium">{bookMessages.trimLabel}</legend>
        {(Object.keys(bookMessages.trims) as Array<keyof typeof bookMessages.trims>).map((trim) => (
          <label key={trim} className="mr-4 inline-flex items-center gap-2">
            <input type="radio" name="trim" value={trim} defaultChecked={trim === "6x9"} />
            {bookMessages.trims[trim]}
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="bleed" value="on" />
        {bookMessages.bleedLabel}
      </label>
      {covers.length > 0 ? (
        <label className="block space-y-1">
          <span className="block font-medium">{bookMessages.coverLabel}</span>
          <select name="cover" defaultValue="art" className={inputClass}>
            <option value="art">{bookMessages.coverArt}</option>
            {covers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
