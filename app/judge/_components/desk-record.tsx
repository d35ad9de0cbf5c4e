"use client";
/**
 * Recording a ruling with its game (signed in): the match id, or a tournament the judge may rule
 * in, the move #, who asked (a player of a loaded match, or any name) and a note; once recorded,
 * a link to where it shows. Signed out, a link to sign in.
 */
import Link from "next/link";
import type { Dispatch, FormEvent } from "react";
import { FormError } from "@/app/_components/form";
import type { DeskAction, DeskState } from "./desk";
import { button, input } from "./styles";

interface Props {
  desk: DeskState;
  dispatch: Dispatch<DeskAction>;
  signedIn: boolean;
  tournaments: readonly { id: string; name: string }[];
  recorded: { matchId: string | null; tournamentId: string | null } | undefined;
  pending: boolean;
  error: string | undefined;
  onSubmit: (e: FormEvent) => void;
}

export function DeskRecord({ desk, dispatch, signedIn, tournaments, recorded, pending, error, onSubmit }: Props) {
  if (!signedIn) {
    return (
      <p className="text-sm text-slate-600" data-testid="sign-in-to-record">
        <Link className="text-indigo-700 underline" href="/signin?next=%2Fjudge">
          Sign in
        </Link>{" "}
        to record this ruling with a game.
      </p>
    );
  }
  const { matchId } = desk;
  const set = (field: "matchId" | "tournamentId" | "moveNumber" | "requestedBy" | "note", value: string) => dispatch({ type: "set", field, value });
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold">Record this ruling</h2>
      {recorded ? (
        <p role="status" className="text-sm text-emerald-800" data-testid="recorded">
          Ruling recorded.{" "}
          {recorded.matchId ? (
            <Link className="text-indigo-700 underline" href={`/play/${recorded.matchId}`}>
              See it on the match page
            </Link>
          ) : recorded.tournamentId ? (
            <Link className="text-indigo-700 underline" href={`/judge/rulings?tournament=${recorded.tournamentId}`}>
              See the tournament&apos;s rulings
            </Link>
          ) : null}
        </p>
      ) : (
        <form className="space-y-2" onSubmit={onSubmit}>
          <p className="text-xs text-slate-500">Tournament games: the tournament&apos;s judges and directors record. Casual games: their players.</p>
          <div className="flex flex-wrap gap-2">
            <label className="text-sm">
              Match id <input className={`${input} w-72`} value={matchId} onChange={(e) => set("matchId", e.target.value)} aria-label="Ruling match id" />
            </label>
            <label className="text-sm">
              or tournament{" "}
              <select className={input} value={desk.tournamentId} onChange={(e) => set("tournamentId", e.target.value)} aria-label="Tournament" disabled={matchId.trim() !== ""}>
                <option value="">—</option>
                {tournaments.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              Move #{" "}
              <input className={`${input} w-16`} type="number" min={1} value={desk.moveNumber} onChange={(e) => set("moveNumber", e.target.value)} aria-label="Ruling move number" title="The # beside the play on the scoresheet" />
            </label>
          </div>
          <label className="block text-sm">
            Requested by <input className={`${input} w-60`} list="judge-players" value={desk.requestedBy} onChange={(e) => set("requestedBy", e.target.value)} aria-label="Requested by" />
            <datalist id="judge-players">{desk.players.map((p) => (p.name ? <option key={p.id} value={p.name} /> : null))}</datalist>
          </label>
          <label className="block text-sm">
            Note <textarea className={`${input} w-full`} rows={2} value={desk.note} onChange={(e) => set("note", e.target.value)} aria-label="Note" />
          </label>
          <FormError message={error} />
          <button className={button} disabled={pending}>
            {pending ? "Recording…" : "Record ruling"}
          </button>
        </form>
      )}
    </section>
  );
}
