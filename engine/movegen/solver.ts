/**
 * The solver of the play search: the depth-first search over placements (docs/bot.md,
 * "Algorithm", steps 1–5). Scrabble move generation adapted to equations (Appel & Jacobson,
 * "The World's Fastest Scrabble Program", CACM 31(5), 1988).
 *
 * For each lane (a row for across plays, a column for down plays) and each run start (a square
 * whose predecessor is empty or off the board, and that can reach an anchor within `maxTiles`)
 * the search walks the lane left to right. Old tiles are read as they come; on an empty square it
 * places one rack face that the square's cross-check set allows (lanes.ts) and the grammar
 * automaton accepts (automaton.ts). Wherever an operand may start after an `=`, the last operand
 * is solved for instead of enumerated and laid over the squares ahead (old tiles must match, new
 * ones come from the rack, a blank may stand for a missing digit, the run must end right after
 * it). Every play found goes to the recorder (recorder.ts) with its estimated score
 * (estimator.ts); the budget (budget.ts) bounds the nodes and the time.
 *
 * First move: the board is empty, so a run is the same wherever it lies; one virtual lane is
 * searched once and each pattern is laid at every offset the start rule allows (only across when
 * the layout is symmetric about the diagonal).
 *
 * Hot path: per-node state objects share one hidden class (automaton.ts `St`); the placement
 * stack is four parallel arrays pushed and popped in place.
 */
import type { Direction } from "../board";
import type { Placement } from "../play";
import type { Ruleset } from "../ruleset";
import { BLANK, normaliseFace, type Face } from "../tiles";
import { Automaton, OPERAND, type St } from "./automaton";
import type { Budget } from "./budget";
import { Estimator } from "./estimator";
import { CrossChecks, faceTable, OldGrid, type FaceInfo } from "./lanes";
import { Recorder } from "./recorder";

/** The search's settings, defaults resolved (search.ts `GenerateOptions` documents them). */
export interface SolverSettings {
  firstPlay: boolean;
  /** undefined: the rack's size, plus one unlimited `=` */
  maxTiles: number | undefined;
  maxDigits: number;
  maxNewEquals: number;
  blanks: boolean;
}

export class Solver {
  readonly faces: FaceInfo[];
  readonly fid = new Map<Face, number>();
  readonly grid: OldGrid;
  readonly size: number;
  readonly firstPlay: boolean;
  readonly maxTiles: number;
  readonly useBlanks: boolean;
  readonly auto: Automaton;
  readonly estimator: Estimator;
  readonly recorder: Recorder;
  /** rack faces left, by id (unlimited faces: 2^20) */
  readonly count: Int32Array;
  /** blanks left on the rack */
  blanks: number;
  /** enumerable faces (rack faces and unlimited ones), by id */
  readonly enumFaces: number[];

  // lane being searched
  private dir: Direction = "across";
  private lane = 0;
  private cross!: CrossChecks;
  private readonly crossBy: Record<Direction, CrossChecks | null> = { across: null, down: null };
  private need: number[] = [];
  private runStart = 0;
  // placements on the stack: row, column, face id, blank
  private readonly pr: number[] = [];
  private readonly pc: number[] = [];
  private readonly pf: number[] = [];
  private readonly pb: boolean[] = [];
  /** first move: searching the virtual lane (no board, no start rule) */
  private virtual = false;

  constructor(
    readonly rs: Ruleset,
    board: readonly Placement[],
    rack: readonly Face[],
    settings: SolverSettings,
    readonly budget: Budget,
  ) {
    this.faces = faceTable(rs);
    this.faces.forEach((f, i) => this.fid.set(f.face, i));
    this.grid = new OldGrid(rs, board);
    this.size = rs.layout.size;
    this.firstPlay = settings.firstPlay;
    this.useBlanks = settings.blanks;
    this.auto = new Automaton(rs, this.faces, settings.maxDigits, Math.min(rs.maxNewEquals, settings.maxNewEquals));
    this.estimator = new Estimator(rs, this.faces, this.grid);
    this.recorder = new Recorder(rs, board, rack, this.faces, this.firstPlay, budget);

    this.count = new Int32Array(this.faces.length);
    this.blanks = 0;
    for (const raw of rack) {
      const f = normaliseFace(raw);
      if (f === BLANK) this.blanks++;
      else {
        const id = this.fid.get(f);
        if (id !== undefined) this.count[id]++;
      }
    }
    let unlimitedEq = 0;
    this.faces.forEach((f, i) => {
      if (f.unlimited) {
        this.count[i] = 1 << 20;
        if (f.kind === "eq") unlimitedEq = this.auto.newEqCap;
      }
    });
    this.maxTiles = settings.maxTiles ?? rack.length + Math.min(unlimitedEq, 1);
    this.enumFaces = [];
    for (let i = 0; i < this.faces.length; i++) {
      if (this.count[i] > 0 && this.faces[i].kind !== "other") this.enumFaces.push(i);
    }
  }

