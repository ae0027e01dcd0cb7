import { getInstanceInfo } from "litefs-js";

/**
 * True on the LiteFS primary, and everywhere LiteFS is not in use (LITEFS_DIR unset): a single
 * node is its own primary. Only the primary writes, so only it runs the job runner and cron.
 */
export async function isPrimaryInstance() {
  if (!process.env.LITEFS_DIR) return true;
  const { currentIsPrimary } = await getInstanceInfo();
  return currentIsPrimary;
}
