// Dialogs open from the URL, so they work without JavaScript.
export const VIEW_PARAMS = [
  "dialog",
  "edit-contact",
  "edit-group",
  "confirm-delete-contact",
  "confirm-delete-group",
] as const;
export type ViewParam = (typeof VIEW_PARAMS)[number];

export function viewUrl(search: string | URLSearchParams, view?: { [K in ViewParam]?: string }) {
  const params = new URLSearchParams(search);
  for (const key of VIEW_PARAMS) params.delete(key);
  for (const [key, value] of Object.entries(view ?? {})) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `/contacts?${query}` : "/contacts";
}
