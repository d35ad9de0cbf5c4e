"use client";
/**
 * A duplicate game (docs/duplicate.md): the shared rack and the countdown to the close by the
 * server's clock, the player's own board and Submit, the turn table with the master plays, and the
 * director's controls (start, the projector, closing the turn now, the slip desk). Kept current by push (use-dup-view.ts).
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { RulesetId } from "@/engine";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { useRuleset } from "@/app/_components/board/use-ruleset";
import { Section, buttonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { CloseTurnNow } from "../_components/close-turn";
import { PlayerList } from "../_components/dup-players";
import { TurnTable } from "../_components/dup-table";
import { PlayerBoard } from "../_components/player-board";
import { SlipDesk } from "../_components/slip-desk";
import { mmss } from "../_components/types";
import { useDupDraft } from "../_components/use-dup-draft";
import { useDuplicateView } from "../_components/use-dup-view";

export default function DuplicateGamePage() {
  const { gameId } = useParams<{ gameId: string }>();
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const { q, v, now, refresh } = useDuplicateView(gameId);
  // the answer to my last submission, for its turn only (the next turn opens without it)
  const [notice, setNotice] = useState<{ turn: number; text: string } | null>(null);
  const join = useMutation(trpc.duplicate.join.mutationOptions({ onSuccess: refresh }));
  const start = useMutation(trpc.duplicate.start.mutationOptions({ onSuccess: refresh }));
  const submit = useMutation(
    trpc.duplicate.submit.mutationOptions({
      onMutate: () => setNotice(null),
      onSuccess: (r) => {
        setNotice({ turn: r.turn, text: `Submitted for turn ${r.turn} (submission ${r.count}); you may change it until the close.` });
        void refresh();
      },
    }),
  );
  const ruleset = useRuleset(v?.ruleset as RulesetId | undefined, v?.rulesetOptions);
  const open = !!v?.turn && now < v.turn.dueAt.getTime();
  const canPlay = !!v?.me && v.status === "playing";
  // entry stays open until the view shows the turn closed: the server's clock decides, and says so
  const draft = useDupDraft(v, ruleset, (placements) => v?.turn && submit.mutate({ gameId, turn: v.turn.number, placements }), canPlay && !!v?.turn);
  if (q.isPending) return <p>Loading…</p>;
  // a failed refresh keeps the last view on screen (a slow connection must not lose the draft)
  if (q.error && !q.data) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  if (!v || !ruleset) return null;
  const left = v.turn ? v.turn.dueAt.getTime() - now : 0;
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{v.name}</h1>
        <p className="text-sm text-slate-600">
          Duplicate · {ruleset.name} · {v.turnSeconds} s a turn · {v.maxTurns} turns
          {v.eventId ? (
            <>
              {" · "}
              <Link href={`/duplicate/events/${v.eventId}`} className="text-indigo-700 underline">
                its event&apos;s standings
              </Link>
            </>
          ) : null}
        </p>
      </header>
      {v.status === "playing" && v.turn ? (
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-indigo-200 bg-indigo-50 p-3" data-testid="turn-bar">
          <p className="text-lg font-semibold">Turn {v.turn.number}</p>
          <p aria-label="Rack" className="font-mono text-lg" data-testid="shared-rack">
            {v.turn.rack.join(" ")}
          </p>
          <p className="text-lg tabular-nums" role="timer" aria-label="Time left in this turn">
            {open ? mmss(left) : "closing…"}
          </p>
        </div>
      ) : null}
      {v.status === "lobby" ? <p>The game has not started yet: {v.playerCount} joined. The director starts it.</p> : null}
      {v.status === "finished" ? (
        <p className="font-medium" data-testid="game-over">
          The game is over.
        </p>
      ) : null}
      {!v.me && v.status !== "finished" ? (
        <button type="button" className={buttonClass} onClick={() => join.mutate({ gameId })} disabled={join.isPending}>
          Join this game
        </button>
      ) : null}
      {v.me && v.me.joinedTurn > 1 ? <p className="text-sm text-slate-600">You joined at turn {v.me.joinedTurn}: the turns before score 0 for you.</p> : null}
      <FormError message={join.error?.message ?? start.error?.message} />
      {q.error && q.data ? <p className="text-sm text-amber-800">Connection trouble: showing the last view ({q.error.message}).</p> : null}
      {v.status !== "lobby" ? <PlayerBoard v={v} ruleset={ruleset} draft={draft} canPlay={canPlay} busy={submit.isPending} error={submit.error?.message} notice={notice && notice.turn === v.turn?.number ? notice.text : null} /> : null}
      {v.isDirector ? (
        <Section title="Director">
          <div className="flex flex-wrap gap-2">
            {v.status === "lobby" ? (
              <button type="button" className={buttonClass} onClick={() => start.mutate({ gameId })} disabled={start.isPending}>
                Start the game
              </button>
            ) : null}
            <Link className={secondaryButtonClass} href={`/duplicate/${gameId}/projector`}>
              Projector view
            </Link>
          </div>
          <div className="mt-3 space-y-4">
            <CloseTurnNow v={v} reread={() => q.refetch().then((r) => r.data)} onDone={() => void refresh()} />
            {v.status === "playing" ? <SlipDesk v={v} onDone={refresh} /> : null}
          </div>
        </Section>
      ) : null}
      <Section title="Table" testId="table-section">
        <TurnTable v={v} myId={me.data?.id ?? null} />
      </Section>
      <Section title="Players">
        <PlayerList v={v} />
      </Section>
    </div>
  );
}
