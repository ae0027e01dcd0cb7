// The contacts page opens its dialogs and confirmations from the URL, so they work without
// JavaScript: /contacts?dialog=add-contact, ?edit-contact=<id>, ?confirm-delete-group=<id> …
export const VIEW_PARAMS = ["dialog", "edit-contact", "edit-group", "confirm-delete-contact", "confirm-delete-group"] as const;
export type ViewParam = (typeof VIEW_PARAMS)[number];

/** The same list (search text and page kept) with one view open, or none. */
export function viewUrl(search: string | URLSearchParams, view?: { [K in ViewParam]?: string }) {
  const params = new URLSearchParams(search);
  for (const key of VIEW_PARAMS) params.delete(key);
  for (const [key, value] of Object.entries(view ?? {})) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `/contacts?${query}` : "/contacts";
}
