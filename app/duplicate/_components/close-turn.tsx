"use client";
/**
 * The director's "Close turn now" (docs/duplicate.md "Closing a turn, restarts"): the open turn
 * closes at once, as at its deadline. The count of who has submitted is read afresh on the click
 * (submissions are not announced: the page's own may be 5 s old); when some have not, the close
 * waits for a confirmation that says how many ("2 players have not submitted. Close turn 3 now?").
 * The turn is named in the call, so a second click finds it closed and closes nothing more.
 */
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { dangerButtonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import type { DupView } from "./types";

export const notSubmittedText = (missing: number, turn: number): string =>
  `${missing} ${missing === 1 ? "player has" : "players have"} not submitted. Close turn ${turn} now?`;

export function CloseTurnNow({ v, reread, onDone }: { v: DupView; reread: () => Promise<DupView | undefined>; onDone: () => void }) {
  const trpc = useTRPC();
  const [asking, setAsking] = useState<{ turn: number; missing: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const close = useMutation(
    trpc.duplicate.closeNow.mutationOptions({
      onMutate: () => setAsking(null),
      onSuccess: (r) => {
        setNote(r.closed ? `Turn ${r.turn} closed.` : `Turn ${r.turn} had already closed.`);
        onDone();
      },
    }),
  );
  if (v.status !== "playing" || !v.turn) return null;
  const turn = v.turn.number;
  const ask = async () => {
    setNote(null);
    setChecking(true);
    const fresh = await reread().finally(() => setChecking(false));
    if (!fresh || fresh.turn?.number !== turn) return setNote(`Turn ${turn} had already closed.`);
    const missing = Math.max(0, fresh.playerCount - fresh.submittedCount);
    if (missing > 0) setAsking({ turn, missing });
    else close.mutate({ gameId: v.id, turn });
  };
  const busy = checking || close.isPending;
  return (
    <div className="space-y-2" data-testid="close-turn">
      {asking?.turn === turn ? (
        <div
          role="group"
          aria-label="Confirm the close"
          className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 p-2"
          data-testid="close-confirm"
          onKeyDown={(e) => e.key === "Escape" && setAsking(null)}
        >
          <p className="text-sm font-medium text-amber-900">{notSubmittedText(asking.missing, turn)}</p>
          {/* the close was asked for: the confirmation takes the focus, Enter confirms, Escape keeps waiting */}
          <button type="button" autoFocus className={dangerButtonClass} onClick={() => close.mutate({ gameId: v.id, turn })} disabled={busy}>
            Yes, close turn {turn} now
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setAsking(null)}>
            Keep waiting
          </button>
        </div>
      ) : (
        <button type="button" className={dangerButtonClass} onClick={() => void ask()} disabled={busy}>
          {close.isPending ? `Closing turn ${turn}…` : `Close turn ${turn} now`}
        </button>
      )}
      <FormError message={close.error?.message} />
      {note ? (
        <p className="text-sm text-emerald-800" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
