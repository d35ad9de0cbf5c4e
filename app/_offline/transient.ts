import { TRPCClientError } from "@trpc/client";

/** A failure that is the network's or the server's, not a refusal of the write. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof TRPCClientError)) return true;
  const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status === undefined || status >= 500 || status === 429;
}
