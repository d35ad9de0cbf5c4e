/**
 * Joining a group's sides (docs/bot.md, "Exact generator"): the `=` squares of a group split its
 * span into sides that must all have the same value, so a group's plays are the joins of its
 * sides' tables (sides.ts) on equal value whose tiles fit the rack together — meet in the middle
 * on `=`. In a two-sided group valued incrementally the larger side is not tabled: its fillings
 * are enumerated once more (fill.ts) and each looks up the other side's table by value at once
 * ("probe"), so the millions of fillings that meet no partner are never stored; a score cut
 * stops a probed filling that cannot reach the list. Every play found goes to the `TopList`
 * (recorder.ts) with its exact score.
 */
import { type Direction } from "../board";
import type { Placement } from "../play";
import type { Radical } from "../radical";
import { valueBonus } from "../score";
import { normaliseFace, splitBrackets } from "../tiles";
import type { Group } from "./bounds";
import { intFilter } from "./brackets";
import { applyVectorFacts } from "./leadkey";
import { fillSide, groupCanFill, type OtherSide, type ProbeCut } from "./fill";
import { DeadProbe, otherSide } from "./otherside";
import { smathWitness, witnessAtLeast, witnessSkips } from "./smathside";
import { BonusCut } from "./nseval";
import { parityTargets } from "./parity";
import { partnerUses, retirePartners, tileGroups } from "./partners";
import type { TopList } from "./recorder";
import { eqTieFirst, smathTieCutOf, smathTieRenew, tieFirstSide } from "./smtie";
import { tieJoinOf } from "./smtiejoin";
import { sidesMayMeet, valueHulls } from "./valuehull";
import { eqHulls, eqSidesMayMeet } from "./eqhull";
import { keyOf, tieKeyCut } from "./tiekey";
import { equalsSquares, groupTable, ValueMax, valueMaxCut, type BuiltTable } from "./valuetable";
import { probedMayMeet } from "./wholerack";
import type { Entry, SideBoard, SideShape, SideTable, SquareScores, ValueBucket } from "./sides";

/** Switch and count of the group check (`groupCanFill`) for tests: the same plays with it off. */
export const groupCheck = { on: true, closed: 0 };
/** Switch and count of the join's dead-subtree skip (`GroupJoin.join`) for tests: same plays off. */
export const deadJoins = { on: true, skipped: 0 };

const EMPTY_TABLE: SideTable = { byValue: new Map(), byInt: new Map() };

/** One side of a group: lane squares a..b and its table (empty for the probed side). */
type Side = { a: number; b: number; t: SideTable };

