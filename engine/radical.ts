/**
 * Number Scrabble values: finite sums Σ qᵢ·√nᵢ with rational qᵢ and distinct square-free nᵢ ≥ 1
 * (n = 1 is the rational part). Seed 004: √ of a non-square stays exact, so √2×√2 = 2 and
 * √8 = 2√2; docs/spec/rulesets.md, "Number Scrabble".
 *
 * Normal form: terms sorted by radicand, no zero coefficient; zero is the empty sum. Two values
 * are equal exactly when their normal forms are identical (the √ of distinct square-free integers
 * are linearly independent over Q).
 * Division by any non-zero sum works by repeated conjugation: pick a prime p under some radicand,
 * write D = A + B√p (A, B free of √p), multiply through by A − B√p; the denominator loses p.
 * Caveat: square-free decomposition is trial division (cube-root bound, see `squareFree`), so a
 * huge radicand yields "unrepresentable" rather than a long stall; the caller reports it as a
 * ruling violation.
 */
import * as Q from "./rational";
import type { Rational } from "./rational";

export interface Term {
  readonly r: bigint; // square-free radicand, 1 for the rational part
  readonly c: Rational;
}
export type Radical = readonly Term[];

export type RadicalFailure = "division-by-zero" | "negative-root" | "unrepresentable";

const TRIAL_LIMIT = 2_000_000n;

export const R_ZERO: Radical = [];

export function fromRational(q: Rational): Radical {
  return Q.isZero(q) ? [] : [{ r: 1n, c: q }];
}

/** The rational value when the sum has no irrational part, else null. */
export function asRational(a: Radical): Rational | null {
  if (a.length === 0) return Q.ZERO;
  if (a.length === 1 && a[0].r === 1n) return a[0].c;
  return null;
}

function merge(a: Radical, b: Radical, negB: boolean): Radical {
  const out: Term[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i].r < b[j].r)) {
      out.push(a[i++]);
    } else if (i >= a.length || b[j].r < a[i].r) {
      const t = b[j++];
      out.push(negB ? { r: t.r, c: Q.neg(t.c) } : t);
    } else {
      const c = negB ? Q.sub(a[i].c, b[j].c) : Q.add(a[i].c, b[j].c);
      if (!Q.isZero(c)) out.push({ r: a[i].r, c });
      i++;
      j++;
    }
  }
  return out;
}

export function add(a: Radical, b: Radical): Radical {
  return merge(a, b, false);
}

export function sub(a: Radical, b: Radical): Radical {
  return merge(a, b, true);
}

export function neg(a: Radical): Radical {
  return a.map((t) => ({ r: t.r, c: Q.neg(t.c) }));
}

function scaleTerm(a: Radical, c: Rational, r: bigint): Radical {
  // a × c√r, with r square-free: √x·√r = g·√((x/g)(r/g)) where g = gcd(x, r); the product of
  // the two cofactors is square-free because they are coprime and each is square-free.
  const acc = new Map<bigint, Rational>();
  for (const t of a) {
    const g = Q.gcd(t.r, r);
    const nr = (t.r / g) * (r / g);
    const nc = Q.mul(Q.mul(t.c, c), { n: g, d: 1n });
    const prev = acc.get(nr);
    acc.set(nr, prev ? Q.add(prev, nc) : nc);
  }
  return normalise(acc);
}

function normalise(acc: Map<bigint, Rational>): Radical {
  const out: Term[] = [];
  for (const [r, c] of acc) if (!Q.isZero(c)) out.push({ r, c });
  out.sort((x, y) => (x.r < y.r ? -1 : x.r > y.r ? 1 : 0));
  return out;
}

export function mul(a: Radical, b: Radical): Radical {
  if (a.length === 0 || b.length === 0) return [];
  if (a.length === 1 && a[0].r === 1n && b.length === 1 && b[0].r === 1n) {
    return [{ r: 1n, c: Q.mul(a[0].c, b[0].c) }];
  }
  let out: Radical = [];
  for (const t of b) out = add(out, scaleTerm(a, t.c, t.r));
  return out;
}

