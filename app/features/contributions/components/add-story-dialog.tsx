import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { Field, FormActions, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { storyMessages } from "~/features/contributions/messages";
import type { ContributionSchema } from "~/features/contributions/schemas";
import type { FormConstraint } from "~/lib/zod-constraint";

export function AddStoryDialog({
  closeTo,
  lastResult,
  constraint,
}: {
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof ContributionSchema>>({
    id: "add-story",
    lastResult,
    constraint,
    // Checked by the server only: the page ships no schema code.
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-story";
  return (
    <Dialog
      title={storyMessages.addDialog.title}
      description={storyMessages.addDialog.description}
      closeTo={closeTo}
      replace
    >
      <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add-story" />
        <Field
          label="Contributor name"
          inputProps={{
            ...getInputProps(fields.contributorName, { type: "text" }),
            autoFocus: true,
            autoComplete: "off",
          }}
          errors={fields.contributorName.errors}
        />
        <Field
          label="Contributor email"
          inputProps={{ ...getInputProps(fields.contributorEmail, { type: "email" }), autoComplete: "off" }}
          errors={fields.contributorEmail.errors}
        />
        <TextareaField
          label="Story"
          textareaProps={{ ...getTextareaProps(fields.storyContent), rows: 8 }}
          errors={fields.storyContent.errors}
        />
        <FormActions cancelTo={closeTo} replace>
          <Button type="submit" disabled={submitting}>
            {submitting ? storyMessages.addDialog.submitting : storyMessages.addDialog.submit}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
