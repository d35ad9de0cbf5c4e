/**
 * Typed domain errors and what a client is told about any error. Services throw
 * `DomainError(code, message)`; `DOMAIN_ERROR_CODES` is the one table from a code to the tRPC code
 * and the HTTP status, and `forClient` the one mapping of a thrown error to what the client sees —
 * used by the tRPC spine (server/trpc.ts) and by the plain route handlers (server/http.ts), so a
 * CSV download, `POST /api/adjudicate` and a procedure answer the same error alike. Users get the
 * sentence; stack traces and driver messages never leave the server.
 */
import { log } from "./log";

export const DOMAIN_ERROR_CODES = {
  NOT_FOUND: { trpc: "NOT_FOUND", status: 404 },
  UNAUTHENTICATED: { trpc: "UNAUTHORIZED", status: 401 },
  FORBIDDEN: { trpc: "FORBIDDEN", status: 403 },
  CONFLICT: { trpc: "CONFLICT", status: 409 },
  INVALID: { trpc: "BAD_REQUEST", status: 400 },
  STALE: { trpc: "CONFLICT", status: 409 },
  RATE_LIMITED: { trpc: "TOO_MANY_REQUESTS", status: 429 },
  PRECONDITION: { trpc: "PRECONDITION_FAILED", status: 412 },
} as const;

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_CODES;

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Optional field the error is about, so forms can show it inline. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** The sentence for anything unexpected (a bug, the database away): nothing about its cause. */
export const UNEXPECTED_MESSAGE = "Something went wrong on our side. Nothing was changed; please try again.";

/** What the client is told: the tRPC code, the HTTP status, the sentence, and when to retry. */
export interface ClientError {
  trpc: (typeof DOMAIN_ERROR_CODES)[DomainErrorCode]["trpc"] | "INTERNAL_SERVER_ERROR";
  status: number;
  message: string;
  /** the domain error itself, for the client's `domainCode` and `field` */
  domain: DomainError | null;
  /** seconds for `Retry-After` (a rate limit) */
  retryAfterSeconds?: number;
}

/** PostgreSQL refuses text it cannot store (a NUL character): SQLSTATE 22021 / 22P05, anywhere in the cause chain. */
function isUnstorableText(e: unknown): boolean {
  for (let c = e, i = 0; c && typeof c === "object" && i < 6; c = (c as { cause?: unknown }).cause, i++) {
    const code = (c as { code?: unknown }).code;
    if (code === "22021" || code === "22P05") return true;
  }
  return false;
}

/** The one mapping of a thrown error to what a client sees; anything unexpected is logged here. */
export function forClient(err: unknown): ClientError {
  if (isDomainError(err)) {
    const { trpc, status } = DOMAIN_ERROR_CODES[err.code];
    const retry = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    return { trpc, status, message: err.message, domain: err, ...(typeof retry === "number" ? { retryAfterSeconds: retry } : {}) };
  }
  // Text with a NUL character passes the input checks but not the database: the input is at fault, not us.
  if (isUnstorableText(err)) return { trpc: "BAD_REQUEST", status: 400, message: "Text cannot contain NUL (\\0) characters.", domain: null };
  log.error({ err }, "unexpected error (the client got the generic sentence)");
  return { trpc: "INTERNAL_SERVER_ERROR", status: 500, message: UNEXPECTED_MESSAGE, domain: null };
}
