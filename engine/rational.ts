/**
 * Exact rational numbers over bigint, always normalised (gcd 1, positive denominator).
 * Rules (docs/spec/rulesets.md, "Shared by all three"): exact arithmetic only, never floats. Values are
 * immutable plain objects so they compare structurally and serialise cheaply.
 * Caveat: no overflow exists, but very long digit runs make bigint work grow; callers cap nothing.
 */

export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

const ZERO_B = 0n;
const ONE_B = 1n;

function gcd(a: bigint, b: bigint): bigint {
  if (a < ZERO_B) a = -a;
  if (b < ZERO_B) b = -b;
  while (b !== ZERO_B) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** Build a normalised rational; `d` must not be zero (callers check division first). */
export function rat(n: bigint | number, d: bigint | number = ONE_B): Rational {
  let nn = typeof n === "bigint" ? n : BigInt(n);
  let dd = typeof d === "bigint" ? d : BigInt(d);
  if (dd === ZERO_B) throw new RangeError("rational with zero denominator");
  if (dd < ZERO_B) {
    nn = -nn;
    dd = -dd;
  }
  if (dd === ONE_B) return { n: nn, d: ONE_B };
  const g = gcd(nn, dd);
  return g === ONE_B ? { n: nn, d: dd } : { n: nn / g, d: dd / g };
}

export const ZERO: Rational = { n: ZERO_B, d: ONE_B };
export const ONE: Rational = { n: ONE_B, d: ONE_B };

export function add(a: Rational, b: Rational): Rational {
  if (a.d === ONE_B && b.d === ONE_B) return { n: a.n + b.n, d: ONE_B };
  return rat(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function sub(a: Rational, b: Rational): Rational {
  if (a.d === ONE_B && b.d === ONE_B) return { n: a.n - b.n, d: ONE_B };
  return rat(a.n * b.d - b.n * a.d, a.d * b.d);
}

export function mul(a: Rational, b: Rational): Rational {
  if (a.d === ONE_B && b.d === ONE_B) return { n: a.n * b.n, d: ONE_B };
  return rat(a.n * b.n, a.d * b.d);
}

/** a ÷ b, or null when b is zero (the caller turns that into DIVISION_BY_ZERO). */
export function div(a: Rational, b: Rational): Rational | null {
  if (b.n === ZERO_B) return null;
  return rat(a.n * b.d, a.d * b.n);
}

export function neg(a: Rational): Rational {
  return { n: -a.n, d: a.d };
}

export function sign(a: Rational): -1 | 0 | 1 {
  return a.n < ZERO_B ? -1 : a.n === ZERO_B ? 0 : 1;
}

export function isZero(a: Rational): boolean {
  return a.n === ZERO_B;
}

export function isInteger(a: Rational): boolean {
  return a.d === ONE_B;
}

export function eq(a: Rational, b: Rational): boolean {
  return a.n === b.n && a.d === b.d;
}

export function cmp(a: Rational, b: Rational): -1 | 0 | 1 {
  const x = a.n * b.d;
  const y = b.n * a.d;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function abs(a: Rational): Rational {
  return a.n < ZERO_B ? { n: -a.n, d: a.d } : a;
}

/** "7", "5/2", "-3" (ASCII minus, as in the ruling contract). */
export function toString(a: Rational): string {
  return a.d === ONE_B ? a.n.toString() : `${a.n}/${a.d}`;
}

/** Approximate value, for display-free uses such as the Number Scrabble value bonus. */
export function toNumber(a: Rational): number {
  return Number(a.n) / Number(a.d);
}

/** Parse "7", "-3", "5/2"; null when not of that shape. */
export function parse(s: string): Rational | null {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(s);
  if (!m) return null;
  const d = m[2] === undefined ? ONE_B : BigInt(m[2]);
  if (d === ZERO_B) return null;
  return rat(BigInt(m[1]), d);
}

export { gcd };
