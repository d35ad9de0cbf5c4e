/**
 * Number Scrabble (seed 004; docs/spec/rulesets.md "Number Scrabble"): standard Scrabble board, start H8
 * (double-equation star), rack 9, `=` tiles in the bag. Strictly left-to-right evaluation by
 * default, `-` as sign or operator, `²` after and `√` before one number literal, several `=` per
 * equation but one new `=` per turn. Cross runs are checked only when they are complete
 * equations. Only new tiles score, plus the value bonus ⌈√|v|⌉ before word multipliers; +50.
 * Challenge rule: the seed says "similar to normal Scrabble"; we take "double" (our decision).
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
  "T..d...D...d..T",
  "..d...d.d...d..",
  ".t...t...t...t.",
  "....D.....D....",
  "d..D...d...D..d",
  "..D...d.d...D..",
  ".D...t...t...D.",
  "T..d...T...d..T",
] as const;

export const TILES: readonly TileSpec[] = [
  { face: "1", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "2", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "3", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "4", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "5", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "6", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "7", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "8", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "9", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "0", count: 5, points: 1, inBag: true, unlimited: false },
  { face: "+", count: 7, points: 1, inBag: true, unlimited: false },
  { face: "-", count: 7, points: 1, inBag: true, unlimited: false },
  { face: "×", count: 5, points: 2, inBag: true, unlimited: false },
  { face: "÷", count: 5, points: 2, inBag: true, unlimited: false },
  { face: "²", count: 3, points: 3, inBag: true, unlimited: false },
  { face: "√", count: 3, points: 3, inBag: true, unlimited: false },
  { face: "=", count: 20, points: 1, inBag: true, unlimited: false },
  { face: "?", count: 2, points: 0, inBag: true, unlimited: false },
];

export const NUMBER_SCRABBLE: RulesetData = {
  id: "number-scrabble",
  name: "Number Scrabble",
  layout: parseLayout(BOARD_ROWS, [7, 7]),
  rackSize: 9,
  rackExtraFaces: [],
  tiles: TILES,
  boardIsStandIn: false,
  minPlayers: 2,
  maxPlayers: 4,
  grammar: {
    numbers: "multi-digit",
    fractions: false,
    brackets: false,
    unaryMinus: true,
    powers: true,
    maxEqualsPerLine: Infinity,
    forbidNegative: false,
  },
  maxNewEquals: 1,
  startRule: "cover",
  scoring: "new-tiles",
  requireEquation: "main",
  crossRuns: "fragments",
  defaultOptions: {
    challenge: "double",
    exchangeMinimum: "rack-size",
    endSettlement: "transfer",
    allTilesBonus: 50,
    mixedFractionBelowOne: false,
    evaluation: "left-to-right",
    valueBonus: "sqrt",
  },
  optionKeys: ["challenge", "exchangeMinimum", "endSettlement", "allTilesBonus", "evaluation", "valueBonus"],
};
