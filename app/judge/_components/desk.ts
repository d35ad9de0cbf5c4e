/**
 * The judge's desk as one reducer (no React): the game and its options, the two layers of tiles
 * (editor-model.ts), the palette (face, blank, remove), the rack, the setup's note or error, and
 * the game a ruling is recorded against (match id, move #, tournament, its players, who asked, the
 * note). Loading a match position or the position notation, clicking a square, placing a typed
 * line and choosing a bracket owner are actions; unit-tested in tests/unit/judge-desk.test.ts.
 */
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { parsePosition, RULESET_DATA, RULESET_NAMES, squares, type RulesetId } from "@/engine";
import { fromPlacements, keyOf, layLine, placeOnLayer, setBracketOwner, type Layer, type Tiles } from "./editor-model";

export type MatchPosition = inferRouterOutputs<AppRouter>["adjudication"]["matchPosition"];

export interface DeskState {
  ruleset: RulesetId;
  options: Record<string, unknown> | undefined;
  board: Tiles;
  play: Tiles;
  layer: Layer;
  face: string;
  blank: boolean;
  removing: boolean;
  rack: string;
  setupError: string | null;
  setupNote: string | null;
  matchId: string;
  /** the scoresheet's # of the disputed play (the number players read beside it); empty: the latest play */
  moveNumber: string;
  tournamentId: string;
  players: { id: string; name: string | null }[];
  requestedBy: string;
  note: string;
}

/** The fields a form control sets as they are. */
type Field = "layer" | "blank" | "rack" | "matchId" | "moveNumber" | "tournamentId" | "requestedBy" | "note";

export type DeskAction =
  | { [K in Field]: { type: "set"; field: K; value: DeskState[K] } }[Field]
  | { type: "ruleset"; id: RulesetId }
  | { type: "loadedMatch"; position: MatchPosition }
  | { type: "notation"; text: string }
  | { type: "square"; row: number; col: number }
  | { type: "placeTyped"; text: string; startSquare: string; direction: "across" | "down" }
  | { type: "owner"; key: string; value: string }
  | { type: "face"; face: string }
  | { type: "toggleRemove" }
  | { type: "clearPlay" }
  | { type: "clearBoard" }
  | { type: "error"; message: string | null };

/** The desk as /judge?match=…&move=…&tournament=… opens it. */
export function initialDesk(params: { get(name: string): string | null }): DeskState {
  return {
    ruleset: "equate",
    options: undefined,
    board: {},
    play: {},
    layer: "play",
    face: "1",
    blank: false,
    removing: false,
    rack: "",
    setupError: null,
    setupNote: null,
    matchId: params.get("match") ?? "",
    moveNumber: params.get("move") ?? "",
    tournamentId: params.get("tournament") ?? "",
    players: [],
    requestedBy: "",
    note: "",
  };
}

/** A match at move N: the board before it and its play as the disputed play; no N: the latest play. */
function loadedMatch(s: DeskState, p: MatchPosition): DeskState {
  return {
    ...s,
    ruleset: p.ruleset,
    options: Object.keys(p.options).length ? p.options : undefined,
    board: fromPlacements(p.board),
    play: fromPlacements(p.nextPlay ?? []),
    players: p.players,
    requestedBy: "",
    tournamentId: p.tournamentId ? p.tournamentId : s.tournamentId,
    setupError: null,
    moveNumber: p.line !== null ? String(p.line) : s.moveNumber,
    setupNote:
      `Loaded the board before move ${p.line} of the scoresheet` +
      (p.nextPlay ? `, with ${p.mover?.name ?? "the next player"}'s play (move ${p.line}) as the disputed play.` : `; move ${p.line} was not a play — enter the disputed play.`),
  };
}

function loadNotation(s: DeskState, text: string): DeskState {
  const r = parsePosition(text);
  if (!r.ok) return { ...s, setupError: `That notation does not read: ${r.error}.` };
  const onMove = r.value.racks[r.value.turn];
  return {
    ...s,
    ruleset: r.value.ruleset,
    options: r.value.options && Object.keys(r.value.options).length ? (r.value.options as Record<string, unknown>) : undefined,
    board: fromPlacements(r.value.board),
    play: {},
    rack: Array.isArray(onMove) ? onMove.join(" ") : "",
    setupError: null,
    setupNote: `Loaded a ${RULESET_NAMES[r.value.ruleset]} position with ${r.value.board.length} tiles.`,
  };
}

/** A click on the board: the palette's tile onto the active layer, or "remove" takes a tile off. */
function square(s: DeskState, row: number, col: number): DeskState {
  const k = keyOf(row, col);
  const { [k]: inPlay, ...playRest } = s.play;
  if (s.removing) {
    if (inPlay) return { ...s, play: playRest };
    const { [k]: onBoard, ...boardRest } = s.board;
    return onBoard ? { ...s, board: boardRest } : s;
  }
  const t = { tile: s.face, blank: s.blank };
  if (s.layer === "play") return { ...s, play: { ...s.play, [k]: t } };
  return { ...s, board: { ...s.board, [k]: t }, play: playRest };
}

/** A typed line from a start square, onto the selected layer like clicked tiles. */
function placeTyped(s: DeskState, text: string, startSquare: string, direction: "across" | "down"): DeskState {
  const size = RULESET_DATA[s.ruleset].layout.size;
  const sq = squares.parse(startSquare, size);
  if (!sq) return { ...s, setupError: `Start square: a column letter and a row number, like ${size > 15 ? "J10" : "H8"}.` };
  const faces = RULESET_DATA[s.ruleset].tiles.map((t) => t.face);
  const r = layLine(text, [sq.row, sq.col], direction, s.board, faces, size);
  if (!r.ok) return { ...s, setupError: r.error };
  return { ...s, ...placeOnLayer(s.layer, s.board, s.play, r.play), setupError: null };
}

export function deskReducer(s: DeskState, a: DeskAction): DeskState {
  switch (a.type) {
    case "set":
      return { ...s, [a.field]: a.value };
    case "ruleset":
      return { ...s, ruleset: a.id, options: undefined, board: {}, play: {}, face: RULESET_DATA[a.id].tiles[1]?.face ?? "1", setupNote: null };
    case "loadedMatch":
      return loadedMatch(s, a.position);
    case "notation":
      return loadNotation(s, a.text);
    case "square":
      return square(s, a.row, a.col);
    case "placeTyped":
      return placeTyped(s, a.text, a.startSquare, a.direction);
    case "owner":
      if (a.value === "split") return s; // the per-bracket owners as loaded
      return { ...s, board: setBracketOwner(s.board, a.key, a.value === "across" || a.value === "down" ? a.value : undefined) };
    case "face":
      return { ...s, face: a.face, removing: false };
    case "toggleRemove":
      return { ...s, removing: !s.removing };
    case "clearPlay":
      return { ...s, play: {} };
    case "clearBoard":
      return { ...s, board: {}, play: {} };
    case "error":
      return { ...s, setupError: a.message };
  }
}
