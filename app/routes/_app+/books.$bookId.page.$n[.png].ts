import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/features/account/auth.server";
import { previewResponse } from "~/features/book/preview.server";
import { getOwnedAccountBook } from "~/models/book.server";

// One of the first pages of a book of several collections, for its owner only (decision 0170).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return previewResponse(getOwnedAccountBook(user.id, params.bookId ?? ""), params.n);
}
