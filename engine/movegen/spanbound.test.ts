/**
 * The groups' bounds read once per span (bounds.ts `spanOf`, `bound`) equal the bound computed
 * group by group from the board (the former code, kept here as the oracle), on every group of
 * the golden positions of all three rulesets ('SMATH's lazy groups expanded too); Equate's span
 * bound (one lazy group per span) is at least each of the span's groups' bounds. The bound's
 * soundness itself is held by the brute-force tests (tests/unit/movegen-exact-*.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lineFactor, premiumAt, tileFactor } from "../board";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import { bound, configs, lanesGroups, spanOf, type Group, type Span } from "./bounds";
import { isDigit, SideBoard } from "./sides";

const positions = readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => {
    const p = parsePosition(l.split("\t")[1]);
    if (!p.ok) throw new Error(p.error);
    return { name: l.split("\t")[0], pos: p.value };
  });

/** The bound of one group read square by square from the board (the oracle). */
function boundByGroup(b: SideBoard, g: Group): number {
  const { rs } = b;
  let mult = 1;
  let oldPts = 0;
  let eqPts = 0;
  let cross = 0;
  const tfs: number[] = [];
  for (let i = g.s; i <= g.e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    const o = b.at(r, c);
    if (o) {
      if (rs.scoring === "all-tiles" && !o.blank) oldPts += b.points(o.core);
      continue;
    }
    const p = premiumAt(rs.layout, r, c);
    mult *= lineFactor(p);
    if (g.newEqs.includes(i)) {
      eqPts += b.points("=") * tileFactor(p);
      cross += b.cross(r, c, g.dir, "=").real;
    } else {
      tfs.push(tileFactor(p));
      cross += b.maxCross(r, c, g.dir);
    }
  }
  if (g.eqs.length === 0) return cross;
  tfs.sort((x, y) => y - x);
  let newPts = 0;
  for (let k = 0; k < tfs.length && k < b.rackPts.length; k++) newPts += tfs[k] * b.rackPts[k];
  let bonus = 0;
  if (rs.scoring === "new-tiles" && rs.options.valueBonus !== "none") {
    let minDigits = Infinity;
    for (let k = 0; k <= g.eqs.length; k++) {
      const a = k === 0 ? g.s : g.eqs[k - 1] + 1;
      const z = k === g.eqs.length ? g.e : g.eqs[k] - 1;
      let d = 0;
      let newSq = 0;
      for (let i = a; i <= z; i++) {
        const o = b.at(...b.cellOf(g.dir, g.lane, i));
        if (o) d += isDigit(o.core) ? 1 : 0;
        else newSq++;
      }
      minDigits = Math.min(minDigits, d + Math.min(newSq, b.rackDigits));
    }
    bonus = rs.options.valueBonus === "sqrt" ? Math.pow(10, minDigits) : Math.ceil(2 * minDigits * Math.log2(10));
  }
  const rackPlaced = tfs.length + (rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0);
  const allBonus = b.rackTiles === rs.rackSize && rackPlaced === rs.rackSize ? rs.options.allTilesBonus : 0;
  return (oldPts + newPts + eqPts + bonus) * mult + cross + allBonus;
}

const boardOf = (pos: (typeof positions)[number]["pos"]) => {
  const rs = getRuleset(pos.ruleset, pos.options);
  const rack = pos.racks[pos.turn];
  return { rs, board: pos.board, rack: typeof rack === "number" ? [] : rack, firstPlay: pos.board.length === 0 };
};

/** Equate boards where a `=` completes a cross equation (2+3 above, 5 below: 2+3=5) that outscores
 * every rack tile there — the squares where the span's bound must take the `=`'s cross points. */
const eqCrossBoards = [
  { name: "2+3 _ 5 down", board: ["2", "+", "3", "", "5"].flatMap((tile, i) => (tile ? [{ row: 6 + i, col: 9, tile }] : [])) },
  { name: "7 _ 3+4 across", board: ["7", "", "3", "+", "4"].flatMap((tile, i) => (tile ? [{ row: 9, col: 4 + i, tile }] : [])) },
].map(({ name, board }) => ({ name, rs: getRuleset("equate"), board, rack: ["1", "2", "4", "6", "+", "-", "8", "9", "1/2"], firstPlay: false }));