/** Search one group: every play of it that can make the list goes to `top`. */
export function searchGroup(b: SideBoard, top: TopList, g: Group): void {
  const bounds: Array<[number, number]> = [];
  for (let k = 0; k <= g.eqs.length; k++) {
    const a = k === 0 ? g.s : g.eqs[k - 1] + 1;
    const z = k === g.eqs.length ? g.e : g.eqs[k] - 1;
    bounds.push([a, z]);
  }
  // Two sides valued incrementally ('SMATH: any number): the side with the most empty squares (the
  // largest enumeration) is probed unless a table of it exists already (module comment).
  // 'SMATH and Equate: a side no filling can close ends the group before its partners' tables are
  // built (Equate's probed side found it only after the other side's table: equate:19 62,095 →
  // 30,622 steps). Sound for any grammar: the check is fillSide's own first tests, per side.
  if ((b.smath || b.sideEval) && groupCheck.on && !groupCanFill(b, g.dir, g.lane, bounds)) {
    groupCheck.closed++;
    return;
  }
  // 'SMATH: sides whose value hulls share no point (valuehull.ts) hold no play
  if (b.smath && valueHulls.on && !sidesMayMeet(b, g.dir, g.lane, bounds)) {
    valueHulls.dropped++;
    return;
  }
  // Equate: the same for its grammar (eqhull.ts)
  if (b.sideEval && eqHulls.on && bounds.length >= 2 && !eqSidesMayMeet(b, g.dir, g.lane, bounds)) {
    eqHulls.dropped++;
    return;
  }
  let probeSide = -1;
  const em = bounds.map(([a, z]) => b.emptyIn(g.dir, g.lane, a, z));
  if ((bounds.length === 2 && (b.sideEval || b.nsEval)) || (bounds.length >= 2 && b.smath)) {
    let big = 0;
    for (let k = 1; k < em.length; k++) if (em[k] > em[big]) big = k;
    if (!b.tables.has(`${g.dir}:${g.lane}:${bounds[big][0]}:${bounds[big][1]}`)) probeSide = big;
  }
  const sides: Side[] = bounds.map(([a, z]) => ({ a, b: z, t: EMPTY_TABLE }));
  // tables smallest first: a side with no filling, or no value in common with the sides before
  // it, ends the group before a large table is built
  const order = bounds.map((_, k) => k).sort((x, y) => em[x] - em[y]);
  // values every table built so far has (checked from the third side on: with two, the join
  // finds the same at no extra cost)
  let common: string[] | null = null;
  let firstTable: SideTable | null = null;
  // 'SMATH: a later side is tabled only for the values the built ones share, when few (valuetable.ts)
  const built: BuiltTable[] = [];
  const eq = equalsSquares(b, g);
  for (const k of order) {
    if (k === probeSide) continue;
    const [a, z] = bounds[k];
    const t = groupTable(b, top, g, bounds, k, built, eq);
    if (b.deadline.hit || !t) return;
    sides[k].t = t;
    built.push({ key: `${g.dir}:${g.lane}:${a}:${z}`, t });
    if (g.eqs.length === 0 || bounds.length < 3) continue;
    if (firstTable === null) firstTable = t;
    else {
      common = common === null ? [...firstTable.byValue.keys()].filter((v) => t.byValue.has(v)) : common.filter((v) => t.byValue.has(v));
      if (common.length === 0) return;
    }
  }
  // 'SMATH and Equate: a group that can only tie drops the first side's entries whose key sorts after the
  // last play's (smtie.ts `tieFirstSide`); the probed side's cuts then see only the rest
  if ((b.smath || b.sideEval) && probeSide !== 0 && sides.length > 1) {
    sides[0].t = tieFirstSide(b, top, g, sides[0].a, sides[0].b, sides[0].t);
    if (sides[0].t.byValue.size === 0) return;
  }
  // 'SMATH: a whole-rack group whose probed side cannot take its partners' value holds no play
  if (b.smath && probeSide >= 0 && !probedMayMeet(b, g, sides, probeSide)) return;
  const j = new GroupJoin(b, top, g, sides, probeSide);
  if (!j.equalsFit()) return;
  if (probeSide >= 0) j.probe();
  else j.join(0, null, null);
}

/** The join of one group's sides: the fillings picked so far and the rack tiles they use. */
class GroupJoin {
  private readonly mult: number;
  private readonly eqPts: number;
  private readonly eqCross: number;
  private readonly eqOldPts: number;
  private readonly eqUses: number;
  private readonly isEq: boolean;
  /** rack tiles used by the picked fillings and the new `=` */
  private readonly running: Uint8Array;
  private readonly picked: Entry[];
  /** the value key of each side's pick */
  private readonly pickedKey: string[] = [];
  /** full picks reached (`finish` called), for the dead-subtree skip */
  private reached = 0;
  private readonly single: boolean;
  private readonly eqInBag: boolean;
  /** the probed side's current filling (its pool offset taken only when it makes the list) */
  private readonly probed: Entry = { off: -1, pts: 0, cross: 0, blanks: 0, tiles: 0, crossEq: false, open: null, close: null };
  private probeUses: Uint8Array | null = null;
  private probeChosen: Uint8Array | null = null;
  /** 'SMATH: a full pick's score less its sides' (the `=` squares, the all-tiles bonus) */
  private readonly fixedScore: number;
  private vmax: ValueMax | null = null;

