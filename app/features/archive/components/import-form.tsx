import { Form } from "@remix-run/react";

import { inputClass } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

import { archiveMessages } from "../messages";
import { ARCHIVE_FIELD, OWNER_FIELD } from "../upload-fields";

export function ImportArchiveForm({ error }: { error: string | null }) {
  return (
    <Form method="post" encType="multipart/form-data" aria-label={archiveMessages.upload.title} className="space-y-4">
      <p className="text-sm text-muted-foreground">{archiveMessages.upload.intro}</p>
      <div className="space-y-1">
        <label htmlFor="import-owner" className="block text-sm font-medium">
          {archiveMessages.upload.ownerLabel}
        </label>
        <input
          id="import-owner"
          name={OWNER_FIELD}
          type="email"
          required
          className={cn(inputClass, "max-w-md")}
          autoComplete="off"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="import-archive" className="block text-sm font-medium">
          {archiveMessages.upload.fileLabel}
        </label>
        <input
          id="import-archive"
          name={ARCHIVE_FIELD}
          type="file"
          accept=".zip,application/zip"
          required
          className="block w-full max-w-full text-sm"
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit">{archiveMessages.upload.submit}</Button>
    </Form>
  );
}