  /** Cross-check line checks made so far (both directions). */
  crossChecks(): number {
    return (this.crossBy.across?.checks ?? 0) + (this.crossBy.down?.checks ?? 0);
  }

  // -------------------------------------------------------------------------------------------
  // Driver

  run(): void {
    if (this.maxTiles <= 0 || (this.enumFaces.length === 0 && this.blanks === 0)) return;
    if (this.firstPlay) {
      this.runFirst();
      return;
    }
    const roots: Array<[Direction, number, number]> = [];
    for (const dir of ["across", "down"] as const) {
      for (let lane = 0; lane < this.size; lane++) {
        const need = this.laneNeed(dir, lane);
        for (let s = 0; s < this.size; s++) {
          if (s > 0 && this.old(dir, lane, s - 1)) continue;
          const n = this.old(dir, lane, s) ? 0 : need[s];
          if (n > this.maxTiles) continue;
          roots.push([dir, lane, s]);
        }
      }
    }
    let i = 0;
    for (const [dir, lane, s] of roots) {
      if (this.budget.stopped) break;
      this.budget.shareAmong(roots.length - i);
      i++;
      this.enterLane(dir, lane);
      this.runStart = s;
      this.dfs(s, this.auto.initial(), 0, false);
    }
  }

  /** First move: the board is empty, so every run is the same wherever it lies; search one
   * virtual lane once and lay each pattern at every offset the start rule allows. The virtual
   * run counts as connected from its first square, so anchors and `need` play no part; the
   * start rule is applied when the patterns are laid. */
  private runFirst(): void {
    this.virtual = true;
    this.budget.rootLimit = this.budget.maxNodes;
    const [sr, sc] = this.rs.layout.start;
    this.enterLane("across", sr);
    this.runStart = 0;
    this.dfs(0, this.auto.initial(), 0, true);
    this.virtual = false;
    const { size, premiums } = this.rs.layout;
    let symmetric = sr === sc;
    for (let r = 0; r < size && symmetric; r++) for (let c = 0; c < r; c++) if (premiums[r * size + c] !== premiums[c * size + r]) symmetric = false;
    const dirs: Direction[] = symmetric ? ["across"] : ["across", "down"];
    this.recorder.patterns.forEach((pt, pat) => {
      const n = pt.faces.length;
      const offs: number[] = [];
      for (const dir of dirs) {
        const start = dir === "across" ? sc : sr;
        offs.length = 0;
        if (this.rs.startRule === "end") {
          offs.push(start);
          if (n > 1) offs.push(start - n + 1);
        } else for (let o = start - n + 1; o <= start; o++) offs.push(o);
        for (const o of offs) {
          if (o < 0 || o + n > size) continue;
          const r0 = dir === "across" ? sr : o;
          const c0 = dir === "across" ? o : sc;
          this.recorder.addLaid(this.estimator.first(pt, r0, c0, dir), pat, r0, c0, dir);
        }
      }
    });
  }

  private rc(dir: Direction, lane: number, pos: number): [number, number] {
    return dir === "across" ? [lane, pos] : [pos, lane];
  }

  private old(dir: Direction, lane: number, pos: number) {
    const [r, c] = this.rc(dir, lane, pos);
    return this.grid.at(r, c);
  }

  private crossFor(dir: Direction): CrossChecks {
    let c = this.crossBy[dir];
    if (!c) {
      c = new CrossChecks(this.rs, this.grid, this.faces, dir);
      this.crossBy[dir] = c;
    }
    return c;
  }

  private isAnchor(dir: Direction, lane: number, pos: number): boolean {
    const [r, c] = this.rc(dir, lane, pos);
    return this.crossFor(dir).hasPerp[r * this.size + c] === 1;
  }

  /** need[pos]: new tiles needed from pos to connect (0 at an old tile; Infinity: never). */
  private laneNeed(dir: Direction, lane: number): number[] {
    const need = new Array<number>(this.size + 1).fill(Infinity);
    for (let pos = this.size - 1; pos >= 0; pos--) {
      if (this.old(dir, lane, pos)) need[pos] = 0;
      else if (this.isAnchor(dir, lane, pos)) need[pos] = 1;
      else need[pos] = need[pos + 1] + 1;
    }
    return need;
  }

  private enterLane(dir: Direction, lane: number): void {
    if (this.dir === dir && this.lane === lane && this.need.length) return;
    this.dir = dir;
    this.lane = lane;
    this.cross = this.crossFor(dir);
    this.need = this.laneNeed(dir, lane);
  }

