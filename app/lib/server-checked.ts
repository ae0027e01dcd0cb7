import { parse } from "@conform-to/react";

// `error: null` is conform's "not decided here", so a submit posts and the action's reply shows the messages.
export function listIntentsInBrowser<Value>({ formData }: { formData: FormData }) {
  return parse<Value, string[]>(formData, {
    resolve: (value, intent) => (intent ? { value: value as Value } : { error: null }),
  });
}
