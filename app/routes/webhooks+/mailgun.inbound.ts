import type { ActionFunctionArgs } from "@remix-run/node";

import {
  handleInboundEmail,
  MAX_INBOUND_BYTES,
  readInboundForm,
  type InboundForm,
} from "~/features/contributions/inbound-email.server";
import { MultipartError } from "~/lib/multipart.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ message: "Method not allowed" }, { status: 405 });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_INBOUND_BYTES) {
    return Response.json({ message: "The message is too large" }, { status: 413 });
  }
  let inbound: InboundForm;
  try {
    inbound = await readInboundForm(request);
  } catch (error) {
    if (error instanceof MultipartError && error.status === 413)
      return Response.json({ message: "The message is too large" }, { status: 413 });
    return Response.json({ message: "Malformed webhook body" }, { status: 400 });
  }
  try {
    const result = await handleInboundEmail(inbound.form);
    return Response.json({ message: result.message }, { status: result.status });
  } finally {
    await inbound.release();
  }
}

export const loader = () => Response.json({ message: "Method not allowed" }, { status: 405 });
