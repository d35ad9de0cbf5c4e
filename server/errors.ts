/**
 * Typed domain errors. Services throw `DomainError(code, message)`; the tRPC spine maps each code
 * to a tRPC code in one table, so routers never invent status codes and users get the sentence.
 */
export const DOMAIN_ERROR_CODES = {
  NOT_FOUND: "NOT_FOUND",
  UNAUTHENTICATED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  CONFLICT: "CONFLICT",
  INVALID: "BAD_REQUEST",
  STALE: "CONFLICT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  PRECONDITION: "PRECONDITION_FAILED",
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