  // -------------------------------------------------------------------------------------------
  // Depth-first search along the lane

  private dfs(pos: number, st: St, newCount: number, conn: boolean): void {
    if (!this.budget.tick()) return;
    if (st.ph === OPERAND && !Number.isNaN(st.L)) this.solve(pos, st, newCount, conn);
    if (pos >= this.size) return;
    const [r, c] = this.rc(this.dir, this.lane, pos);
    const old = this.grid.at(r, c);
    if (old) {
      const f = this.fid.get(old.core);
      if (f === undefined) return;
      const st2 = this.auto.step(st, f, false, old[this.dir].open, old[this.dir].close);
      if (st2) this.dfs(pos + 1, st2, newCount, true);
      return;
    }
    if (newCount >= this.maxTiles) return;
    if (!conn && newCount + this.need[pos] > this.maxTiles) return;
    const anchor = conn || this.isAnchor(this.dir, this.lane, pos);
    for (const f of this.enumFaces) {
      if (this.count[f] <= 0) continue;
      if (!this.cross.allows(r, c, f)) continue;
      const st2 = this.auto.step(st, f, true, 0, 0);
      if (!st2) continue;
      this.count[f]--;
      this.push(r, c, f, false);
      this.dfs(pos + 1, st2, newCount + 1, anchor);
      this.pop();
      this.count[f]++;
      if (this.budget.stopped) return;
    }
  }

  private push(r: number, c: number, f: number, blank: boolean): void {
    this.pr.push(r);
    this.pc.push(c);
    this.pf.push(f);
    this.pb.push(blank);
  }

  private pop(): void {
    this.pr.pop();
    this.pc.pop();
    this.pf.pop();
    this.pb.pop();
  }

  // -------------------------------------------------------------------------------------------
  // The solved last operand

  private solve(pos: number, st: St, newCount: number, conn: boolean): void {
    const N = this.auto.target(st);
    if (Number.isNaN(N)) return;
    for (const sp of this.auto.spellings(N)) this.layOut(pos, sp, newCount, conn, st.L);
  }

  /** Lay the spelled operand from pos; the run must end right after it. */
  private layOut(pos: number, sp: number[], newCount: number, conn: boolean, L: number): void {
    const end = pos + sp.length;
    if (end > this.size) return;
    if (end < this.size && this.old(this.dir, this.lane, end)) return;
    const taken: number[] = [];
    let blanksUsed = 0;
    let placed = 0;
    let ok = true;
    for (let i = 0; i < sp.length && ok; i++) {
      const p = pos + i;
      const [r, c] = this.rc(this.dir, this.lane, p);
      const old = this.grid.at(r, c);
      const f = sp[i];
      if (old) {
        if (this.fid.get(old.core) !== f) ok = false;
        else conn = true;
        continue;
      }
      if (newCount + placed >= this.maxTiles || !this.cross.allows(r, c, f)) {
        ok = false;
        continue;
      }
      let blank = false;
      if (this.count[f] > 0) {
        this.count[f]--;
        taken.push(f);
      } else if (this.useBlanks && this.blanks > 0 && (this.faces[f].kind === "digit" || this.faces[f].kind === "number")) {
        this.blanks--;
        blanksUsed++;
        blank = true;
      } else {
        ok = false;
        continue;
      }
      if (!conn && this.isAnchor(this.dir, this.lane, p)) conn = true;
      this.push(r, c, f, blank);
      placed++;
    }
    if (ok && conn && newCount + placed > 0) this.emit(L, end);
    for (let i = 0; i < placed; i++) this.pop();
    for (const f of taken) this.count[f]++;
    this.blanks += blanksUsed;
  }

  /** Hand the stacked play (or, first move, the virtual pattern) to the recorder. */
  private emit(L: number, end: number): void {
    const n = this.pr.length;
    const rec = this.recorder;
    if (this.virtual) {
      const faces = this.pf.slice();
      const blanks = this.pb.slice();
      const key = faces.join(",") + blanks.map((b) => (b ? "?" : ".")).join("");
      if (rec.claim(key)) rec.addPattern({ faces, blanks, L });
      return;
    }
    const placements: Placement[] = new Array(n);
    let key = "";
    for (let i = 0; i < n; i++) {
      const p: Placement = { row: this.pr[i], col: this.pc[i], tile: this.faces[this.pf[i]].face };
      if (this.pb[i]) p.blank = true;
      placements[i] = p;
      key += `${p.row},${p.col},${p.tile}${p.blank ? "?" : ""};`;
    }
    // the same single tile can come from both directions
    if (!rec.claim(key)) return;
    rec.addPlay(this.estimator.laid(this.dir, this.lane, this.runStart, end, this.pf, this.pb, this.cross, L), placements, this.dir);
  }
}
