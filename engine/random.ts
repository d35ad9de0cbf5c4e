/**
 * Seeded pseudo-random numbers, so a game's bag replays exactly from its start event's seed.
 * Algorithm: cyrb128 string hash → four 32-bit words → sfc32 (Chris Doty-Humphrey's "Small Fast
 * Chaotic" generator, as in PractRand). Not cryptographic: the seed must stay secret on the
 * server while the game runs (views never show it), since anyone holding it can predict the bag.
 * Each shuffle derives its own generator from `seed + ":" + n`, so no generator state needs to
 * live in the game state.
 */

/** cyrb128: a fast 128-bit string hash (public domain, bryc). */
export function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A generator of uint32 values; `next()` mutates only its own closure. */
export interface Rng {
  /** next uint32 */
  next(): number;
  /** uniform integer in [0, n) (n ≤ 2^32), without modulo bias */
  below(n: number): number;
}

/** sfc32 seeded from a string. Same string → same sequence, on every platform. */
export function createRng(seed: string): Rng {
  let [a, b, c, d] = hashSeed(seed);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up: the first outputs of sfc32 correlate with the seed words.
  for (let i = 0; i < 12; i++) next();
  const below = (n: number): number => {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`below(${n})`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = next();
      if (x < limit) return x % n;
    }
  };
  return { next, below };
}

/** A new array: Fisher–Yates shuffle of `items` driven by `createRng(seed)`. */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  const out = items.slice();
  const rng = createRng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}
