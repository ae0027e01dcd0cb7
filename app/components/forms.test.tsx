import { getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";

import { CheckboxField, Field, fieldAria, FormAlert, SelectField, TextareaField } from "~/components/forms";

// Every control is named by its label and, while it has errors, marked invalid and described by them.

describe("fieldAria", () => {
  test("valid, no hint: nothing to describe", () => {
    expect(fieldAria("email", {})).toEqual({
      errorId: undefined,
      hintId: undefined,
      aria: { "aria-invalid": undefined, "aria-describedby": undefined },
    });
  });

  test("errors and a hint are both described, the error first", () => {
    expect(fieldAria("email", { errors: ["Required"], hint: true })).toEqual({
      errorId: "email-error",
      hintId: "email-hint",
      aria: { "aria-invalid": true, "aria-describedby": "email-error email-hint" },
    });
  });

  test("what the caller's props describe is kept, without repeating Conform's error id", () => {
    const given = { "aria-invalid": true, "aria-describedby": "email-error" } as const;
    expect(fieldAria("email", { errors: ["Required"], hint: true, given }).aria["aria-describedby"]).toBe(
      "email-error email-hint",
    );
    expect(fieldAria("email", { hint: true, given: { "aria-describedby": "counter" } }).aria["aria-describedby"]).toBe(
      "counter email-hint",
    );
  });

  test("empty error entries are not errors", () => {
    expect(fieldAria("email", { errors: [null, ""] }).aria["aria-invalid"]).toBeUndefined();
  });
});

type Values = { email: string; role: string; notes: string; invite: string };

function ExampleForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<Values>({ id: "example", lastResult });
  return (
    <form id={form.id}>
      <FormAlert title="Could not save" errors={form.errors} />
      <Field
        label="Email"
        hint="We never share it."
        inputProps={getInputProps(fields.email, { type: "email" })}
        errors={fields.email.errors}
      />
      <SelectField
        label="Role"
        selectProps={getSelectProps(fields.role)}
        placeholder="Choose a role"
        options={["user", "admin"]}
        optionLabel={(role) => role.toUpperCase()}
        errors={fields.role.errors}
      />
      <TextareaField label="Notes" textareaProps={getTextareaProps(fields.notes)} errors={fields.notes.errors} />
      <CheckboxField
        label="Send an invitation"
        inputProps={getInputProps(fields.invite, { type: "checkbox" })}
        errors={fields.invite.errors}
      />
    </form>
  );
}

const failed: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { email: "nope", role: "", notes: "", invite: "" },
  error: {
    "": ["The server is busy"],
    email: ["Enter a valid e-mail"],
    role: ["Choose a role"],
    notes: ["Too long"],
    invite: ["Must be on"],
  },
};

describe("the field set with Conform", () => {
  test("a fresh form: labelled controls, the hint described, nothing invalid, no alert", () => {
    render(<ExampleForm />);
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("type", "email");
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(email).toHaveAccessibleDescription("We never share it.");
    const role = screen.getByLabelText("Role");
    expect(role).not.toHaveAttribute("aria-invalid");
    expect([...role.querySelectorAll("option")].map((o) => [o.value, o.textContent])).toEqual([
      ["", "Choose a role"],
      ["user", "USER"],
      ["admin", "ADMIN"],
    ]);
    expect(screen.getByRole("checkbox", { name: "Send an invitation" })).not.toBeChecked();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("after a failed submit every control is invalid and described by its own errors", () => {
    render(<ExampleForm lastResult={failed} />);
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Enter a valid e-mail We never share it.");
    for (const [label, message] of [
      ["Role", "Choose a role"],
      ["Notes", "Too long"],
      ["Send an invitation", "Must be on"],
    ]) {
      const control = screen.getByLabelText(label!);
      expect(control).toHaveAttribute("aria-invalid", "true");
      expect(control).toHaveAccessibleDescription(message);
      expect(document.getElementById(`${control.id}-error`)).toHaveTextContent(message!);
    }
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Could not save");
    expect(alert).toHaveTextContent("The server is busy");
  });
});

test("a control without an id still gets a label and an error list of its own", () => {
  render(
    <SelectField
      label="Period"
      selectProps={{ name: "period", defaultValue: "b" }}
      options={[
        { value: "a", label: "A" },
        { value: "b", label: "B" },
      ]}
      errors={["Pick one"]}
    />,
  );
  const select = screen.getByLabelText("Period");
  expect(select.id).not.toBe("");
  expect(select).toHaveValue("b");
  expect(select).toHaveAccessibleDescription("Pick one");
});
