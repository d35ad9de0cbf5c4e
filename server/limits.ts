/**
 * Every limit the edge enforces, in one table (docs/security.md "Limits" lists the same numbers).
 * Plain constants, no imports: the browser's tRPC client reads `TRPC_MAX_BATCH` from here too, so
 * it never builds a batch the server refuses.
 */
export const LIMITS = {
  /** Bytes of one `POST /api/trpc` body, a whole batch included (413 above). The largest real
   * inputs (a pasted list of e-mails, a recorded ruling on a full board) are tens of kilobytes. */
  trpcBodyBytes: 256 * 1024,
  /** Operations in one tRPC batch (400 above). The web client splits bigger batches itself. */
  trpcBatchSize: 10,
  /** Bytes of one `POST /api/adjudicate` body (413 above); a full 19×19 board is a few kilobytes. */
  adjudicateBodyBytes: 256 * 1024,
  /** Requests (NDJSON lines) in one `POST /api/adjudicate` body (413 above). */
  adjudicateLines: 100,
  /** Arrays and objects nested inside one input (400 deeper); real inputs nest five or six deep. */
  inputDepth: 32,
} as const;

/**
 * The engine's allowance per client (token buckets, `server/rate-limit.ts`): every adjudicated
 * request — a call of `adjudication.adjudicate` or `adjudication.explain`, one NDJSON line of
 * `POST /api/adjudicate` — costs one token. Anonymous clients share a bucket per address; a
 * signed-in user has a bucket of their own, five times larger.
 */
export const ENGINE_ALLOWANCE = {
  anonymous: { burst: 120, perSecond: 2 },
  signedIn: { burst: 600, perSecond: 10 },
} as const;

/**
 * The API allowance (token buckets, `server/rate-limit.ts`, docs/api.md "Limits"): each procedure
 * called with a personal API token costs one token of that API token's bucket, wherever it is
 * called (`/api/trpc`, `/api/v1`, `/api/adjudicate`); each `/api/v1` request without a token costs
 * one of its network address's bucket. Browsers (cookie sessions) are not counted here.
 */
export const API_ALLOWANCE = {
  token: { burst: 600, perSecond: 10 },
  anonymous: { burst: 120, perSecond: 2 },
} as const;

/**
 * Per-account allowances for work a signed-in account can ask for again and again (token buckets
 * by account, `server/rate-limit.ts`, docs/security.md "Limits"): importing a game record (a
 * replay of up to 2 000 events and a write of each) and asking for a game's analysis (minutes of
 * engine time). `analysisQueue`: analyses one account may have queued or running at once.
 */
export const ACCOUNT_ALLOWANCE = {
  imports: { burst: 20, perSecond: 20 / 3600 },
  analyses: { burst: 10, perSecond: 20 / 3600 },
  analysisQueue: 3,
} as const;

export const TRPC_MAX_BATCH = LIMITS.trpcBatchSize;

/** The largest PostgreSQL `integer`: the bound of every counter or version a client sends back
 * (past it PostgreSQL refuses the comparison, SQLSTATE 22003). */
export const MAX_INT4 = 2_147_483_647;
/** The last instant a JavaScript Date can hold (ms since 1970): the bound of client timestamps. */
export const MAX_DATE_MS = 8_640_000_000_000_000;
/** Characters of one tile face a client sends (a placement's `tile`, an exchanged tile). A face is
 * a number or sign plus, in 'SMATH, the bracket overlays written into it (`"((12"`, `"3))"`); the
 * brackets are unlimited by the rules and a long equation can stack several on one tile — 8 was
 * too few for plays the bot itself makes (a game record that failed to import again). 32 is
 * ample: a two-digit number under 30 brackets. */
export const MAX_TILE_FACE = 32;

/** Longest answers on an event's entry form, in characters (docs/entries.md "Entries"); the entry
 * form shows the same limits. */
export const ENTRY_TEXT_LIMITS = { class: 40, club: 80, notes: 500 } as const;