  constructor(
    private readonly b: SideBoard,
    private readonly top: TopList,
    private readonly g: Group,
    private readonly sides: Side[],
    private readonly probeSide: number,
  ) {
    ({ mult: this.mult, eqPts: this.eqPts, eqCross: this.eqCross, eqOldPts: this.eqOldPts } = equalsSquares(b, g));
    this.eqUses = b.eqKey >= 0 ? g.newEqs.length : 0;
    this.isEq = g.eqs.length > 0;
    this.running = new Uint8Array(b.keys.length);
    if (b.eqKey >= 0) this.running[b.eqKey] = this.eqUses;
    this.picked = new Array(sides.length);
    this.single = g.e === g.s || b.emptyIn(g.dir, g.lane, g.s, g.e) === 1;
    this.eqInBag = b.rs.tileByFace.get("=")?.inBag === true;
    const tiles = (this.eqInBag ? g.newEqs.length : 0) + b.emptyIn(g.dir, g.lane, g.s, g.e) - g.newEqs.length;
    this.fixedScore = (this.eqPts + this.eqOldPts) * this.mult + this.eqCross + (tiles === b.rs.rackSize ? b.rs.options.allTilesBonus : 0);
  }

  /** the rack holds the new `=` the group places */
  equalsFit(): boolean {
    const { b } = this;
    return this.eqUses <= (b.eqKey >= 0 ? b.counts[b.eqKey] : 0);
  }

  /** A full pick of fillings, one per side, all of value `value`: score it and record it. */
  private finish(value: unknown): void {
    const { b, g } = this;
    const { rs } = b;
    b.stats.candidates++;
    let pts = this.eqPts + this.eqOldPts;
    let cross = this.eqCross;
    let blanks = 0;
    let tiles = this.eqInBag ? g.newEqs.length : 0;
    let crossEq = false;
    let brackets = 0;
    for (const e of this.picked) {
      pts += e.pts;
      cross += e.cross;
      blanks += e.blanks;
      tiles += e.tiles;
      if (e.crossEq) crossEq = true;
    }
    if (!this.isEq && rs.requireEquation === "any" && !crossEq) return;
    let score = cross;
    if (this.isEq) {
      score += pts * this.mult;
      if (rs.scoring === "new-tiles") score += valueBonus(rs.options.valueBonus, value as Radical) * this.mult;
      if (tiles === rs.rackSize) score += rs.options.allTilesBonus;
    }
    if (!this.top.wants(score)) return;
    if (this.probeSide >= 0 && this.probed.off < 0) this.probed.off = b.pool.put(this.probeUses!, this.probeChosen!);
    // 'SMATH: the brackets of each side's value are written only now, for a play that can make the
    // list, and not when the fewest any witness could write already lose the tie (`refuses` only
    // refuses more as brackets grow: the score, then the brackets, decide first)
    if (b.smath && witnessSkips.on) {
      let least = 0;
      for (const e of this.picked) least += witnessAtLeast(e);
      if (this.top.refuses(score, least, blanks, tiles) || this.keyLoses(score, least, blanks, tiles)) {
        witnessSkips.skipped++;
        return;
      }
    }
    const picked = this.picked.map((e, si) => (e.wit ? { ...e, ...smathWitness(e.wit, this.pickedKey[si]) } : e));
    for (const e of picked) if (e.open) for (let i = 0; i < e.open.length; i++) brackets += e.open[i] + e.close![i];
    // the placements and their key only for a play the list can take (ties on score mostly fail
    // on brackets, blanks or tiles; the key and placements were a tenth of the allocation)
    if (this.top.refuses(score, brackets, blanks, tiles)) return;
    const placements = placementsOf(b, g, this.sides, picked);
    if (this.single && !placements.some((p) => b.at(p.row, p.col)) && !mainIs(b, g.dir, placements[0])) return;
    const key = keyOf(b, placements);
    this.top.add({ score, blanks, tiles, key, brackets, placements });
  }

