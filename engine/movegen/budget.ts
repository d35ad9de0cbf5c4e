/**
 * The budget of one play search (docs/bot.md, "Budget and determinism"): a node budget shared
 * fairly among the run starts (unused allowance rolls forward to later ones), 70 % of the time
 * budget for the search and the rest for adjudication, the clock read once every 256 nodes
 * (every 16 adjudications). With the node budget binding the search is deterministic; `cut`
 * records that anything was left out. The clock is injected (docs/conventions.md, principle 7).
 * The exact generator's cut (`Deadline`) lives here too: a deadline and a step count, no shares.
 */

/** performance.now where there is one (browsers, Node), else Date.now. */
export function defaultNow(): number {
  const p = (globalThis as { performance?: { now(): number } }).performance;
  return p ? p.now() : Date.now();
}

export class Budget {
  readonly now: () => number;
  readonly t0: number;
  /** the search stops here; adjudication at `hardDeadline` */
  readonly deadline: number;
  readonly hardDeadline: number;
  readonly maxNodes: number;
  nodes = 0;
  /** the node count at which the current run start must stop */
  rootLimit = 0;
  /** the clock ran out: no further run start is searched */
  stopped = false;
  /** something was cut (nodes, time or adjudications) */
  cut = false;

  constructor(now: (() => number) | undefined, budgetMs: number, maxNodes: number) {
    this.now = now ?? defaultNow;
    this.t0 = this.now();
    this.deadline = this.t0 + budgetMs * 0.7;
    this.hardDeadline = this.t0 + budgetMs;
    this.maxNodes = maxNodes;
  }

  /** Start a run start's share: what is left divided among the `rootsLeft` still to come. */
  shareAmong(rootsLeft: number): void {
    const left = this.maxNodes - this.nodes;
    this.rootLimit = this.nodes + Math.floor(left / rootsLeft);
  }

  /** One node more; false when the current share or the time is spent. */
  tick(): boolean {
    this.nodes++;
    if (this.nodes > this.rootLimit) {
      this.cut = true;
      return false;
    }
    if ((this.nodes & 255) === 0 && this.now() > this.deadline) {
      this.stopped = true;
      this.cut = true;
    }
    return !this.stopped;
  }

  /** Adjudication's time is up (the caller reads the clock only every 16 tries). */
  overtime(): boolean {
    return this.now() > this.hardDeadline;
  }

  elapsed(): number {
    return this.now() - this.t0;
  }
}

/** The exact generator's cut (exact.ts): a deadline (the clock read every 256 steps) and a
 * deterministic step limit; `hit` once either is reached, and it stays hit. */
export class Deadline {
  hit = false;
  private reads = 0;
  /** steps taken so far (each `check`): the deterministic measure of a search's work */
  work = 0;
  constructor(
    private readonly now: () => number,
    private readonly at: number,
    private readonly maxWork: number,
  ) {}
  check(): boolean {
    if (this.hit) return true;
    if (++this.work > this.maxWork) return (this.hit = true);
    if (this.at === Infinity) return false;
    if ((++this.reads & 255) !== 0) return false;
    if (this.now() > this.at) this.hit = true;
    return this.hit;
  }
  checkNow(): boolean {
    if (this.hit || this.at === Infinity) return this.hit;
    if (this.now() > this.at) this.hit = true;
    return this.hit;
  }
}
