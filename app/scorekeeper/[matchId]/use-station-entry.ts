"use client";
/**
 * The station's entry of a play: a start square ("10H" across, "H10" down, as in the game
 * record; a click on the board sets it, a second click on it turns it), a direction and the tiles
 * typed from it (any unseen tile, since the station has no rack), previewed by the engine. The
 * server does the real judging.
 */
import { useMemo, useState } from "react";
import { adjudicatePlay, squares, type Ruleset } from "@/engine";
import { placementOf } from "@/app/_components/board/entry";
import { typeTiles } from "@/app/_components/board/keyboard";
import { poolOf } from "../_components/station";

type Tile = { row: number; col: number; tile: string; blank?: boolean };

export function useStationEntry(ruleset: Ruleset | null, unseen: readonly { face: string; count: number }[] | null, board: readonly Tile[]) {
  const [square, setSquare] = useState("");
  const [direction, setDirection] = useState<"across" | "down">("across");
  const [typed, setTyped] = useState("");
  const [exchangeCount, setExchangeCount] = useState(1);

  const start = useMemo(() => (ruleset ? squares.parse(square, ruleset.layout.size) : null), [ruleset, square]);
  const entry = useMemo(() => {
    if (!ruleset || !unseen || !start || typed.trim() === "") return { tiles: [], error: null as string | null };
    const supply = ruleset.tiles.filter((t) => t.unlimited).map((t) => t.face);
    return typeTiles(typed, {
      rack: poolOf(unseen),
      supply,
      start,
      direction,
      occupied: (r, c) => board.some((t) => t.row === r && t.col === c),
      size: ruleset.layout.size,
    });
  }, [ruleset, unseen, start, direction, typed, board]);
  const draft = useMemo(() => entry.tiles.map(placementOf), [entry]);
  const preview = useMemo(() => {
    if (!ruleset || draft.length === 0) return null;
    return adjudicatePlay(ruleset, board.map(placementOf), draft, { firstPlay: board.length === 0 });
  }, [ruleset, board, draft]);

  return {
    square,
    direction,
    typed,
    start,
    error: entry.error,
    draft,
    preview,
    setTyped,
    exchangeCount,
    setExchangeCount,
    /** the start square typed: a square named as in the record also sets the direction */
    typeSquare(text: string) {
      setSquare(text);
      const s = ruleset ? squares.parse(text, ruleset.layout.size) : null;
      if (s) setDirection(s.direction);
    },
    turn(d: "across" | "down") {
      setDirection(d);
      if (start) setSquare(squares.start(start.row, start.col, d));
    },
    onSquare(row: number, col: number) {
      const here = squares.parse(square, ruleset!.layout.size);
      if (here && here.row === row && here.col === col) {
        const d = direction === "across" ? "down" : "across";
        setDirection(d);
        setSquare(squares.start(row, col, d));
      } else setSquare(squares.start(row, col, direction));
    },
    /** a new version of the game: the entry starts again (the direction stays) */
    reset() {
      setTyped("");
      setSquare("");
    },
  };
}

export type StationEntry = ReturnType<typeof useStationEntry>;
