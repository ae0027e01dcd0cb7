import type { ActionFunctionArgs } from "@remix-run/node";

import { DeliveryEventSchema, handleDeliveryEvent } from "~/features/contributions/delivery-events.server";
import { readBody } from "~/lib/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ message: "Method not allowed" }, { status: 405 });
  const result = handleDeliveryEvent(await readBody(request, DeliveryEventSchema));
  return Response.json({ message: result.message }, { status: result.status });
}

export const loader = () => Response.json({ message: "Method not allowed" }, { status: 405 });
