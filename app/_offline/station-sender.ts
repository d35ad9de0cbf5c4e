/**
 * How a queued scorekeeper station write is sent (app/_offline/station.ts, docs/offline.md):
 * at the version the device predicted (`baseVersion` as the move's `expectedSeq`), with its
 * client id, so the server applies it once (a retry after a lost answer gets the earlier outcome)
 * and only on top of the game the device saw. The server re-adjudicates the move and times it
 * itself: the device's clock is sent as a reported figure (`reported`, docs/security.md).
 * No answer, a 5xx: *retry*. Any refusal (the game moved on — another device recorded this
 * board —, the director ended it, the move no longer stands): a *conflict* with the server's
 * sentence and its game in one line, for a person to decide; the station's later writes wait behind it.
 */
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "@/server/routers/_app";
import { errorSentence } from "@/app/_trpc/errors";
import type { QueuedWrite, SendOutcome } from "./queue";
import { isTransient } from "./transient";
import { gameLine, type StationWriteInput } from "./station";

type Client = TRPCClient<AppRouter>;

export async function sendStation(client: Client, write: QueuedWrite): Promise<SendOutcome> {
  const input = write.input as StationWriteInput;
  const expectedSeq = write.baseVersion ?? 0;
  try {
    if (input.op === "move") {
      await client.matches.scorekeeper.move.mutate({ matchId: input.matchId, expectedSeq, clientId: write.clientId, seat: input.seat, action: input.action, tappedAt: Math.round(input.at), reported: true });
    } else {
      await client.matches.scorekeeper.clock.mutate({ matchId: input.matchId, expectedSeq, clientId: write.clientId, action: input.action });
    }
    return { kind: "applied" };
  } catch (err) {
    if (isTransient(err)) return { kind: "retry", message: errorSentence(err) ?? "The server did not answer." };
    const refused = `Refused: ${errorSentence(err) ?? "the server refused it."}`;
    try {
      const st = await client.matches.scorekeeper.get.query({ matchId: input.matchId });
      return { kind: "conflict", theirs: `${gameLine(st.view)}. ${refused}`, theirsVersion: st.view.version };
    } catch {
      return { kind: "conflict", theirs: refused, theirsVersion: write.baseVersion };
    }
  }
}