describe("bounds read once per span", () => {
  it("equal the bound read group by group, on every group of the golden positions", () => {
    let checked = 0;
    let withNewEq = 0;
    let tight = 0;
    let eqOver = 0;
    for (const { name, rs, board, rack, firstPlay } of [...positions.map((p) => ({ name: p.name, ...boardOf(p.pos) })), ...eqCrossBoards]) {
      const b = new SideBoard(rs, board, rack, { firstPlay });
      const groups: Group[] = [];
      for (const dir of ["across", "down"] as const) for (let lane = 0; lane < b.size; lane++) lanesGroups(b, dir, lane, groups);
      for (const g of groups) {
        if (g.lazy && rs.id === "equate") {
          // Equate: the span's groups (one new `=` at most), each bounded at most the span's bound
          const sp = spanOf(b, g.dir, g.lane, g.s, g.e);
          expect(spanBound(b, sp, 1)).toBe(g.bound);
          configs(b, g.dir, g.lane, g.s, g.e, 1, true, (c, csp) => {
            const cb = bound(b, csp, c);
            expect(`${name} ${c.dir} ${c.lane} ${c.eqs}: ${cb}`).toBe(`${name} ${c.dir} ${c.lane} ${c.eqs}: ${boundByGroup(b, c)}`);
            if (cb > g.bound) expect(`${name} ${c.dir} ${c.lane} ${c.eqs}: ${cb} > span ${g.bound}`).toBe("at most the span's bound");
            if (cb === g.bound) tight++;
            for (const q of c.newEqs) {
              const [r, col] = b.cellOf(c.dir, c.lane, q);
              if (b.cross(r, col, c.dir, "=").real > b.maxCross(r, col, c.dir)) eqOver++;
            }
            if (c.newEqs.length) withNewEq++;
            checked++;
          });
          continue;
        }
        if (g.lazy) {
          // 'SMATH: the lazy group's `=` placements, as exact.ts expands them (the first 200)
          let n = 0;
          configs(b, g.dir, g.lane, g.s, g.e, Infinity, true, (c, sp) => {
            if (n++ >= 200) return;
            expect(`${name} ${c.dir} ${c.lane} ${c.eqs}: ${bound(b, sp, c)}`).toBe(`${name} ${c.dir} ${c.lane} ${c.eqs}: ${boundByGroup(b, c)}`);
            withNewEq++;
            checked++;
          }, 1);
          continue;
        }
        expect(`${name} ${g.dir} ${g.lane} ${g.s}-${g.e} ${g.eqs}: ${g.bound}`).toBe(`${name} ${g.dir} ${g.lane} ${g.s}-${g.e} ${g.eqs}: ${boundByGroup(b, g)}`);
        if (g.newEqs.length) withNewEq++;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(withNewEq).toBeGreaterThan(5_000);
    expect(tight).toBeGreaterThan(1_000);
    expect(eqOver).toBeGreaterThan(0); // the `=` cross squares were reached
  });
});

/** The oracle of bounds.ts `laneSpanBound` (the engine's code until the ninth round): bound of
 * every group of a span with at most `maxNewEq` new `=` (Equate's lazy groups; at least each
 * group's `bound`): every empty square takes the best of its rack tiles' cross points and
 * its `=` cross points, the tile factors take the rack's and the `=` tiles' points high to high
 * (rearrangement inequality: any group places a subset of them on a subset of the squares), and
 * the all-tiles bonus counts when some number of new `=` would place the whole rack. */
function spanBound(b: SideBoard, sp: Span, maxNewEq: number): number {
  const { rs } = b;
  const { empties, tf, s, e } = sp;
  let cross = 0;
  for (let j = 0; j < empties.length; j++) {
    const [r, c] = b.cellOf(sp.dir, sp.lane, empties[j]);
    if (Number.isNaN(sp.maxCross[j])) sp.maxCross[j] = b.maxCross(r, c, sp.dir);
    let best = sp.maxCross[j];
    if (maxNewEq > 0 && empties[j] !== s && empties[j] !== e) {
      const eq = b.cross(r, c, sp.dir, "=");
      if (eq.ok) best = Math.max(best, eq.real);
    }
    cross += best;
  }
  const eqPts = b.points("=");
  const pts = [...b.rackPts];
  for (let k = 0; k < Math.min(maxNewEq, empties.length); k++) pts.push(eqPts);
  pts.sort((x, y) => y - x);
  let newPts = 0;
  for (let x = 0; x < sp.byTf.length && x < pts.length; x++) newPts += tf[sp.byTf[x]] * pts[x];
  const eqInBag = rs.tileByFace.get("=")?.inBag === true;
  let allBonus = 0;
  for (let k = 0; k <= Math.min(maxNewEq, empties.length); k++) {
    if (b.rackTiles === rs.rackSize && empties.length - k + (eqInBag ? k : 0) === rs.rackSize) allBonus = rs.options.allTilesBonus;
  }
  return (sp.oldPts + newPts) * sp.mult + cross + allBonus;
}
