/**
 * Equate (seeds 000–002; docs/spec/rulesets.md "Equate"): 19×19 board, start J10 (a 2E square), rack 9.
 * Multi-digit numbers, fraction tiles and mixed numerals, binary operators only, standard
 * precedence, no negative value even part-way, one `=` per equation. `=` is unlimited and never
 * a rack tile. Expression-only plays are allowed and score 0. Every tile of an equation scores.
 * Board and tiles: docs/spec/rulesets.md says where they come from (the 6/6 tile's 2 points are
 * our assumption).
 */
import { parseLayout } from "../board";
import type { RulesetData } from "../ruleset";
import type { TileSpec } from "../tiles";

export const BOARD_ROWS = [
  ".T...t...d...t...T.",
  "T...t...d.d...t...T",
  "...D...d...d...D...",
  "..D...t.....t...D..",
  ".t...d...t...d...t.",
  "t...d...t.t...d...t",
  "...t...d...d...t...",
  "..d...d.....d...d..",
  ".d...t..d.d..t...d.",
  "d...t....D....t...d",
  ".d...t..d.d..t...d.",
  "..d...d.....d...d..",
  "...t...d...d...t...",
  "t...d...t.t...d...t",
  ".t...d...t...d...t.",
  "..D...t.....t...D..",
  "...D...d...d...D...",
  "T...t...d.d...t...T",
  ".T...t...d...t...T.",
] as const;

export const TILES: readonly TileSpec[] = [
  { face: "0", count: 3, points: 1, inBag: true, unlimited: false },
  { face: "1", count: 3, points: 1, inBag: true, unlimited: false },
  { face: "2", count: 9, points: 1, inBag: true, unlimited: false },
  { face: "3", count: 9, points: 1, inBag: true, unlimited: false },
  { face: "4", count: 9, points: 1, inBag: true, unlimited: false },
  { face: "5", count: 9, points: 1, inBag: true, unlimited: false },
  { face: "6", count: 9, points: 2, inBag: true, unlimited: false },
  { face: "7", count: 9, points: 2, inBag: true, unlimited: false },
  { face: "8", count: 9, points: 2, inBag: true, unlimited: false },
  { face: "9", count: 9, points: 2, inBag: true, unlimited: false },
  { face: "1/2", count: 4, points: 4, inBag: true, unlimited: false },
  { face: "2/2", count: 1, points: 2, inBag: true, unlimited: false },
  { face: "5/2", count: 1, points: 5, inBag: true, unlimited: false },
  { face: "1/3", count: 2, points: 8, inBag: true, unlimited: false },
  { face: "2/3", count: 2, points: 8, inBag: true, unlimited: false },
  { face: "3/3", count: 1, points: 2, inBag: true, unlimited: false },
  { face: "1/4", count: 2, points: 6, inBag: true, unlimited: false },
  { face: "2/4", count: 2, points: 5, inBag: true, unlimited: false },
  { face: "3/4", count: 2, points: 6, inBag: true, unlimited: false },
  { face: "4/4", count: 1, points: 2, inBag: true, unlimited: false },
  { face: "7/4", count: 1, points: 7, inBag: true, unlimited: false },
  { face: "1/6", count: 1, points: 10, inBag: true, unlimited: false },
  { face: "2/6", count: 1, points: 9, inBag: true, unlimited: false },
  { face: "3/6", count: 1, points: 5, inBag: true, unlimited: false },
  { face: "4/6", count: 1, points: 9, inBag: true, unlimited: false },
  { face: "5/6", count: 1, points: 12, inBag: true, unlimited: false },
  { face: "6/6", count: 1, points: 2, inBag: true, unlimited: false },
  { face: "+", count: 11, points: 1, inBag: true, unlimited: false },
  { face: "-", count: 11, points: 2, inBag: true, unlimited: false },
  { face: "×", count: 11, points: 3, inBag: true, unlimited: false },
  { face: "÷", count: 11, points: 5, inBag: true, unlimited: false },
  { face: "=", count: 40, points: 0, inBag: false, unlimited: true },
  { face: "?", count: 3, points: 0, inBag: true, unlimited: false },
];

export const EQUATE: RulesetData = {
  id: "equate",
  name: "Equate",
  layout: parseLayout(BOARD_ROWS, [9, 9]),
  rackSize: 9,
  rackExtraFaces: ["="],
  tiles: TILES,
  boardIsStandIn: false,
  minPlayers: 2,
  maxPlayers: 4,
  grammar: {
    numbers: "multi-digit",
    fractions: true,
    brackets: false,
    unaryMinus: false,
    powers: false,
    maxEqualsPerLine: 1,
    forbidNegative: true,
  },
  maxNewEquals: 1,
  startRule: "cover",
  scoring: "all-tiles",
  requireEquation: "none",
  crossRuns: "strict",
  defaultOptions: {
    challenge: "retry",
    exchangeMinimum: "tiles-exchanged",
    endSettlement: "transfer",
    allTilesBonus: 40,
    mixedFractionBelowOne: true,
    evaluation: "standard",
    valueBonus: "none",
  },
  optionKeys: ["challenge", "exchangeMinimum", "endSettlement", "allTilesBonus", "mixedFractionBelowOne"],
};
