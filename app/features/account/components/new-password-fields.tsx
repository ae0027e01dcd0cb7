import { getInputProps, type FieldMetadata } from "@conform-to/react";

import { PasswordField } from "~/components/forms";

type Fields = { newPassword: FieldMetadata<string>; confirmPassword: FieldMetadata<string> };

export function NewPasswordFields({ fields }: { fields: Fields }) {
  return (
    <>
      <PasswordField
        label="New password"
        inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.newPassword.errors}
      />
      <PasswordField
        label="Confirm new password"
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirmPassword.errors}
      />
    </>
  );
}
