// Loaders of one GET or HEAD share what it read: each gets its own Request copy, so the request cannot be the key.
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<Map<string, unknown>>();

export function withRequestScope<T>(method: string, handle: () => T): T {
  return method === "GET" || method === "HEAD" ? scope.run(new Map(), handle) : handle();
}

export function perRequest<T>(key: string, compute: () => T): T {
  const memo = scope.getStore();
  if (!memo) return compute();
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}
