"use client";
/**
 * "Play now" on /play (docs/matches.md "Play now: open seeks"): pick the game, how many players,
 * rated or not and where (site-wide or one of my clubs), then a preset button — Blitz, Rapid or
 * Classic, with the game's clock on it — posts the seek. My open seek shows with Cancel; when
 * someone accepts it the page goes to the game. Below: the seeks I may accept.
 */
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { RulesetOptions } from "@/app/_components/ruleset-options";
import { RULESET_DATA, type RulesetId } from "@/engine";
import { describeTimeControl, presetTimeControl, TIME_PRESET_LABELS, TIME_PRESETS } from "@/server/domain";
import { SeekList, seekSummary, useSeekWatcher } from "./seek-list";

const select = "rounded border border-slate-300 px-2 py-1.5";

export function PlayNow() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [ruleset, setRuleset] = useState<RulesetId>("equate");
  const [players, setPlayers] = useState(2);
  const [rated, setRated] = useState(false);
  const [clubId, setClubId] = useState("");
  const clubs = useQuery(trpc.clubs.mine.queryOptions());
  const mine = useSeekWatcher(true);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.seeks.pathKey() });
  const create = useMutation(trpc.seeks.create.mutationOptions({ onSuccess: refresh }));
  const cancel = useMutation(trpc.seeks.cancel.mutationOptions({ onSettled: refresh }));
  const open = mine.data?.open ?? null;
  const rs = RULESET_DATA[ruleset];
  const sizes = [2, 3, 4].filter((n) => n >= rs.minPlayers && n <= rs.maxPlayers);

  return (
    <section className="space-y-3 rounded border border-slate-200 bg-white p-3" data-testid="play-now" aria-labelledby="play-now-title">
      <h2 id="play-now-title" className="text-lg font-semibold">
        Play now
      </h2>
      {open ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded bg-indigo-50 px-3 py-2 text-sm" data-testid="my-seek" role="status">
          <span>
            {open.mine ? "Your seek is open, waiting for " : "You have a seat, waiting for "}
            {open.players - open.takers.length - 1} more player{open.players - open.takers.length - 1 === 1 ? "" : "s"}
            {open.club ? ` of ${open.club.name}` : ""}: <span className="text-slate-700">{seekSummary(open)}</span>
          </span>
          <button type="button" onClick={() => cancel.mutate({ seekId: open.id })} disabled={cancel.isPending} className="rounded border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50 disabled:opacity-50">
            {open.mine ? "Cancel seek" : "Leave seat"}
          </button>
        </div>
      ) : (
        <div className="space-y-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <select aria-label="Play now game" value={ruleset} onChange={(e) => setRuleset(e.target.value as RulesetId)} className={select}>
              <RulesetOptions />
            </select>
            <select aria-label="Play now players" value={players} onChange={(e) => setPlayers(Number(e.target.value))} className={select}>
              {sizes.map((n) => (
                <option key={n} value={n}>
                  {n === 2 ? "2 players" : `pod of ${n}`}
                </option>
              ))}
            </select>
            <select aria-label="Play now: who may accept" value={clubId} onChange={(e) => setClubId(e.target.value)} className={select}>
              <option value="">Anyone (site-wide)</option>
              {(clubs.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} members
                </option>
              ))}
            </select>
            <label className="inline-flex items-center gap-1">
              <input type="checkbox" aria-label="Play now rated" checked={rated} onChange={(e) => setRated(e.target.checked)} className="accent-indigo-600" />
              Rated
            </label>
          </div>
          <div className="grid grid-cols-3 gap-2" role="group" aria-label="Post a seek">
            {TIME_PRESETS.map((p) => (
              <button
                key={p}
                type="button"
                disabled={create.isPending}
                onClick={() => create.mutate({ ruleset, preset: p, rated, players, clubId: clubId || null })}
                className="rounded bg-indigo-600 px-2 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
              >
                {TIME_PRESET_LABELS[p]}
                <span className="block text-xs font-normal text-indigo-100">{describeTimeControl(presetTimeControl(ruleset, p))}</span>
              </button>
            ))}
          </div>
        </div>
      )}
      {create.error ? (
        <p role="alert" className="text-sm text-red-700">
          {create.error.message}
        </p>
      ) : null}
      {cancel.error ? (
        <p role="alert" className="text-sm text-red-700">
          {cancel.error.message}
        </p>
      ) : null}
      <h3 className="text-sm font-semibold text-slate-700">Open seeks</h3>
      <SeekList signedIn hideMine empty="No open seeks right now: post one, and it waits here for 30 minutes." />
    </section>
  );
}
