import { Link } from "@remix-run/react";
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { cn } from "~/lib/cn";

// The one field set every form uses (decision 0118), wired the way Conform's get*Props expect.

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

type ControlAria = {
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling";
  "aria-describedby"?: string;
};

// What the caller's props already describe is kept, so the hint is still read out while the field is invalid.
export function fieldAria(
  id: string,
  { errors, hint, given = {} }: { errors?: ListOfErrors; hint?: boolean; given?: ControlAria },
) {
  const invalid = Boolean(errors?.some(Boolean));
  const errorId = invalid ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [...(given["aria-describedby"]?.split(/\s+/) ?? []), errorId, hintId].filter(Boolean);
  const aria: ControlAria = {
    "aria-invalid": given["aria-invalid"] ?? (invalid ? true : undefined),
    "aria-describedby": [...new Set(describedBy)].join(" ") || undefined,
  };
  return { errorId, hintId, aria };
}

function FieldFrame({
  id,
  label,
  hint,
  hintId,
  errorId,
  errors,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  errorId?: string;
  errors?: ListOfErrors;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type FieldProps = {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: string;
  className?: string;
};

export function Field({ label, inputProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const { errorId, hintId, aria } = fieldAria(id, { errors, hint: Boolean(hint), given: inputProps });
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      hintId={hintId}
      errorId={errorId}
      errors={errors}
      className={className}
    >
      <input {...inputProps} id={id} className={cn(inputClass, inputProps.className)} {...aria} />
    </FieldFrame>
  );
}

// The toggle needs JavaScript, so it is only rendered once React runs.
export function PasswordField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const id = props.inputProps.id ?? props.inputProps.name;
  return (
    <div className="relative">
      <Field {...props} inputProps={{ ...props.inputProps, id, type: visible ? "text" : "password" }} />
      {hydrated ? (
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
      ) : null}
    </div>
  );
}

type TextareaFieldProps = {
  label: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
  errors?: ListOfErrors;
  hint?: string;
  className?: string;
};

export function TextareaField({ label, textareaProps, errors, hint, className }: TextareaFieldProps) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const { errorId, hintId, aria } = fieldAria(id, { errors, hint: Boolean(hint), given: textareaProps });
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      hintId={hintId}
      errorId={errorId}
      errors={errors}
      className={className}
    >
      <textarea
        {...textareaProps}
        id={id}
        className={cn(inputClass, "min-h-[6rem]", textareaProps.className)}
        {...aria}
      />
    </FieldFrame>
  );
}

type SelectFieldProps<T extends string> = {
  label: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  options: ReadonlyArray<T | { value: T; label: string; disabled?: boolean }>;
  optionLabel?: (value: T) => string;
  placeholder?: string;
  errors?: ListOfErrors;
  hint?: string;
  className?: string;
};

export function SelectField<T extends string>({
  label,
  selectProps,
  options,
  optionLabel = String,
  placeholder,
  errors,
  hint,
  className,
}: SelectFieldProps<T>) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const { errorId, hintId, aria } = fieldAria(id, { errors, hint: Boolean(hint), given: selectProps });
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      hintId={hintId}
      errorId={errorId}
      errors={errors}
      className={className}
    >
      <select {...selectProps} id={id} className={cn(inputClass, selectProps.className)} {...aria}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const [value, text, disabled] =
            typeof option === "string"
              ? [option, optionLabel(option), false]
              : [option.value, option.label, option.disabled];
          return (
            <option key={value} value={value} disabled={disabled}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  inputProps,
  errors,
  className,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  className?: string;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const { errorId, aria } = fieldAria(id, { errors, given: inputProps });
  return (
    <>
      <label htmlFor={id} className={cn("flex items-center gap-2 text-sm font-medium", className)}>
        <input {...inputProps} id={id} type="checkbox" className={cn("h-4 w-4", inputProps.className)} {...aria} />
        {label}
      </label>
      <ErrorList id={errorId} errors={errors} />
    </>
  );
}

export function FormAlert({
  title,
  errors,
  children,
}: {
  title?: string;
  errors?: ListOfErrors;
  children?: ReactNode;
}) {
  if (!errors?.some(Boolean) && children == null) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive p-3 text-sm">
      {title ? <p className="font-semibold text-destructive">{title}</p> : null}
      {children}
      <ErrorList errors={errors} />
    </div>
  );
}

export function FormActions({
  cancelTo,
  replace,
  className,
  children,
}: {
  cancelTo: string;
  replace?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-wrap justify-end gap-2", className)}>
      <Link to={cancelTo} replace={replace} preventScrollReset className={buttonClass("outline")}>
        Cancel
      </Link>
      {children}
    </div>
  );
}
