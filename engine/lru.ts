/**
 * A Map bounded to `max` entries that forgets the least recently used one first: the small
 * per-process caches (rulesets by stored options, sessions, rate-limit buckets, folded match
 * states). It relies on a Map iterating in insertion order: a use re-inserts the key, so the
 * first key is always the least recently used.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  /** `onEvict`: told of each entry forgotten for room (a cache that keeps a side table of its keys). */
  constructor(
    readonly max: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {
    if (!(max >= 1)) throw new RangeError(`LruMap needs room for at least one entry, not ${max}`);
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined || this.map.has(key)) {
      this.map.delete(key);
      this.map.set(key, v as V);
    }
    return v;
  }

  /** The value without counting as a use (a look that must not keep an entry alive). */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Stores the value as the most recently used, forgetting the least recently used past `max`. */
  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const [oldKey, oldValue] = this.map.entries().next().value as [K, V];
      this.map.delete(oldKey);
      this.onEvict?.(oldKey, oldValue);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }

  /** Entries from the least to the most recently used (deleting while iterating is safe). */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}