  /** 'SMATH: a play that ties the list's last on score, on brackets at `least` (its fewest), blanks
   * and tiles comes after it when its key does (the same key: the list keeps the fewer brackets);
   * the key leaves brackets out, so it is known before any witness is written. More brackets only
   * put it further back, so `add` would drop it (`better`). Tie hunts (smath:25) met thousands. */
  private keyLoses(score: number, least: number, blanks: number, tiles: number): boolean {
    const { top } = this;
    if (!top.full()) return false;
    const l = top.list[top.list.length - 1];
    if (score !== l.score || least !== l.brackets || blanks !== l.blanks || tiles !== l.tiles) return false;
    return !keyBefore(this.b, this.g, this.sides, this.picked, l.key);
  }

  /** The sides' tables joined from side `si` on: every bucket of value `vkey` (any value at the
   * first side) whose fillings fit the rack with those picked so far. */
  join(si: number, vkey: string | null, value: unknown): void {
    const { b, sides, running, isEq } = this;
    if (b.deadline.check()) return;
    if (si === sides.length) {
      this.reached++;
      this.finish(value);
      return;
    }
    // the probed side's filling is picked already (probe)
    if (si === this.probeSide) {
      this.join(si + 1, vkey, value);
      return;
    }
    const t = sides[si].t;
    const buckets: Array<[string, ValueBucket]> = [];
    if (vkey === null || !isEq) for (const kv of t.byValue) buckets.push(kv);
    else {
      const bk = t.byValue.get(vkey);
      if (!bk) return;
      buckets.push([vkey, bk]);
    }
    for (const [k, bucket] of buckets) {
      if (isEq && si === 0) {
        let all = true;
        for (let j = 1; j < sides.length; j++) if (!sides[j].t.byValue.has(k)) all = false;
        if (!all) continue;
      }
      const buf = b.pool.buf;
      for (const tg of tileGroups(bucket, buf, running.length)) {
        if (!this.fits(tg.off)) continue;
        for (let q = 0; q < running.length; q++) running[q] += buf[tg.off + q];
        for (const e of tg.entries) {
          this.picked[si] = e;
          this.pickedKey[si] = k;
          if (this.scoreLoses(si + 1, k)) continue;
          if (this.deadBelow(si + 1, k, bucket.value, tg.entries.length)) break;
        }
        for (let q = 0; q < running.length; q++) running[q] -= buf[tg.off + q];
      }
    }
  }

  /** 'SMATH, three sides or more: no full pick below scores the list's need (valuetable.ts
   * `ValueMax`). Counted as reached: the dead-subtree skip (`deadBelow`) is for subtrees with no
   * full pick, not for ones cut here. */
  private scoreLoses(si: number, vkey: string): boolean {
    if (!this.b.smath || !this.isEq || !valueMaxCut.on || this.top.need() === -Infinity) return false;
    this.vmax ??= new ValueMax(this.mult, this.sides);
    if (this.vmax.most(si, vkey, this.picked, this.probeSide, this.fixedScore) + 1e-6 >= this.top.need()) return false;
    valueMaxCut.fired++;
    this.reached++;
    return true;
  }

  /**
   * Joins the sides from `si` on below one entry of a tile group; true when that reached no full
   * pick, so the group's other entries are skipped. Sound: below side si the join reads only the
   * value, `running` (the tile vectors picked: the same for every entry of one tile group) and the
   * tables — never the entries picked, which only `finish` reads — so every entry of the group
   * has the same subtree and reaches a full pick iff the first one does. (A deadline hit inside
   * ends every later subtree at once either way.) 'SMATH's joins of blank-heavy sides re-walked
   * the same dead subtree once per filling of a tile vector (smath:24: 15,000-step groups of
   * joins alone, no play).
   */
  private deadBelow(si: number, vkey: string, value: unknown, n: number): boolean {
    const before = this.reached;
    this.join(si, vkey, value);
    if (this.reached !== before || !deadJoins.on || n === 1) return false;
    deadJoins.skipped += n - 1;
    return true;
  }

