/**
 * Rate limits: in-process token buckets, one per client key. A bucket holds up to `burst` tokens
 * and refills `perSecond` tokens a second; a request costing `n` takes `n` tokens or is refused
 * with the seconds to wait (the `Retry-After` of a 429).
 *
 * Caveats (docs/security.md): the buckets live in one process, so with k instances behind a
 * load balancer a client gets up to k times the allowance; a restart refills them. At most
 * `maxKeys` buckets are kept: past that the least recently used one is forgotten (it refills).
 */
import { ACCOUNT_ALLOWANCE, API_ALLOWANCE, ENGINE_ALLOWANCE } from "./limits";
import { DomainError } from "./errors";
import { LruMap } from "@/engine";

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export class TokenBuckets {
  private readonly buckets: LruMap<string, { tokens: number; at: number }>;

  constructor(private readonly opts: { burst: number; perSecond: number; maxKeys?: number }) {
    this.buckets = new LruMap(opts.maxKeys ?? 10_000);
  }

  /** Takes `cost` tokens from `key`'s bucket at time `now` (ms), or says how long to wait. */
  take(key: string, cost: number, now = Date.now()): Take {
    const { burst, perSecond } = this.opts;
    const held = this.buckets.peek(key);
    const tokens = held ? Math.min(burst, held.tokens + ((now - held.at) / 1000) * perSecond) : burst;
    if (tokens < cost) {
      this.buckets.set(key, { tokens, at: now });
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - tokens) / perSecond)) };
    }
    this.buckets.set(key, { tokens: tokens - cost, at: now });
    return { ok: true };
  }
}

/** A client over its allowance: TOO_MANY_REQUESTS, and the seconds for `Retry-After`. */
export class RateLimited extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    what = "adjudication requests",
  ) {
    super("RATE_LIMITED", `Too many ${what} from you just now: try again in ${retryAfterSeconds} s.`);
  }
}

const engine = { anonymous: new TokenBuckets(ENGINE_ALLOWANCE.anonymous), signedIn: new TokenBuckets(ENGINE_ALLOWANCE.signedIn) };

/**
 * Takes `cost` engine requests from the client's allowance, throwing `RateLimited` when it is
 * spent. Signed-in users are counted by account, everyone else by network address.
 */
export function takeEngineAllowance(client: { userId: string | null; address: string }, cost = 1, now = Date.now()): void {
  const r = client.userId ? engine.signedIn.take(`user:${client.userId}`, cost, now) : engine.anonymous.take(`addr:${client.address}`, cost, now);
  if (!r.ok) throw new RateLimited(r.retryAfterSeconds);
}

const api = { token: new TokenBuckets(API_ALLOWANCE.token), anonymous: new TokenBuckets(API_ALLOWANCE.anonymous) };

/**
 * Takes `cost` calls from the API allowance (`API_ALLOWANCE`): an API token's own bucket, or an
 * anonymous script's by network address; throws `RateLimited` when it is spent.
 */
export function takeApiAllowance(client: { tokenId: string } | { address: string }, cost = 1, now = Date.now()): void {
  const r = "tokenId" in client ? api.token.take(`token:${client.tokenId}`, cost, now) : api.anonymous.take(`addr:${client.address}`, cost, now);
  if (!r.ok) throw new RateLimited(r.retryAfterSeconds, "API requests");
}

const account = { imports: new TokenBuckets(ACCOUNT_ALLOWANCE.imports), analyses: new TokenBuckets(ACCOUNT_ALLOWANCE.analyses) };
const ACCOUNT_WORK = { imports: "game imports", analyses: "analysis requests" } as const;

/** Takes one request from a signed-in account's allowance for `kind` (`ACCOUNT_ALLOWANCE`), throwing `RateLimited` when it is spent. */
export function takeAccountAllowance(kind: keyof typeof ACCOUNT_WORK, userId: string, now = Date.now()): void {
  const r = account[kind].take(`user:${userId}`, 1, now);
  if (!r.ok) throw new RateLimited(r.retryAfterSeconds, ACCOUNT_WORK[kind]);
}