/** Smallest prime factor of n (n ≥ 2), or null when trial division would exceed the limit. */
function smallestPrime(n: bigint): bigint | null {
  if (n % 2n === 0n) return 2n;
  for (let p = 3n; p * p <= n; p += 2n) {
    if (p > TRIAL_LIMIT) return null;
    if (n % p === 0n) return p;
  }
  return n;
}

export function div(a: Radical, b: Radical): Radical | RadicalFailure {
  if (b.length === 0) return "division-by-zero";
  let num = a;
  let den = b;
  // Rationalise the denominator one prime at a time (at most one round per distinct prime).
  for (let guard = 0; guard < 64; guard++) {
    if (den.length === 1) {
      const t = den[0];
      // a / (c√r) = a·√r / (c·r)
      const inv = Q.div(Q.ONE, Q.mul(t.c, { n: t.r, d: 1n }));
      if (inv === null) return "division-by-zero";
      return scaleTerm(num, inv, t.r);
    }
    const withRoot = den.find((t) => t.r !== 1n);
    if (!withRoot) return "unrepresentable"; // unreachable: normal form has one rational term
    const p = smallestPrime(withRoot.r);
    if (p === null) return "unrepresentable";
    // conjugate: flip the sign of every term whose radicand contains p
    const conj: Radical = den.map((t) => (t.r % p === 0n ? { r: t.r, c: Q.neg(t.c) } : t));
    num = mul(num, conj);
    den = mul(den, conj);
    if (den.length === 0) return "division-by-zero";
  }
  return "unrepresentable";
}

/** ⌊√n⌋ for n ≥ 0, exact (the float estimate corrected with bigints). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  // correct the float estimate exactly
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

/** n = g²·s with s square-free; null when n is too large to decompose by trial division. */
export function squareFree(n: bigint): { g: bigint; s: bigint } | null {
  let g = 1n;
  let s = 1n;
  let m = n;
  for (let p = 2n; p * p * p <= m; p = p === 2n ? 3n : p + 2n) {
    if (p > TRIAL_LIMIT) return null;
    if (m % p !== 0n) continue;
    let k = 0;
    while (m % p === 0n) {
      m /= p;
      k++;
    }
    for (let i = 0; i < k >> 1; i++) g *= p;
    if (k & 1) s *= p;
  }
  // m now has at most two prime factors, each above the bound: p, p·q or p².
  if (m > 1n) {
    const r = isqrt(m);
    if (r * r === m) g *= r;
    else s *= m;
  }
  return { g, s };
}

/** √q for a rational q ≥ 0: √(p/d) = √(p·d)/d. */
export function sqrtRational(q: Rational): Radical | RadicalFailure {
  if (q.n < 0n) return "negative-root";
  if (q.n === 0n) return [];
  const sf = squareFree(q.n * q.d);
  if (sf === null) return "unrepresentable";
  return [{ r: sf.s, c: Q.rat(sf.g, q.d) }];
}

export function equals(a: Radical, b: Radical): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].r !== b[i].r || !Q.eq(a[i].c, b[i].c)) return false;
  }
  return true;
}

export function toNumber(a: Radical): number {
  let x = 0;
  for (const t of a) x += Q.toNumber(t.c) * Math.sqrt(Number(t.r));
  return x;
}

function termText(t: Term): string {
  if (t.r === 1n) return Q.toString(Q.abs(t.c));
  const n = t.c.n < 0n ? -t.c.n : t.c.n;
  const head = n === 1n ? "" : n.toString();
  const tail = t.c.d === 1n ? "" : `/${t.c.d}`;
  return `${head}√${t.r}${tail}`;
}

/** "7", "5/2", "-3", "3√2", "1+√2", "√3/2", "1-2√5". */
export function toString(a: Radical): string {
  if (a.length === 0) return "0";
  let s = "";
  a.forEach((t, i) => {
    const negative = t.c.n < 0n;
    if (i === 0) s += negative ? "-" : "";
    else s += negative ? "-" : "+";
    s += termText(t);
  });
  return s;
}
