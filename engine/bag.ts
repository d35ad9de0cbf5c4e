/**
 * The bag (draw pile) of a game: the ruleset's tile table expanded to tiles, shuffled from the
 * game's seed. Faces with `inBag: false` or `unlimited: true` (Equate's and 'SMATH's `=`,
 * 'SMATH's brackets) are never in the bag or on a rack. Blanks are the face "?".
 * Rules: seed 000/001 ("trade in … draw the new tiles, put the returned tiles in the draw pile and
 * reshuffle"); docs/spec/rulesets.md "Shared by all three" (exchange minimum option).
 * Values are immutable: every function returns a new Bag. The order is internal: views expose
 * only `bag.tiles.length` (engine/view.ts). Shuffle n uses the seed `${seed}:bag:${n}`, so a
 * replay of the same events gives the same bag.
 */
import { shuffled } from "./random";
import type { Ruleset } from "./ruleset";
import type { Face } from "./tiles";

export interface Bag {
  readonly seed: string;
  /** how many shuffles so far (the next one uses this number) */
  readonly shuffles: number;
  /** draw order: index 0 is drawn first */
  readonly tiles: readonly Face[];
}

/** The full set of bag tiles of a ruleset, in tile-table order (unshuffled). */
export function bagTiles(rs: Pick<Ruleset, "tiles">): Face[] {
  const out: Face[] = [];
  for (const t of rs.tiles) {
    if (t.inBag === false || t.unlimited) continue;
    for (let i = 0; i < t.count; i++) out.push(t.face);
  }
  return out;
}

/** True when a face travels through the bag and racks (not an unlimited side supply). */
export function isBagFace(rs: Pick<Ruleset, "tileByFace">, face: Face): boolean {
  const t = rs.tileByFace.get(face);
  return t !== undefined && t.inBag !== false && !t.unlimited;
}

function reshuffle(seed: string, shuffles: number, tiles: readonly Face[]): Bag {
  return { seed, shuffles: shuffles + 1, tiles: shuffled(tiles, `${seed}:bag:${shuffles}`) };
}

/** A freshly shuffled full bag. */
export function newBag(rs: Pick<Ruleset, "tiles">, seed: string): Bag {
  return reshuffle(seed, 0, bagTiles(rs));
}

/** Draw up to n tiles (fewer when the bag runs out). */
export function draw(bag: Bag, n: number): { bag: Bag; drawn: Face[] } {
  const k = Math.max(0, Math.min(n, bag.tiles.length));
  return { bag: { ...bag, tiles: bag.tiles.slice(k) }, drawn: bag.tiles.slice(0, k) };
}

/** Put tiles back and reshuffle (an exchange, or a play withdrawn after a challenge). */
export function returnTiles(bag: Bag, tiles: readonly Face[]): Bag {
  if (tiles.length === 0) return bag;
  return reshuffle(bag.seed, bag.shuffles, [...bag.tiles, ...tiles]);
}

/** Exchange as the seed says: draw the new tiles first, then return the old ones and reshuffle.
 * The caller checks the bag holds enough (ruleset option `exchangeMinimum`). */
export function exchange(bag: Bag, tiles: readonly Face[]): { bag: Bag; drawn: Face[] } {
  const d = draw(bag, tiles.length);
  return { bag: returnTiles(d.bag, tiles), drawn: d.drawn };
}

/** Remove tiles from a multiset (rack); null when some tile is missing. */
export function removeTiles(from: readonly Face[], tiles: readonly Face[]): Face[] | null {
  const out = from.slice();
  for (const t of tiles) {
    const i = out.indexOf(t);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
}
