import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/features/account/auth.server";
import { previewResponse } from "~/features/book/preview.server";
import { getOwnedBook } from "~/models/book.server";

// One of the book's first pages as an image, for its owner only (decision 0170).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return previewResponse(getOwnedBook(user.id, params.campaignId ?? "", params.bookId ?? ""), params.n);
}
