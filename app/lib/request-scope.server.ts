// What one page request has already read, shared by the loaders Remix runs for it (root, layout and
// page each ask who is signed in; Remix gives each loader its own copy of the Request, so the request
// object cannot be the key). Only reads are kept, and only while a GET or HEAD is answered: an action
// may change what a later loader of the same request reads (decision 0147).
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<Map<string, unknown>>();

/** Runs `handle` with its own memo when the request only reads; otherwise as it is. */
export function withRequestScope<T>(method: string, handle: () => T): T {
  return method === "GET" || method === "HEAD" ? scope.run(new Map(), handle) : handle();
}

/** `compute()` once per read-only request for `key`; outside one (an action, a test, a job) every call computes. */
export function perRequest<T>(key: string, compute: () => T): T {
  const memo = scope.getStore();
  if (!memo) return compute();
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}
