import { useFetcher } from "@remix-run/react";
import { useRef, useState, type MouseEvent } from "react";

import { Field } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { PRONUNCIATION_SAY_AS_MAX, PRONUNCIATION_TERM_MAX } from "~/features/podcasts/script/pronunciations";
import { scriptMessages } from "~/features/podcasts/script/script-messages";
import { wizardMessages } from "~/features/podcasts/wizard/wizard-messages";

export type PronunciationItem = { id: string; term: string; sayAs: string; listenUrl: string };
export type PronunciationResult = {
  intent: "add-pronunciation" | "remove-pronunciation";
  errors: { term?: string; sayAs?: string; form?: string };
  values?: { term: string; sayAs: string };
};

type Player = { current: HTMLAudioElement | null };

function ListenButton({ item, player }: { item: PronunciationItem; player: Player }) {
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState("");
  async function listen(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (preparing) return;
    setProblem("");
    setPreparing(true);
    try {
      const response = await fetch(item.listenUrl);
      if (response.status === 429)
        return setProblem(scriptMessages.pronunciations.samplesBusy(Number(response.headers.get("Retry-After")) || 5));
      if (!response.ok) return setProblem(wizardMessages.voices.sampleFailed.description);
      const sample = URL.createObjectURL(await response.blob());
      player.current?.pause();
      if (player.current) URL.revokeObjectURL(player.current.src);
      player.current = new Audio(sample);
      await player.current.play();
    } catch {
      setProblem(wizardMessages.voices.sampleFailed.description);
    } finally {
      setPreparing(false);
    }
  }
  return (
    <>
      <a
        href={item.listenUrl}
        className={buttonClass("outline", "sm")}
        aria-label={scriptMessages.pronunciations.listen(item.term)}
        aria-busy={preparing}
        onClick={(event) => void listen(event)}
      >
        {preparing ? scriptMessages.pronunciations.preparing : scriptMessages.pronunciations.listenButton}
      </a>
      <span role="status" className="basis-full text-sm text-destructive empty:hidden">
        {problem}
      </span>
    </>
  );
}

function RemoveForm({ item }: { item: PronunciationItem }) {
  const fetcher = useFetcher({ key: `remove-pronunciation-${item.id}` });
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="pronunciationId" value={item.id} />
      <Button
        type="submit"
        name="intent"
        value="remove-pronunciation"
        size="sm"
        variant="outline"
        aria-label={scriptMessages.pronunciations.remove(item.term)}
        disabled={fetcher.state !== "idle"}
      >
        {scriptMessages.pronunciations.removeButton}
      </Button>
    </fetcher.Form>
  );
}

export function PronunciationList({ items, result }: { items: PronunciationItem[]; result?: PronunciationResult }) {
  const fetcher = useFetcher<PronunciationResult>({ key: "add-pronunciation" });
  const player = useRef<HTMLAudioElement | null>(null);
  const shown = fetcher.data ?? result;
  const errors = shown?.intent === "add-pronunciation" ? shown.errors : {};
  const removeError = shown?.intent === "remove-pronunciation" ? shown.errors.form : undefined;
  // A successful add redirects (no data): the fields are emptied by a new key.
  const formKey = items.map((i) => i.id).join(",");

  return (
    <Card className="space-y-4">
      <CardTitle>{scriptMessages.pronunciations.heading}</CardTitle>
      <p className="text-sm text-muted-foreground">{scriptMessages.pronunciations.intro}</p>
      {items.length ? (
        <ul
          aria-label={scriptMessages.pronunciations.listLabel}
          className="divide-y divide-border rounded-lg border border-border"
        >
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span className="min-w-0 break-words">
                <span className="font-medium">{item.term}</span> → <span data-testid="say-as">{item.sayAs}</span>
              </span>
              <span className="flex flex-wrap justify-end gap-2">
                <ListenButton item={item} player={player} />
                <RemoveForm item={item} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{scriptMessages.pronunciations.empty}</p>
      )}
      {removeError ? (
        <p className="text-sm text-destructive" role="alert">
          {removeError}
        </p>
      ) : null}
      <fetcher.Form
        key={formKey}
        method="post"
        preventScrollReset
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      >
        <Field
          label={scriptMessages.pronunciations.term}
          inputProps={{
            name: "term",
            defaultValue: shown?.values?.term,
            maxLength: PRONUNCIATION_TERM_MAX,
            required: true,
            autoComplete: "off",
          }}
          errors={errors.term ? [errors.term] : undefined}
        />
        <Field
          label={scriptMessages.pronunciations.sayAs}
          hint={scriptMessages.pronunciations.sayAsHint}
          inputProps={{
            name: "sayAs",
            defaultValue: shown?.values?.sayAs,
            maxLength: PRONUNCIATION_SAY_AS_MAX,
            required: true,
            autoComplete: "off",
          }}
          errors={errors.sayAs ? [errors.sayAs] : undefined}
        />
        <Button
          type="submit"
          name="intent"
          value="add-pronunciation"
          className="sm:mt-6"
          disabled={fetcher.state !== "idle"}
        >
          {scriptMessages.pronunciations.add}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
