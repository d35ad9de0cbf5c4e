/**
 * A map from non-negative integers below 2^53 to values, without boxing: a Map keyed by a number
 * that is no small integer (past 2^31, or a double) allocates a heap number per lookup, and one
 * table of a trie's edges saves a Map per node (issue 28, smval). Used by parity.ts (`bases`,
 * mixed-radix keys) and intervals.ts (the interval memo's trie edges).
 */
/** A map from non-negative integers below 2^53 to values, open addressing over a Float64Array of
 * keys (a Map boxes a key that is no small integer on every lookup). `get` is undefined for a
 * key never set; the values themselves may be null. */
export class NumKeyTable<V> {
  private keys = new Float64Array(64).fill(-1);
  private vals: Array<V | undefined> = new Array<V | undefined>(64);
  private size = 0;

  get(key: number): V | undefined {
    const mask = this.keys.length - 1;
    for (let h = hashOf(key) & mask; ; h = (h + 1) & mask) {
      const k = this.keys[h];
      if (k === key) return this.vals[h];
      if (k < 0) return undefined;
    }
  }

  set(key: number, v: V): void {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let h = hashOf(key) & mask;
    while (this.keys[h] >= 0 && this.keys[h] !== key) h = (h + 1) & mask;
    if (this.keys[h] < 0) this.size++;
    this.keys[h] = key;
    this.vals[h] = v;
  }

  private grow(): void {
    const { keys, vals } = this;
    this.keys = new Float64Array(2 * keys.length).fill(-1);
    this.vals = new Array<V | undefined>(2 * keys.length);
    this.size = 0;
    for (let h = 0; h < keys.length; h++) if (keys[h] >= 0) this.set(keys[h], vals[h] as V);
  }
}

/** a key's hash: its two 32-bit halves folded, then mixed (every bit reaches the low ones) */
function hashOf(key: number): number {
  let x = (key | 0) ^ ((key / 4294967296) | 0);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return x ^ (x >>> 16);
}
