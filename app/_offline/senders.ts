/**
 * How each kind of queued write is sent, and what the server's answer means for the queue
 * (app/_offline/queue.ts, docs/offline.md):
 * - no answer, or a 5xx / 429: *retry* later (the flush stops there, so the order holds);
 * - the write refused because its base moved (CONFLICT, a stale version): the server's current value
 *   is read; if it already equals the queued one (the write went through and the answer was lost,
 *   or another device entered the same), it is *applied* — nothing is sent twice; otherwise a
 *   *conflict* with both values;
 * - any other refusal (the round was closed, the director lost the role): a *conflict* whose other
 *   side is the server's sentence, for a person to decide; never dropped.
 */
import type { TRPCClientError, TRPCClient } from "@trpc/client";
import type { AppRouter } from "@/server/routers/_app";
import { errorSentence } from "@/app/_trpc/errors";
import { scoreLine } from "@/server/domain";
import type { QueuedWrite, SendOutcome } from "./queue";
import { STATION_KIND } from "./station";
import { sendStation } from "./station-sender";
import { isTransient } from "./transient";

export { isTransient } from "./transient";

export type ResultWriteInput = { tournamentId: string; pairingId: string; scores: Record<string, number>; forfeitUserId: string | null };

type Client = TRPCClient<AppRouter>;

function sameScores(a: Record<string, number>, b: Record<string, number> | null | undefined): boolean {
  if (!b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

async function sendResult(client: Client, write: QueuedWrite): Promise<SendOutcome> {
  const input = write.input as ResultWriteInput;
  try {
    await client.tournaments.enterResult.mutate({ ...input, expectedVersion: write.baseVersion ?? undefined });
    return { kind: "applied" };
  } catch (err) {
    if (isTransient(err)) return { kind: "retry", message: errorSentence(err) ?? "The server did not answer." };
    const code = (err as TRPCClientError<AppRouter>).data?.code;
    if (code !== "CONFLICT") return { kind: "conflict", theirs: `Refused: ${errorSentence(err) ?? "the server refused it."}`, theirsVersion: write.baseVersion };
    const t = await client.tournaments.byId.query({ tournamentId: input.tournamentId });
    const board = t.rounds.flatMap((r) => r.pairings).find((p) => p.id === input.pairingId);
    if (!board) return { kind: "conflict", theirs: "The board is no longer in the event.", theirsVersion: null };
    const stored = Object.fromEntries(board.players.filter((p) => p.score !== null).map((p) => [p.userId, p.score as number]));
    const theirs = board.players.every((p) => p.score === null) && !board.forfeitUserId ? null : stored;
    if ((board.forfeitUserId ?? null) === input.forfeitUserId && sameScores(input.scores, theirs)) return { kind: "applied" };
    return { kind: "conflict", theirs: scoreLine(board.players, theirs, board.forfeitUserId), theirsVersion: board.version };
  }
}

export function senderFor(client: Client): (write: QueuedWrite) => Promise<SendOutcome> {
  return async (write) => {
    if (write.kind === "result") return sendResult(client, write);
    if (write.kind === STATION_KIND) return sendStation(client, write);
    return { kind: "conflict", theirs: `This app version cannot send a write of kind "${write.kind}".`, theirsVersion: null };
  };
}
