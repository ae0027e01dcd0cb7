// conform's onValidate for forms the server checks (decisions 0173 and 0182): the page loads
// no schema code, yet Add/Remove buttons (conform's intents) still change the form in place.
import { parse } from "@conform-to/react";

/**
 * Applies an intent (Add/Remove in a list) in the browser, as `parseWithZod` did; a submit goes to the
 * server as it is: `error: null` is conform's "not decided here", so the form posts and the action's
 * reply shows the messages.
 */
export function listIntentsInBrowser<Value>({ formData }: { formData: FormData }) {
  // `value` is conform's payload, never read for an intent (no success), so the cast claims nothing.
  return parse<Value, string[]>(formData, { resolve: (value, intent) => (intent ? { value: value as Value } : { error: null }) });
}
