import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/features/account/auth.server";
import { notFound } from "~/lib/http.server";
import { serveStoredFile } from "~/lib/serve-file.server";
import { getOwnedAccountBook } from "~/models/book.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const book = getOwnedAccountBook(user.id, params.bookId ?? "");
  if (!book?.fileKey) throw notFound();
  return serveStoredFile(request, book.fileKey, {
    contentType: "application/pdf",
    cacheControl: "private, no-cache",
    downloadName: `storyhearth-book-${book.trim}.pdf`,
  });
}
