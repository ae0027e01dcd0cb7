import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/features/account/auth.server";
import { downloadName, keyExtension, storedFileType } from "~/lib/file-types";
import { notFound } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";
import { getOwnedDocument } from "~/models/contribution-document.server";

// A document sent with an e-mail reply, for the collection's owner only: always saved, never shown
// in the page, under the type its checked extension names (decision 0213).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const document = getOwnedDocument(user.id, params.campaignId ?? "", params.documentId ?? "");
  if (!document) throw notFound();
  const ext = keyExtension(document.storageKey);
  return serveStoredFile(request, document.storageKey, {
    contentType: storedFileType(document.storageKey),
    cacheControl: "private, max-age=3600",
    downloadName: downloadName(document.fileName, ext, "document"),
  });
}