  /** the tile vector at pool offset `off` fits the rack beside the picks so far */
  private fits(off: number): boolean {
    const buf = this.b.pool.buf;
    const { running } = this;
    for (let k = 0; k < running.length; k++) if (running[k] + buf[off + k] > this.b.counts[k]) return false;
    return true;
  }

  /** some tile vector of side `si`'s bucket `vkey` fits beside the picks so far (`running`) */
  private anyFits(si: number, vkey: string): boolean {
    const bucket = this.sides[si].t.byValue.get(vkey);
    if (!bucket) return false;
    for (const tg of tileGroups(bucket, this.b.pool.buf, this.running.length)) if (this.fits(tg.off)) return true;
    return false;
  }

  /** Two sides: enumerate the probed side and look each filling's value up in the other's table. */
  probe(): void {
    const { b, g, sides, probeSide, probed, picked, running } = this;
    // the first other side's table is looked up; further sides ('SMATH) are joined on its value
    const first = probeSide === 0 ? 1 : 0;
    let other = sides[first].t;
    const { a, b: z } = sides[probeSide];
    const shape = b.sideShape(g.dir, g.lane, a, z);
    if (shape.emptyIdx.length > b.rackPts.length) return;
    const scores = b.squareScores(g.dir, shape);
    const { ptsOf, crossOf, eqOf } = scores;
    const ne = shape.emptyIdx.length;
    const { items, counts } = b;
    const K = b.keys.length;
    b.stats.tables++;
    const cut = this.scoreCut(shape, scores);
    if (cut && probeSide === 0) cut.tie = tieKeyCut(b, this.top, g, g.bound, shape.emptyIdx.map((i) => shape.rc[i]));
    const others = sides.filter((_, si) => si !== probeSide).map((x) => x.t);
    if (cut && b.smath) cut.smTie = smathTieCutOf(b, this.top, g, g.dir, shape.olds, shape.emptyIdx.map((i) => shape.rc[i]), probeSide === 0, others, [sides[0].a, sides[0].b]);
    const os = otherSide(b, others);
    if (b.smath) {
      // each vector's best score too: the probe's score bound by partner vector (fill.ts
      // `partnersRest`); vectors no play takes retired, the tie cut's key past the others' (leadkey.ts)
      os.partners = partnerUses(b, others, running, (e) => e.pts * this.mult + e.cross);
      if (cut?.others) cut.others.partners = os.partners;
      applyVectorFacts(b, g, sides, probeSide, running, os.partners, shape.olds, ne, cut?.smTie);
      os.ints = intFilter(others.map((t) => t.byInt));
      const numbers = [...b.keys, ...shape.olds.map((o) => o?.core ?? "")].filter((f) => /^\d+$/.test(f)).map(Number);
      os.parity = parityTargets(others, numbers, b.pool.buf, b.counts, running);
    }
    let next = first + 1 === probeSide ? first + 2 : first + 1;
    if (!b.smath || next >= sides.length) next = -1;
    const rest = sides.length > 2 && b.smath ? sides.filter((_, si) => si !== probeSide && si !== first).map((x) => x.t) : null;
    // Equate: a probe of this side known to meet no value of such a table is not run (otherside.ts)
    const dead = DeadProbe.of(b, g.dir, g.lane, a, z, other, os, sides.length);
    if (dead?.known()) return;
    let filling = -1;
    const tj = b.smath && first === 0 ? tieJoinOf(b, this.top, g, sides[0].a, sides[0].b, rest ?? []) : null;
    // the list's last play when the first side's table was last filtered (`renewTie`)
    let lastSeen = this.top.full() ? this.top.list[this.top.list.length - 1] : undefined;
    fillSide(b, g.dir, shape.cells, shape.olds, shape.rc, (uses, chosen, iv, vkey, wit) => {
      // 'SMATH: the last play changed inside the probe: the first side's late keys out now
      // (running holds only the base here: the partners are rebuilt over it)
      if ((b.smath || b.sideEval) && first === 0 && this.top.full() && this.top.list[this.top.list.length - 1] !== lastSeen) {
        lastSeen = this.top.list[this.top.list.length - 1];
        if (this.renewTie(os, cut)) other = sides[0].t;
      }
      const bucket = vkey === null ? other.byInt.get(iv) : other.byValue.get(vkey);
      if (!bucket) return;
      const key = wit ? (vkey ?? String(iv)) : "";
      // three sides or more: every further side must hold the value too, tested once here rather
      // than once per partner filling in `join`
      if (rest && wit && !rest.every((t) => t.byValue.has(key))) return;
      if (wit) {
        // 'SMATH: every side's brackets are written for this value when the play makes the list
        this.pickedKey[probeSide] = key;
        this.pickedKey[first] = key;
      }
      // the filling's points, once per filling ('SMATH visits many values of one filling; a
      // filling is told by the count of fillings, which each leaf raises before its visits)
      if (filling !== b.stats.sideFillings) {
        filling = b.stats.sideFillings;
        let pts = shape.oldPts;
        let cross = 0;
        let blanks = 0;
        let crossEq = false;
        for (let e = 0; e < ne; e++) {
          const k = chosen[e];
          if (items[k].blank) blanks++;
          pts += ptsOf[e][k];
          const cv = crossOf[e];
          if (cv) {
            cross += cv[k];
            if (eqOf[e]![k]) crossEq = true;
          }
        }
        probed.off = -1;
        probed.pts = pts;
        probed.cross = cross;
        probed.blanks = blanks;
        probed.tiles = ne;
        probed.crossEq = crossEq;
        this.probeUses = uses;
        this.probeChosen = chosen;
      }
      probed.wit = wit;
      picked[probeSide] = probed;
      const buf = b.pool.buf;
      // the fit is tested once per distinct tile vector of the partners (partners.ts `tileGroups`)
      for (const tg of tileGroups(bucket, buf, K)) {
        let fit = true;
        for (let k = 0; k < K; k++) {
          if (running[k] + uses[k] + buf[tg.off + k] > counts[k]) {
            fit = false;
            break;
          }
        }
        if (!fit) continue;
        if (dead) dead.met = true;
        if (sides.length > 2) for (let q = 0; q < K; q++) running[q] += uses[q] + buf[tg.off + q];
        // the next side's fit depends on this tile vector only: tested once for all its fillings
        if (next >= 0 && !this.anyFits(next, key)) {
          for (let q = 0; q < K; q++) running[q] -= uses[q] + buf[tg.off + q];
          continue;
        }
        for (const e of tg.entries) {
          picked[first] = e;
          if (sides.length === 2) this.finish(bucket.value);
          else if (this.scoreLoses(first + 1, key) || (tj?.(probed, e, key) && ++this.reached)) continue;
          else if (this.deadBelow(first + 1, key, bucket.value, tg.entries.length)) break;
        }
        if (sides.length > 2) for (let q = 0; q < K; q++) running[q] -= uses[q] + buf[tg.off + q];
      }
    }, cut, os);
    // (the table renewed inside the probe, `renewTie`, follows a play found: `met` then anyway)
    dead?.settle(cut?.pruned ?? 0, b.deadline.hit);
  }

