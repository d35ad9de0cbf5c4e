/**
 * 'SMATH (seed 003; docs/spec/rulesets.md "'SMATH"): 15×15 stand-in board (standard Scrabble geometry,
 * plain centre start), rack 10. Each number 0–12 is one tile; bracket overlays ride on number
 * faces and make implied multiplication across a bracket boundary. Standard precedence, several
 * `=` per equation, negative partial values allowed. `=` and brackets are unlimited. The play
 * must form an equation; every tile of an equation scores; +25 for all 10 rack tiles.
 * The first equation has its first or last tile on the start square.
 */
import { parseLayout } from "../board";
import type { RulesetData } from "../ruleset";
import type { TileSpec } from "../tiles";

export const BOARD_ROWS = [
  "T..d...T...d..T",
  ".D...t...t...D.",
  "..D...d.d...D..",
  "d..D...d...D..d",
  "....D.....D....",
  ".t...t...t...t.",
  "..d...d.d...d..",
  "T..d.......d..T",
  "..d...d.d...d..",
  ".t...t...t...t.",
  "....D.....D....",
  "d..D...d...D..d",
  "..D...d.d...D..",
  ".D...t...t...D.",
  "T..d...T...d..T",
] as const;

export const TILES: readonly TileSpec[] = [
  { face: "0", count: 6, points: 1, inBag: true, unlimited: false },
  { face: "1", count: 6, points: 1, inBag: true, unlimited: false },
  { face: "2", count: 6, points: 1, inBag: true, unlimited: false },
  { face: "3", count: 6, points: 2, inBag: true, unlimited: false },
  { face: "4", count: 6, points: 1, inBag: true, unlimited: false },
  { face: "5", count: 6, points: 1, inBag: true, unlimited: false },
  { face: "6", count: 6, points: 2, inBag: true, unlimited: false },
  { face: "7", count: 6, points: 5, inBag: true, unlimited: false },
  { face: "8", count: 6, points: 2, inBag: true, unlimited: false },
  { face: "9", count: 6, points: 4, inBag: true, unlimited: false },
  { face: "10", count: 6, points: 1, inBag: true, unlimited: false },
  { face: "11", count: 6, points: 1, inBag: true, unlimited: false },
  { face: "12", count: 6, points: 4, inBag: true, unlimited: false },
  { face: "+", count: 9, points: 1, inBag: true, unlimited: false },
  { face: "-", count: 9, points: 1, inBag: true, unlimited: false },
  { face: "×", count: 9, points: 2, inBag: true, unlimited: false },
  { face: "÷", count: 9, points: 2, inBag: true, unlimited: false },
  { face: "?", count: 10, points: 0, inBag: true, unlimited: false },
  { face: "=", count: 36, points: 0, inBag: false, unlimited: true },
  { face: "()", count: 12, points: 0, inBag: false, unlimited: true },
];

export const SMATH: RulesetData = {
  id: "smath",
  name: "'SMATH",
  layout: parseLayout(BOARD_ROWS, [7, 7]),
  rackSize: 10,
  rackExtraFaces: [],
  tiles: TILES,
  boardIsStandIn: true,
  minPlayers: 2,
  maxPlayers: 4,
  grammar: {
    numbers: "single-tile",
    fractions: false,
    brackets: true,
    unaryMinus: false,
    powers: false,
    maxEqualsPerLine: Infinity,
    forbidNegative: false,
  },
  // the rules are silent: "=" is unlimited, so no cap per turn (decision 2 in docs/spec/rulesets.md)
  maxNewEquals: Infinity,
  startRule: "end",
  scoring: "all-tiles",
  requireEquation: "any",
  crossRuns: "strict",
  defaultOptions: {
    challenge: "single",
    exchangeMinimum: "tiles-exchanged",
    endSettlement: "deduct",
    allTilesBonus: 25,
    mixedFractionBelowOne: false,
    evaluation: "standard",
    valueBonus: "none",
  },
  optionKeys: ["challenge", "exchangeMinimum", "endSettlement", "allTilesBonus"],
};
