/**
 * The scorekeeper station offline (docs/offline.md "The scorekeeper station"): the game as the
 * device knows it — the event log the station last read from the server (the station view's
 * `events`, kept in the service worker's cache) with the moves queued on the device folded on top
 * by the same engine and the same fold as the server (server/domain/match-fold.ts). So a play
 * is checked and scored on the device, and each queued move carries the version the device
 * predicts for the server: the server applies it only at that version (a move recorded meanwhile
 * by another device, or the director's end of the game, makes it a conflict, never an overwrite).
 *
 * Pure: no React, no IndexedDB; the page (app/scorekeeper/[matchId]) and the queue's sender
 * (station-sender.ts) use it. Racks over the board are virtual (docs/game-state.md): the device's
 * fiction of who holds which unseen tile differs from the server's (its seed is not sent), which
 * changes nothing the station shows or the server decides — the server re-adjudicates every move.
 */
import { act, type GameAction, type GameEvent } from "@/engine";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { foldActed, foldAll, type Folded } from "@/server/domain";
import { publicGame } from "@/server/domain";
import type { NewWrite, QueuedWrite } from "./queue";

export const STATION_KIND = "station";

export type MatchView = inferRouterOutputs<AppRouter>["matches"]["scorekeeper"]["get"]["view"];
type OtbAction = inferRouterInputs<AppRouter>["matches"]["scorekeeper"]["move"]["action"];

/** What a queued station write sends: a move (tRPC matches.scorekeeper.move) or a clock stop (clock). */
export type StationWriteInput =
  | { op: "move"; matchId: string; seat: number; action: OtbAction; /** device clock at the tap or the entry (a reported figure) */ at: number }
  | { op: "clock"; matchId: string; action: "pause" | "resume"; at: number };

export const stationScope = (matchId: string) => `match:${matchId}`;

/** The station's event log (its view's `events`) folded: the server's game at that version. */
export function foldLog(events: readonly { seq: number; event: Record<string, unknown> }[]): Folded | null {
  return foldAll(events.map((e) => ({ seq: e.seq, event: e.event as unknown as GameEvent, actorId: null })));
}

function engineAction(f: Folded, w: StationWriteInput): GameAction | string {
  if (w.op === "clock") return { type: w.action };
  const a = w.action;
  if (a.type === "play") return { type: "play", seat: w.seat, placements: a.placements };
  if (a.type === "exchange") {
    // as the server: that many tiles of the (virtual) rack
    const rack = f.state.racks[w.seat] ?? [];
    if (a.count > rack.length) return `The player holds only ${rack.length} tiles.`;
    return { type: "exchange", seat: w.seat, tiles: rack.slice(0, a.count) };
  }
  return { type: a.type, seat: w.seat };
}

/** One station write folded on the device, or the sentence the engine refuses it with. */
export function foldWrite(f: Folded, w: StationWriteInput): { ok: true; folded: Folded } | { ok: false; message: string } {
  const action = engineAction(f, w);
  if (typeof action === "string") return { ok: false, message: action };
  const out = act(f.state, action, Math.max(w.at, f.state.lastAt));
  if (!out.ok) return { ok: false, message: out.refusal.message };
  return { ok: true, folded: foldActed(f, out).folded };
}

export interface DeviceGame {
  folded: Folded | null;
  /** client ids of the queued writes folded in (shown "not yet sent") */
  applied: string[];
  /** queued writes not folded: held behind a conflict, or no longer fitting the server's game */
  held: string[];
}

/**
 * The server's game (`base`) with the station's pending writes folded on, in order. A write whose
 * base version is not where the device's game stands (the server moved: a conflict ahead of it)
 * or that the engine refuses stops the fold: it and every later one are held.
 */
export function deviceGame(base: Folded | null, writes: readonly QueuedWrite[]): DeviceGame {
  let folded = base;
  const applied: string[] = [];
  const held: string[] = [];
  for (const w of writes) {
    if (w.kind !== STATION_KIND) continue;
    if (w.state !== "pending" || held.length > 0 || !folded || w.baseVersion !== folded.version) {
      held.push(w.clientId);
      continue;
    }
    const r = foldWrite(folded, w.input as StationWriteInput);
    if (!r.ok) {
      held.push(w.clientId);
      continue;
    }
    folded = r.folded;
    applied.push(w.clientId);
  }
  return { folded, applied, held };
}

/** The station's view of the device's game at `now` (device time): the server's view re-drawn. */
export function deviceView(view: MatchView, folded: Folded, now: number): MatchView {
  const { players, game } = publicGame(folded.state, folded.sheet, now);
  const over = folded.state.phase === "over";
  const winners = new Set(folded.state.end?.winners ?? []);
  return {
    ...view,
    version: folded.version,
    serverNow: Math.max(now, folded.state.lastAt),
    status: over ? "finished" : view.status,
    players: view.players.map((p, i) => ({ ...p, score: players[i]?.score ?? p.score, rackCount: players[i]?.rackCount ?? p.rackCount, remainingMs: players[i]?.remainingMs ?? null, winner: over && winners.has(i) })),
    game,
  };
}

/**
 * A new queued station write, checked on the device first: the engine's sentence when it refuses
 * it (nothing is queued), else the write with the version the device predicts for the server and
 * a label from the scoresheet line it makes ("Alice: 10J 1+2=3 · 12").
 */
export function stationWrite(folded: Folded, input: StationWriteInput, names: readonly string[], clientId: string): { ok: true; write: NewWrite } | { ok: false; message: string } {
  const r = foldWrite(folded, input);
  if (!r.ok) return r;
  const lines = r.folded.sheet.slice(folded.sheet.length);
  const own = lines.find((l) => l.type !== "time-penalty" && l.type !== "end") ?? lines[0];
  const who = input.op === "move" ? names[input.seat] : null;
  // a challenge or a clock tap is no turn of its own: it gets no move number (the play it judges has one)
  const turn = r.folded.state.moveNumber > folded.state.moveNumber ? `Move ${folded.state.moveNumber + 1}: ` : "";
  const what = own ? `${own.text}${own.points ? ` · ${own.points > 0 ? "+" : ""}${own.points}` : ""}` : input.op === "clock" ? `clocks ${input.action}d` : input.action.type;
  return {
    ok: true,
    write: {
      clientId,
      kind: STATION_KIND,
      target: stationScope(input.matchId),
      scope: stationScope(input.matchId),
      label: `${turn}${who && !what.includes(who) ? `${who}: ` : ""}${what}`,
      input,
      baseVersion: folded.version,
    },
  };
}

/** The server's game in one line, for a conflict's other side ("Alice 24 – Bob 7, game over"). */
export function gameLine(view: Pick<MatchView, "players" | "status" | "version" | "game">): string {
  const scores = view.players.map((p) => `${p.name} ${p.score}`).join(" – ");
  if (view.status === "finished") return `${scores}, game over${view.game?.end?.reason === "director" ? " (ended by the director)" : ""}`;
  return `${scores}, move ${(view.game?.moveNumber ?? 0) + 1} to play (${view.version} events)`;
}
