// The manage page's move and reorder posts, apart from the page so its browser bundle keeps no Zod
// (a module's top-level z.object(…) calls stay in whatever imports it; decision 0183).
import { z } from "zod";
import { MANAGE_PAGE_SIZE } from "./limits";

const collectionId = z.string().min(1).max(100);
/**
 * Move buttons (they work without JavaScript): one step up or down, across page boundaries too. The
 * whole list is one form; the pressed button says which collection and which way ('<id>:up').
 */
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
/** Drag and keyboard reordering (JavaScript): the new order of one page's collections. */
export const ReorderSchema = z.object({
  intent: z.literal("reorder"),
  page: z.number().int().min(1).max(100_000),
  ids: z.array(collectionId).min(1).max(MANAGE_PAGE_SIZE),
});
