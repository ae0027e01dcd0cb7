// Add/Remove are Conform list intents, so without JavaScript they post and the server answers with the changed list.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { CheckboxField, ErrorList, Field, FormActions, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { MAX_CAMPAIGN_QUESTIONS } from "~/features/testimonials/limits";
import { testimonialMessages } from "~/features/testimonials/messages";
import type { CampaignFormSchema } from "~/features/testimonials/schemas";
import { listIntentsInBrowser } from "~/lib/server-checked";
import type { FormConstraint } from "~/lib/zod-constraint";

export function CampaignForm({
  lastResult,
  closeHref,
  constraint,
}: {
  lastResult?: SubmissionResult<string[]>;
  closeHref: string;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof CampaignFormSchema>>({
    id: "testimonial-campaign-create",
    lastResult,
    constraint,
    defaultValue: {
      title: "",
      description: "",
      questions: [{ question: "", helperText: "" }],
      allowTextResponses: true,
      isActive: true,
    },
    onValidate: listIntentsInBrowser,
  });
  const questions = fields.questions.getFieldList();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <Form method="post" className="space-y-4" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      {/* Enter in a field creates the campaign rather than pressing Add/Remove (the first submit button is the default). */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
      <ErrorList errors={form.errors} />
      <Field label="Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
      <TextareaField
        label="Description (optional)"
        textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
        errors={fields.description.errors}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Questions (1 to {MAX_CAMPAIGN_QUESTIONS})</legend>
        {questions.map((item, index) => {
          const q = item.getFieldset();
          return (
            <div key={item.key} className="space-y-2 rounded-md border border-border p-3" data-testid="question-row">
              <Field
                label={`Question ${index + 1}`}
                inputProps={getInputProps(q.question, { type: "text" })}
                errors={q.question.errors}
              />
              <Field
                label="Helper text (optional)"
                inputProps={getInputProps(q.helperText, { type: "text" })}
                errors={q.helperText.errors}
              />
              {questions.length > 1 ? (
                <Button
                  {...form.remove.getButtonProps({ name: fields.questions.name, index })}
                  type="submit"
                  variant="ghost"
                  size="sm"
                  formNoValidate
                  aria-label={`${testimonialMessages.admin.removeQuestion} question ${index + 1}`}
                >
                  {testimonialMessages.admin.removeQuestion}
                </Button>
              ) : null}
            </div>
          );
        })}
        <ErrorList errors={fields.questions.errors} />
        {questions.length < MAX_CAMPAIGN_QUESTIONS ? (
          <Button
            {...form.insert.getButtonProps({
              name: fields.questions.name,
              defaultValue: { question: "", helperText: "" },
            })}
            type="submit"
            variant="outline"
            size="sm"
            formNoValidate
          >
            {testimonialMessages.admin.addQuestion}
          </Button>
        ) : null}
      </fieldset>
      <CheckboxField
        label={testimonialMessages.admin.allowText}
        inputProps={getInputProps(fields.allowTextResponses, { type: "checkbox" })}
        errors={fields.allowTextResponses.errors}
      />
      <CheckboxField
        label={testimonialMessages.admin.active}
        inputProps={getInputProps(fields.isActive, { type: "checkbox" })}
        errors={fields.isActive.errors}
      />
      <FormActions cancelTo={closeHref}>
        <Button type="submit" disabled={saving}>
          {saving ? testimonialMessages.admin.creating : testimonialMessages.admin.createButton}
        </Button>
      </FormActions>
    </Form>
  );
}
