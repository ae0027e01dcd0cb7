// Apart from the page, so its browser bundle keeps no Zod (decision 0183).
import { z } from "zod";

import { MANAGE_PAGE_SIZE } from "./limits";

const collectionId = z.string().min(1).max(100);
export const MoveSchema = z.object({
  intent: z.literal("move"),
  move: z
    .string()
    .regex(/^[^:]{1,100}:(up|down)$/)
    .transform((v) => {
      const at = v.lastIndexOf(":");
      return { campaignId: v.slice(0, at), direction: v.slice(at + 1) as "up" | "down" };
    }),
});
export const ReorderSchema = z.object({
  intent: z.literal("reorder"),
  page: z.number().int().min(1).max(100_000),
  ids: z.array(collectionId).min(1).max(MANAGE_PAGE_SIZE),
});
