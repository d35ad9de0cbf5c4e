"use client";
/**
 * The live board: the viewer's view (`matches.get`), kept fresh by the `matches.live`
 * subscription (SSE). Entry works as on the best word-game sites (docs/matches.md, "Entering a
 * play"): click a square for a cursor with a direction arrow (click again to turn it), type tiles
 * onto the board, Backspace walks back, Enter submits, Esc recalls; click or drag any rack tile or
 * supply tile ("=") onto a square; a blank asks for its face. The engine previews validity and
 * score in the browser before anything is sent. Clocks tick locally, corrected by the server's
 * `serverNow`; when a flag should have fallen the page re-reads the view, which makes the server
 * record the timeout. Spectators see the same page without a rack.
 *
 * Layout: the players' strip (names, scores, both clocks) sits above the board, and the board is
 * sized to the viewport's height, so board, rack and clocks show without scrolling at 1280×800 and
 * on a 390×844 phone (where a zoom button gives 34 px squares inside a scrolling window).
 *
 * The pieces: the data (use-match-view.ts), the draft play (draft.ts, a reducer, and use-draft.ts),
 * the heading, the board column (board-area.tsx), the rack panel and the turn line.
 */
import { useParams } from "next/navigation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { BlankDialog, ShortcutsDialog } from "@/app/_components/board/dialogs";
import { Scoresheet } from "@/app/_components/board/Scoresheet";
import { Unseen } from "@/app/_components/board/Unseen";
import { useRuleset } from "@/app/_components/board/use-ruleset";
import { MatchRulings } from "@/app/judge/_components/match-rulings";
import { PresenceNotice } from "@/app/play/_components/presence";
import { WaitingRoom } from "@/app/play/_components/waiting-room";
import { outcomeFor } from "@/app/play/_components/challenge-notice";
import { lastStandingPlay } from "@/app/play/_components/feedback";
import { GameSummary } from "@/app/play/_components/game-summary";
import { MatchHeader } from "@/app/play/_components/match-header";
import { BoardArea, useZoom } from "@/app/play/_components/board-area";
import { RackPanel, type MoveAction } from "@/app/play/_components/rack-panel";
import { TurnPanel } from "@/app/play/_components/turn-panel";
import { useDraft, type PlayAction } from "@/app/play/_components/use-draft";
import { useMatchView, useShortcutsToggle } from "@/app/play/_components/use-match-view";

export default function MatchPage() {
  const { matchId } = useParams<{ matchId: string }>();
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const { view, v, live, serverNow, invalidate } = useMatchView(matchId);
  const ruleset = useRuleset(v?.ruleset, v?.rulesetOptions);
  const move = useMutation(trpc.matches.move.mutationOptions({ onSettled: invalidate }));
  const claim = useMutation(trpc.matches.claimTimeout.mutationOptions({ onSettled: invalidate }));
  const act = (action: PlayAction | MoveAction) => v && move.mutate({ matchId, expectedSeq: v.version, clientId: crypto.randomUUID(), action });
  const draft = useDraft(v, ruleset, act, move.isPending);
  const game = v?.game ?? null;
  // The ring marks the last play still on the board (not one an upheld challenge took off).
  const lastPlayed = lastStandingPlay(game?.sheet ?? [])?.placements ?? [];
  const zoom = useZoom(ruleset, lastPlayed);
  const [help, setHelp] = useShortcutsToggle();

  if (view.isPending || me.isPending) return <p>Loading…</p>;
  if (view.error || !v) return <FormError message={view.error?.message ?? "This game could not be loaded."} />;

  const isPlayer = v.viewerSeat !== null;
  const blankFaces = ruleset ? ruleset.tiles.filter((t) => t.face !== "?" && !t.unlimited).map((t) => t.face) : [];
  // The latest challenge, until the next move: its reason under the turn line, its squares outlined on the board.
  const outcome = ruleset && game ? outcomeFor(ruleset, game.sheet, draft.board) : null;

  return (
    <div className="space-y-2 sm:space-y-3">
      <MatchHeader v={v} />
      <PresenceNotice matchId={matchId} isPlayer={isPlayer} status={v.status} liveStatus={live.status} />
      {v.status === "open" || v.status === "cancelled" ? <WaitingRoom matchId={matchId} v={v} serverNow={serverNow} mySeat={v.viewerSeat} /> : null}
      {/* A game decided before it began (a no-show, or a director's result on a waiting board). */}
      {!game && v.status === "finished" ? <GameSummary v={v} /> : null}

      {game && ruleset ? (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-[auto_minmax(0,1fr)] lg:gap-4">
          <BoardArea v={v} game={game} ruleset={ruleset} serverNow={serverNow} draft={draft} lastPlayed={lastPlayed} outcome={outcome} zoom={zoom} />
          <div className="space-y-3">
            {game.rack ? (
              <RackPanel
                v={v}
                game={game}
                rack={game.rack}
                ruleset={ruleset}
                draft={draft}
                zoom={zoom.zoom}
                onZoom={zoom.toggleZoom}
                onHelp={() => setHelp(true)}
                act={act}
                busy={move.isPending}
                error={move.error?.message ?? claim.error?.message}
              />
            ) : null}
            <TurnPanel v={v} game={game} serverNow={serverNow} outcome={outcome} onClaim={() => claim.mutate({ matchId })} />
            {v.status === "finished" && game.end ? <GameSummary v={v} /> : null}
            <section className="rounded-lg border border-slate-200 bg-white p-3">
              <h2 className="mb-2 font-semibold">Scoresheet</h2>
              <Scoresheet rows={game.sheet} names={v.players.map((p) => p.name)} />
            </section>
            <section className="rounded-lg border border-slate-200 bg-white p-3">
              <h2 className="mb-2 font-semibold">Unseen tiles</h2>
              <Unseen unseen={game.unseen} bagCount={game.bagCount} />
            </section>
            <MatchRulings matchId={matchId} />
            {!isPlayer ? <p className="text-xs text-slate-600">You are watching: racks stay hidden.</p> : null}
          </div>
          <BlankDialog faces={blankFaces} open={draft.state.blankAt !== null} onClose={draft.closeBlank} onPick={draft.onBlankFace} />
          <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
        </div>
      ) : null}
    </div>
  );
}