  /** 'SMATH, the list's last play changed inside the probe (the probed side not the first): the
   * first side's table without the entries whose key now sorts after the last's (smtie.ts
   * `tieFirstSide`, sound while the probe goes on since the last only moves up the order); the
   * partner vectors only those entries leave are retired (partners.ts `retirePartners`) and the
   * tie cut's other sides' fewest brackets are asked again. True when the table changed. */
  private renewTie(os: OtherSide, cut: ProbeCut | null): boolean {
    const { b, g, sides, top } = this;
    if (!smathTieRenew.on || (!b.smath && !eqTieFirst.on)) return false;
    const t = tieFirstSide(b, top, g, sides[0].a, sides[0].b, sides[0].t);
    if (t === sides[0].t) return false;
    smathTieRenew.renewed++;
    sides[0].t = t;
    const others = sides.filter((_, si) => si !== this.probeSide).map((x) => x.t);
    if (os.partners) smathTieRenew.retired += retirePartners(os.partners, partnerUses(b, others, this.running));
    cut?.smTie?.othersChanged(others);
    return true;
  }

  /** The probed side's score cut (ProbeCut, fill.ts): the rest of the score is known per
   * square; a value bonus (Number Scrabble) is bounded by the other side's values (nseval.ts
   * `BonusCut`); null for a value bonus without Number Scrabble's evaluator. */
  private scoreCut(shape: SideShape, { ptsOf, crossOf }: SquareScores): ProbeCut | null {
    const { b, g, mult, probeSide } = this;
    const { rs, items } = b;
    if (!this.isEq) return null;
    let bonus: BonusCut | undefined;
    if (rs.scoring === "new-tiles" && rs.options.valueBonus !== "none") {
      if (!b.nsEval || this.sides.length !== 2) return null;
      const other = this.sides[probeSide === 0 ? 1 : 0].t;
      bonus = new BonusCut([...other.byValue.values()].map((bk) => bk.value), rs.options.valueBonus, mult);
    }
    const ne = shape.emptyIdx.length;
    // the other sides' best, each on its own (a sum of maxima: never below any join's)
    let otherMax = 0;
    let tiles = (this.eqInBag ? g.newEqs.length : 0) + ne;
    // 'SMATH: the other sides' empty squares by item, for the matched bound (fill.ts `leastAt`)
    const others: ProbeCut["others"] = b.smath ? { rows: [], max: 0, old: 0 } : undefined;
    for (let si = 0; si < this.sides.length; si++) {
      if (si === probeSide) continue;
      const os = this.sides[si];
      let m = -Infinity;
      for (const bk of os.t.byValue.values()) for (const e of bk.entries) m = Math.max(m, e.pts * mult + e.cross);
      otherMax += m;
      tiles += b.emptyIn(g.dir, g.lane, os.a, os.b);
      if (others) {
        const sh = b.sideShape(g.dir, g.lane, os.a, os.b);
        const sq = b.squareScores(g.dir, sh);
        others.old += sh.oldPts * mult;
        for (let e = 0; e < sh.emptyIdx.length; e++) {
          const we = new Float64Array(items.length);
          const cv = sq.crossOf[e];
          for (let k = 0; k < items.length; k++) we[k] = sq.ptsOf[e][k] * mult + (cv ? cv[k] : 0);
          others.rows.push(we);
        }
      }
    }
    if (others) others.max = otherMax;
    const fixed = (this.eqPts + this.eqOldPts + shape.oldPts + (bonus ? bonus.max : 0)) * mult + this.eqCross + (tiles === rs.rackSize ? rs.options.allTilesBonus : 0) + otherMax;
    const w: Float64Array[] = [];
    for (let e = 0; e < ne; e++) {
      const we = new Float64Array(items.length);
      const cv = crossOf[e];
      for (let k = 0; k < items.length; k++) we[k] = ptsOf[e][k] * mult + (cv ? cv[k] : 0);
      w.push(we);
    }
    const rem = new Float64Array(ne + 1);
    for (let e = ne - 1; e >= 0; e--) {
      let m = 0;
      for (let k = 0; k < items.length; k++) m = Math.max(m, w[e][k]);
      rem[e] = rem[e + 1] + m;
    }
    // a hair of slack so that rounding can never cut a play that ties the list's last score
    return { w, rem, limit: () => this.top.need() - fixed - 1e-9, bonus, others, matched: null, pruned: 0 };
  }
}

