"use client";
/**
 * A club night (arena): join and leave, "you play X at table N", report / confirm / dispute the
 * result, the games in play, who waits and why, tonight's standings with "why is X above Y", and
 * the director's controls (close the night, decide a result). Polls every few seconds.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Section, buttonClass, dangerButtonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { ScoreForm } from "../_components/score-form";

type Night = inferRouterOutputs<AppRouter>["arena"]["night"];
type Game = Night["games"][number];

const STATUS: Record<Game["status"], string> = {
  playing: "playing",
  reported: "result reported, waiting for confirmation",
  confirmed: "confirmed",
  disputed: "disputed: the director decides",
  decided: "decided by the director",
  cancelled: "cancelled",
};
const list = (names: string[]) => (names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);
const scoreLine = (g: Game) => (g.scores ? g.players.map((p) => `${p.name} ${g.scores![p.id] ?? "–"}`).join(" · ") : "");

export default function NightPage() {
  const { nightId } = useParams<{ nightId: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const q = useQuery({ ...trpc.arena.night.queryOptions({ nightId }), refetchInterval: 3000, retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.arena.night.queryKey({ nightId }) });
  const opts = { onSuccess: refresh };
  const join = useMutation(trpc.arena.join.mutationOptions(opts));
  const leave = useMutation(trpc.arena.leave.mutationOptions(opts));
  const close = useMutation(trpc.arena.close.mutationOptions(opts));
  const small = useMutation(trpc.arena.smallGroups.mutationOptions(opts));
  if (q.isPending) return <p>Loading…</p>;
  if (q.error) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  const v = q.data;
  const myId = me.data?.id ?? "";
  const mine = v.games.find((g) => g.id === v.me?.gameId);
  const s = v.night.scoring;
  const err = join.error ?? leave.error ?? close.error ?? small.error;
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{v.night.name}</h1>
        <p className="text-sm text-slate-600">
          {v.night.status === "open" ? "Open now" : "Closed"} · {v.night.groupSize === 2 ? "pairs" : `pods of ${v.night.groupSize}`} · {v.night.mode === "online" ? "online" : "over the board"} · {v.night.rated ? "rated" : "unrated"} · win {s.win}, draw {s.draw}, loss {s.loss}
          {s.streak ? `, ×${s.streak.multiplier} after ${s.streak.after} wins in a row` : ""}
          {v.night.ladderId ? (
            <>
              {" · "}
              <Link href={`/arena/ladders/${v.night.ladderId}`} className="text-indigo-700 underline">the ladder</Link>
            </>
          ) : null}
        </p>
      </header>

      <Section title="You tonight" testId="me">
        <div aria-live="polite" className="space-y-3">
          {!v.me || v.me.status === "left" ? (
            v.night.status === "open" ? (
              <button className={buttonClass} disabled={join.isPending} onClick={() => join.mutate({ nightId })}>{v.me ? "Join again" : "Join tonight"}</button>
            ) : (
              <p className="text-sm">This club night is closed.</p>
            )
          ) : mine ? (
            <MyGame game={mine} myId={myId} onDone={refresh} />
          ) : (
            <>
              <p className="text-sm" data-testid="waiting-reason">{v.me.waitingReason ?? "You wait for the next table."}</p>
              <button className={secondaryButtonClass} disabled={leave.isPending} onClick={() => leave.mutate({ nightId })}>Leave the room</button>
            </>
          )}
          <FormError message={err?.message} />
        </div>
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Games" testId="games">
          {v.games.length ? (
            <ul className="divide-y divide-slate-100">
              {v.games.map((g) => (
                <li key={g.id} className="py-2 text-sm" data-testid="game-row">
                  <div className="flex flex-wrap justify-between gap-2">
                    <span>
                      <strong>Table {g.tableNo}</strong>: {list(g.players.map((p) => p.name))}
                    </span>
                    <span className="text-xs text-slate-500">{STATUS[g.status]}</span>
                  </div>
                  {g.scores ? <p className="text-xs text-slate-600">{scoreLine(g)}</p> : null}
                  {g.note ? <p className="text-xs text-amber-800">Note: {g.note}</p> : null}
                  {v.canDirect && !g.matchId && (g.status === "disputed" || g.status === "reported" || g.status === "playing") ? <DecideForm game={g} onDone={refresh} /> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No game yet: players are paired as soon as they are free.</p>
          )}
        </Section>
        <div className="space-y-6">
          <Section title="Waiting" testId="waiting">
            {v.waiting.length ? (
              <ul className="space-y-1 text-sm">
                {v.waiting.map((w) => (
                  <li key={w.id}>
                    <strong>{w.name}</strong>: {w.reason}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">Nobody is waiting.</p>
            )}
          </Section>
          <Standings v={v} />
        </div>
      </div>

      {v.canDirect ? (
        <Section title="Director" testId="director">
          <LadderPicker clubId={v.night.clubId} nightId={nightId} ladderId={v.night.ladderId} onDone={refresh} />
          {v.night.status === "open" && v.night.groupSize > 2 ? (
            <label className="mt-3 flex items-start gap-2 text-sm">
              <input type="checkbox" checked={v.night.smallGroups} disabled={small.isPending} onChange={(e) => small.mutate({ nightId, allow: e.target.checked })} />
              <span>End of the evening: pair fewer than a pod ({v.night.groupSize}) rather than wait for more players — two free players play as a pair.</span>
            </label>
          ) : null}
          {v.night.status === "open" ? (
            <>
              <p className="mb-2 mt-3 text-sm text-slate-600">Closing stops the pairing; games still at a table can be reported afterwards.</p>
              <button className={dangerButtonClass} disabled={close.isPending} onClick={() => window.confirm("Close tonight's club night?") && close.mutate({ nightId })}>Close the night</button>
            </>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}

function Standings({ v }: { v: Night }) {
  return (
    <Section title="Standings" testId="standings">
      {v.standings.length ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th scope="col" className="py-1">#</th>
                  <th scope="col">Player</th>
                  <th scope="col" className="text-right">Points</th>
                  <th scope="col" className="text-right">W-D-L</th>
                </tr>
              </thead>
              <tbody>
                {v.standings.map((r) => (
                  <tr key={r.playerId} className="border-t border-slate-100" data-testid="standing-row">
                    <td className="py-1">{r.rank}</td>
                    <td>{r.name}{r.onStreak ? <span title="On a streak: the next win scores more"> 🔥</span> : null}</td>
                    <td className="text-right">{r.points}</td>
                    <td className="text-right">{r.wins}-{r.draws}-{r.losses}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {v.why.length ? (
            <details className="mt-2 text-xs text-slate-600">
              <summary className="cursor-pointer">Why this order</summary>
              <ul className="mt-1 list-disc pl-5">{v.why.map((w, i) => <li key={i}>{w}</li>)}</ul>
            </details>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">No results yet.</p>
      )}
    </Section>
  );
}

function MyGame({ game, myId, onDone }: { game: Game; myId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const report = useMutation(trpc.arena.report.mutationOptions({ onSuccess: onDone }));
  const confirm = useMutation(trpc.arena.confirm.mutationOptions({ onSuccess: onDone }));
  const dispute = useMutation(trpc.arena.dispute.mutationOptions({ onSuccess: onDone }));
  const others = game.players.filter((p) => p.id !== myId).map((p) => p.name);
  const err = report.error ?? confirm.error ?? dispute.error;
  const toConfirm = game.status === "reported" && game.reportedBy !== myId && !game.confirmedBy.includes(myId);
  return (
    <div className="space-y-3">
      <p className="text-lg font-medium" data-testid="my-table">
        You play {list(others)} at table {game.tableNo}.
      </p>
      {game.matchId ? (
        <Link href={`/play/${game.matchId}`} className={buttonClass}>Open the game</Link>
      ) : game.status === "disputed" ? (
        <p className="text-sm">The result is disputed: the director decides it.</p>
      ) : toConfirm ? (
        <div className="space-y-2">
          <p className="text-sm" data-testid="to-confirm">Reported: {scoreLine(game)}. Is that right?</p>
          <div className="flex flex-wrap gap-2">
            <button className={buttonClass} disabled={confirm.isPending} onClick={() => confirm.mutate({ gameId: game.id })}>Confirm the result</button>
            <button className={dangerButtonClass} disabled={dispute.isPending} onClick={() => dispute.mutate({ gameId: game.id, note: window.prompt("What is wrong with it? (optional)") ?? "" })}>Dispute</button>
          </div>
        </div>
      ) : (
        <>
          {game.status === "reported" ? <p className="text-sm">Reported: {scoreLine(game)}. Waiting for {game.reportedBy === myId ? "your opponent" : "the others"} to confirm; you can still correct it.</p> : null}
          <ScoreForm players={game.players} label="Report the result" pending={report.isPending} onSubmit={(scores) => report.mutate({ gameId: game.id, scores })} />
        </>
      )}
      <FormError message={err?.message} />
    </div>
  );
}

function DecideForm({ game, onDone }: { game: Game; onDone: () => void }) {
  const trpc = useTRPC();
  const decide = useMutation(trpc.arena.decide.mutationOptions({ onSuccess: onDone }));
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs text-indigo-700">Decide this result</summary>
      <ScoreForm players={game.players} initial={game.scores} label="Decide" pending={decide.isPending} onSubmit={(scores) => decide.mutate({ gameId: game.id, scores })} />
      <FormError message={decide.error?.message} />
    </details>
  );
}

function LadderPicker({ clubId, nightId, ladderId, onDone }: { clubId: string; nightId: string; ladderId: string | null; onDone: () => void }) {
  const trpc = useTRPC();
  const ladders = useQuery(trpc.arena.club.queryOptions({ clubId }));
  const attach = useMutation(trpc.arena.attach.mutationOptions({ onSuccess: onDone }));
  if (!ladders.data?.ladders.length) return null;
  return (
    <div className="space-y-1">
      <label htmlFor="night-ladder" className="block text-sm font-medium text-slate-700">This night feeds the ladder</label>
      <select
        id="night-ladder"
        className="rounded border border-slate-300 px-2 py-1 text-sm"
        value={ladderId ?? ""}
        disabled={attach.isPending}
        onChange={(e) => attach.mutate({ nightId, ladderId: e.target.value || null })}
      >
        <option value="">No ladder</option>
        {ladders.data.ladders.map((l) => (
          <option key={l.id} value={l.id}>{l.name}</option>
        ))}
      </select>
      <FormError message={attach.error?.message} />
    </div>
  );
}
