"use client";
/** The live board's turn line: whose move it is (or that the clock is paused, or the game over),
 * an open challenge window, "Claim win on time" once the opponent's flag has fallen, the latest
 * challenge's outcome, the sound toggle of a timed game, and in a correspondence game the time left
 * to move ("2 days 3 h left to move": the turn's allowance plus the bank, i.e. until the flag). */
import { clock as C } from "@/engine";
import { SoundToggle } from "./clock-alerts";
import { ChallengeNotice, type outcomeFor } from "./challenge-notice";
import { secondary } from "./buttons";
import type { MatchView } from "./match-view";

type Game = NonNullable<MatchView["game"]>;

export function TurnPanel({ v, game, serverNow, outcome, onClaim }: { v: MatchView; game: Game; serverNow: number; outcome: ReturnType<typeof outcomeFor>; onClaim: () => void }) {
  const mySeat = v.viewerSeat;
  const isPlayer = mySeat !== null;
  const names = v.players.map((p) => p.name);
  const flagAt = game.clock?.flagAt;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-3" aria-label="Turn">
      {v.status === "active" ? (
        <p className="text-sm" data-testid="turn">
          {game.paused ? "The clock is paused." : game.turn === mySeat ? (game.pending?.goesOut ? "The last play went out: challenge it or accept it." : "Your turn.") : `${names[game.turn]} is to move.`}
          {game.pending ? ` The last play (${game.pending.score} points) can be challenged until the next turn.` : ""}
        </p>
      ) : (
        <p className="text-sm">{v.status === "finished" ? "The game is over." : "The game has not started."}</p>
      )}
      {isPlayer && v.status === "active" && flagAt !== null && flagAt !== undefined && serverNow > flagAt && game.turn !== mySeat ? (
        <button className={`${secondary} mt-2`} onClick={onClaim}>
          Claim win on time
        </button>
      ) : null}
      {v.status === "active" && C.isCorrespondence(v.timeControl) && game.clock && game.clock.running !== null && flagAt !== null && flagAt !== undefined && !game.paused ? (
        <p className="mt-1 text-sm font-medium" data-testid="time-to-move">
          {game.turn === mySeat ? "You have" : `${names[game.turn]} has`} {C.describeTimeLeft(flagAt - serverNow)} left to move (correspondence: {C.describeTimeLeft(v.timeControl?.moveAllowanceMs ?? 0)} per move, then the bank).
        </p>
      ) : null}
      <ChallengeNotice outcome={outcome} names={names} />
      {isPlayer && v.timeControl && v.status === "active" ? <SoundToggle /> : null}
    </section>
  );
}
