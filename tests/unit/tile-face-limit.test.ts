/**
 * A 'SMATH tile carries its bracket overlays in its face, and the rules do not limit brackets: every
 * edge that takes a placement (a move, a scorekeeper's play, an imported record) admits faces up to
 * MAX_TILE_FACE and refuses longer ones. Before, the edges stopped at 8 characters, so a record of a
 * game the bot had played through the move service could not be imported again.
 */
import { expect, it } from "vitest";
import { recordEventSchema } from "@/server/services/matches/import-schemas";
import { moveAction } from "@/server/services/matches/schemas";
import { MAX_TILE_FACE } from "@/server/limits";

const bracketed = "((((12))))"; // 10 characters
const tooLong = "(".repeat(MAX_TILE_FACE - 1) + "12";

it("a move and an imported play take a bracketed face longer than 8 characters, not one past the limit", () => {
  const move = (tile: string) => moveAction.safeParse({ type: "play", placements: [{ row: 9, col: 9, tile }] }).success;
  expect(move(bracketed)).toBe(true);
  expect(move(tooLong)).toBe(false);
  const play = (tile: string) => recordEventSchema.safeParse({ type: "play", at: 0, player: "p1", placements: [{ row: 9, col: 9, tile }] }).success;
  expect(play(bracketed)).toBe(true);
  expect(play(tooLong)).toBe(false);
  const exchange = (tile: string) => moveAction.safeParse({ type: "exchange", tiles: [tile] }).success;
  expect(exchange(bracketed)).toBe(true);
  expect(exchange(tooLong)).toBe(false);
});
