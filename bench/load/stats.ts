/** Latency samples and percentiles for the load script. */
export class Samples {
  private xs: number[] = [];
  add(ms: number): void {
    this.xs.push(ms);
  }
  get count(): number {
    return this.xs.length;
  }
  pct(p: number): number {
    if (this.xs.length === 0) return NaN;
    const s = this.xs.slice().sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
  }
  summary(): string {
    if (this.xs.length === 0) return "no samples";
    const f = (x: number) => x.toFixed(1);
    return `n=${this.xs.length} p50 ${f(this.pct(0.5))} ms, p95 ${f(this.pct(0.95))} ms, p99 ${f(this.pct(0.99))} ms, max ${f(this.pct(1))} ms`;
  }
}

export class Counter {
  readonly by = new Map<string, number>();
  add(key: string): void {
    this.by.set(key, (this.by.get(key) ?? 0) + 1);
  }
  get total(): number {
    let n = 0;
    for (const v of this.by.values()) n += v;
    return n;
  }
  toString(): string {
    return this.by.size ? [...this.by].map(([k, v]) => `${k} ${v}`).join(", ") : "none";
  }
}

/** Run `fn` over `items` with at most `limit` in flight. */
export async function pool<T, R>(items: readonly T[], limit: number, fn: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return out;
}