/** Decision 9 for a play of one new tile: is `dir` its main line? */
function mainIs(b: SideBoard, dir: Direction, p: Placement): boolean {
  const core = normaliseFace(p.tile).replace(/[()]/g, "");
  const runHasEq = (dr: number, dc: number): boolean => {
    if (core === "=") return true;
    for (let i = 1; b.at(p.row + dr * i, p.col + dc * i); i++) if (b.at(p.row + dr * i, p.col + dc * i)!.core === "=") return true;
    for (let i = 1; b.at(p.row - dr * i, p.col - dc * i); i++) if (b.at(p.row - dr * i, p.col - dc * i)!.core === "=") return true;
    return false;
  };
  const a = b.runLen(p.row, p.col, 0, 1);
  const d = b.runLen(p.row, p.col, 1, 0);
  let main: Direction;
  if (a < 2) main = d >= 2 ? "down" : "across";
  else if (d < 2) main = "across";
  else main = !runHasEq(0, 1) && runHasEq(1, 0) ? "down" : "across";
  return main === dir;
}

function placementsOf(b: SideBoard, g: Group, sides: Array<{ a: number; b: number }>, picked: Entry[]): Placement[] {
  const out: Placement[] = [];
  for (let si = 0; si < sides.length; si++) {
    const { a, b: z } = sides[si];
    const e = picked[si];
    let k = 0;
    for (let i = a; i <= z; i++) {
      const [r, c] = b.cellOf(g.dir, g.lane, i);
      const o = b.at(r, c);
      const open = e.open ? e.open[i - a] : 0;
      const close = e.close ? e.close[i - a] : 0;
      if (o) {
        if (open || close) {
          const shown = splitBrackets(b.faceOf[r * b.size + c]!);
          const tile = "(".repeat((shown?.open ?? 0) + open) + o.core + ")".repeat((shown?.close ?? 0) + close);
          out.push({ row: r, col: c, tile });
        }
        continue;
      }
      const it = b.items[b.pool.buf[e.off + b.keys.length + k++]];
      const p: Placement = { row: r, col: c, tile: "(".repeat(open) + it.core + ")".repeat(close) };
      if (it.blank) p.blank = true;
      out.push(p);
    }
    if (si < sides.length - 1) {
      const q = z + 1;
      if (g.newEqs.includes(q)) {
        const [r, c] = b.cellOf(g.dir, g.lane, q);
        out.push({ row: r, col: c, tile: "=" });
      }
    }
  }
  return out;
}

