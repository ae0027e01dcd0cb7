// How route sweeps run a loader or action: as Remix would, taking the Response it returns or throws.
// Anything else thrown would be a 500 in production, so it fails the sweep with the request named.
import { callRoute } from "../utils/auth";
import type { RouteModule } from "./route-fixtures";

type Handler = NonNullable<RouteModule["action"]>;

export async function sweepCall(
  handler: Handler,
  request: Request,
  params: Record<string, string>,
  label = "",
): Promise<Response> {
  try {
    return await callRoute(handler, request, params);
  } catch (thrown) {
    throw new Error(
      `${request.method} ${new URL(request.url).pathname} ${label} threw: ${(thrown as Error)?.stack ?? String(thrown)}`,
    );
  }
}
