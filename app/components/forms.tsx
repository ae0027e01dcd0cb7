import { useId, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-1">
      {shown.map((e) => (
        <li key={e} className="text-sm text-destructive">
          {e}
        </li>
      ))}
    </ul>
  );
}

export const inputClass =
  "block w-full rounded-md border border-border bg-card px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground focus:outline-none focus:ring-2 focus:ring-ring aria-[invalid]:border-destructive";

type FieldProps = {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: string;
  className?: string;
};

/** A labelled input with its error list; the errors are announced and linked by aria-describedby. */
export function Field({ label, inputProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A password field with a show/hide toggle (the toggle needs JavaScript; the field works without). */
export function PasswordField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  const id = props.inputProps.id ?? props.inputProps.name;
  return (
    <div className="relative">
      <Field {...props} inputProps={{ ...props.inputProps, id, type: visible ? "text" : "password" }} />
      <button
        type="button"
        className="absolute right-2 top-7 rounded px-2 py-1 text-sm text-muted-foreground hover:bg-muted"
        aria-label={visible ? "Hide password" : "Show password"}
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? "Hide" : "Show"}
      </button>
    </div>
  );
}

type TextareaFieldProps = {
  label: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
  errors?: ListOfErrors;
  className?: string;
};

export function TextareaField({ label, textareaProps, errors, className }: TextareaFieldProps) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className={cn(inputClass, "min-h-[6rem]")}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...textareaProps}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
