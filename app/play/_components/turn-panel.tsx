"use client";
/** The live board's turn line: whose move it is (or that the clock is paused, or the game over),
 * an open challenge window, "Claim win on time" once the opponent's flag has fallen, the latest
 * challenge's outcome and the sound toggle of a timed game. */
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
      <ChallengeNotice outcome={outcome} names={names} />
      {isPlayer && v.timeControl && v.status === "active" ? <SoundToggle /> : null}
    </section>
  );
}
