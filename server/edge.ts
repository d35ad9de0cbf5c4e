/**
 * The edge: checks every request passes before a procedure, a route handler or the database sees
 * it, shared by the tRPC spine (`server/trpc.ts`), `app/api/trpc`, `app/api/adjudicate` and the
 * CSV routes. Each check answers a client's mistake with a 4xx and a sentence, never a 5xx:
 *
 * - ids: `isUuid` is zod's `z.uuid()`, the same check every procedure's input schema makes, so a
 *   route never hands PostgreSQL a "uuid" it cannot parse (SQLSTATE 22P02);
 * - text: a lone UTF-16 surrogate has no UTF-8 form — PostgreSQL refuses it inside JSON (22P02)
 *   and drivers silently turn it into U+FFFD elsewhere — so `illFormedInput` refuses it anywhere in
 *   an input, keys included (NUL is refused by the database and mapped to 400 in `server/trpc.ts`);
 * - shape: inputs nested deeper than `LIMITS.inputDepth` are refused (PostgreSQL's JSON parser and
 *   `JSON.stringify` recurse);
 * - bodies: `readBody` counts bytes as they stream in and stops at the cap, so an oversized body is
 *   never buffered whole, and refuses bytes that are not UTF-8.
 */
import { z } from "zod";
import { LIMITS } from "./limits";

const uuid = z.uuid();

/** True for a well-formed uuid (the check of every `…Id` input). */
export const isUuid = (s: string): boolean => uuid.safeParse(s).success;

/** Matches a lone (unpaired) surrogate code unit. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `value` cannot be accepted as input, or null when it can: a lone surrogate in any string or
 * key, or nesting deeper than `maxDepth`. Iterative, so a hostile depth cannot overflow the stack.
 */
export function illFormedInput(value: unknown, maxDepth: number = LIMITS.inputDepth): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === "string") {
      if (LONE_SURROGATE.test(v)) return "Text must be well-formed Unicode: it contains a lone surrogate (an unpaired \\uD800–\\uDFFF).";
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= maxDepth) return `The input is nested too deeply (at most ${maxDepth} levels of arrays and objects).`;
    if (Array.isArray(v)) {
      for (const item of v) stack.push([item, depth + 1]);
    } else if (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null) {
      for (const [k, item] of Object.entries(v)) stack.push([k, depth], [item, depth + 1]);
    }
  }
  return null;
}

export type BodyRead = { ok: true; text: string } | { ok: false; status: 400 | 413; error: string };

/** Reads a request body as UTF-8 text, refusing it (413) as soon as more than `maxBytes` arrive. */
export async function readBody(req: Request, maxBytes: number): Promise<BodyRead> {
  // Node's web streams are async iterable (TypeScript's DOM types do not say so)
  return readBodyStream(req.body as unknown as AsyncIterable<Uint8Array> | null, req.headers.get("content-length"), maxBytes);
}

/**
 * `readBody` for any stream of bytes — a fetch body, or a Node request (`server/trpc-node.ts`,
 * which serves the hot procedures without Next): the same caps and the same refusals.
 */
export async function readBodyStream(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | null, contentLength: string | null | undefined, maxBytes: number): Promise<BodyRead> {
  const tooLarge: BodyRead = { ok: false, status: 413, error: `Request too large: a body may be at most ${maxBytes} bytes.` };
  if (Number(contentLength ?? 0) > maxBytes) return tooLarge;
  if (!body) return { ok: true, text: "" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  // leaving the loop early cancels a fetch body's reader and destroys a Node stream
  for await (const value of body) {
    size += value.byteLength;
    if (size > maxBytes) return tooLarge;
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, status: 400, error: "The body is not UTF-8 text." };
  }
}

/**
 * The client's network address for rate limits and the sign-in lock: the last `X-Forwarded-For`
 * entry, which the app's server (server/main.ts) has replaced by the one address it decided from
 * the socket and the trusted proxies (`admitForwarding`, server/client-address.ts), so a client's
 * own header counts only through a proxy the operator trusts. (Under a bare `next start` nothing
 * replaces it: that server is not for facing the network, docs/security.md.)
 */
export function clientAddress(req: Request): string {
  return lastHop(req.headers.get("x-forwarded-for"));
}

/** The last entry of an `X-Forwarded-For` value (see `clientAddress`). */
export function lastHop(forwardedFor: string | null | undefined): string {
  const hops = (forwardedFor ?? "").split(",");
  return hops[hops.length - 1]!.trim() || "unknown";
}
