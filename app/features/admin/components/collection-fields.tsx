import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";

import { Field, TextareaField } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";

type Meta = Parameters<typeof getInputProps>[0];

function timezoneOffsetFor(value: string) {
  const offset = value ? new Date(value).getTimezoneOffset() : Number.NaN;
  return Number.isNaN(offset) ? "" : String(offset);
}

export const datetimeLocalValue = (date: Date | string | null | undefined) =>
  date ? new Date(date).toISOString().slice(0, 16) : "";

export function CollectionFields({
  title,
  description,
  prompt,
  scheduledDate,
}: {
  title: Meta;
  description: Meta;
  prompt: Meta;
  scheduledDate: Meta;
}) {
  const hydrated = useHydrated();
  // Only a date the admin picked in this browser is local time; an untouched value (shown in UTC)
  // goes back without an offset, so editing other fields never moves the date.
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <Field
        label="Title"
        inputProps={{ ...getInputProps(title, { type: "text" }), placeholder: "e.g. Holiday Memories" }}
        errors={title.errors}
      />
      <TextareaField
        label="Description (optional)"
        textareaProps={{ ...getTextareaProps(description), rows: 2 }}
        errors={description.errors}
      />
      <TextareaField
        label="Prompt"
        textareaProps={{ ...getTextareaProps(prompt), rows: 3, placeholder: "What is your favourite holiday memory?" }}
        errors={prompt.errors}
      />
      <Field
        label="Scheduled date (optional)"
        hint={picked === null ? "Times are shown in UTC." : undefined}
        inputProps={{
          ...getInputProps(scheduledDate, { type: "datetime-local" }),
          onChange: (e) => setPicked(e.currentTarget.value),
        }}
        errors={scheduledDate.errors}
      />
      <input type="hidden" name="timezoneOffset" value={hydrated && picked !== null ? timezoneOffsetFor(picked) : ""} />
    </div>
  );
}