/** Whether the 'SMATH key of the picked fillings (tiekey.ts `keyOf` of `placementsOf`: new tiles only,
 * brackets left out) sorts before `last`, written entry by entry and compared as it goes: no
 * placements, no key string (`keyLoses` asks it for every exact tie; issue 28, smfix). */
function keyBefore(b: SideBoard, g: Group, sides: Array<{ a: number; b: number }>, picked: Entry[], last: string): boolean {
  let at = 0;
  // 0: the same as `last` so far; else -1 / 1: before / after it
  const next = (r: number, c: number, core: string, blank: boolean): number => {
    const tile = core.includes("(") || core.includes(")") ? core.replace(/[()]/g, "") : core;
    const entry = `${r.toString().padStart(2, "0")},${c.toString().padStart(2, "0")}:${tile}${blank ? "?" : ""} `;
    if (last.startsWith(entry, at)) {
      at += entry.length;
      return 0;
    }
    return entry < last.slice(at, at + entry.length) ? -1 : 1;
  };
  for (let si = 0; si < sides.length; si++) {
    const { a, b: z } = sides[si];
    const e = picked[si];
    let k = 0;
    for (let i = a; i <= z; i++) {
      const [r, c] = b.cellOf(g.dir, g.lane, i);
      if (b.at(r, c)) continue;
      const it = b.items[b.pool.buf[e.off + b.keys.length + k++]];
      const d = next(r, c, it.core, it.blank);
      if (d !== 0) return d < 0;
    }
    if (si < sides.length - 1 && g.newEqs.includes(z + 1)) {
      const [r, c] = b.cellOf(g.dir, g.lane, z + 1);
      const d = next(r, c, "=", false);
      if (d !== 0) return d < 0;
    }
  }
  // the same entries: before only when `last` goes on
  return at < last.length;
}
