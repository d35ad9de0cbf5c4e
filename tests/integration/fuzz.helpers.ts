/**
 * The fuzz's generators (tests/integration/fuzz.integration.test.ts): a seeded random source,
 * hostile values of every class the edge must refuse, ways to break a valid-looking input (mutate,
 * poison one leaf, swap ids), and the snapshot of the world's rows that no hostile call may change.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { clubMemberships, clubs, matches, tournamentPairings, tournamentPlayers, tournamentStaff, tournaments } from "@/db/schema";
import type { World } from "../helpers/fixtures";

/** mulberry32: small, fast, seedable. */
export function rngFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}
export type Rng = ReturnType<typeof rngFrom>;

const BIG = "a".repeat(100_000);
export const STRINGS = [
  "",
  " ",
  "\u0000",
  "\u0000\u0001\u0002\u001b[31m\u007f",
  "\r\n\t\v\f",
  "\u202e\u200b\ufeff",
  "\ud800",
  // lone surrogates, high and low, at the start, in the middle and at the end
  "\ud800ab",
  "ab\ud800cd",
  "abcd\udbff",
  "\udc00ab",
  "ab\udfffcd",
  "abcd\udc00",
  "\udc00\ud800",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🀄️👩‍👩‍👧‍👦",
  "Ωμέγα √ × ÷ − ½",
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "1; SELECT pg_sleep(10)",
  "%' OR 1=1 --",
  "\\x00\\'",
  "<script>alert(1)</script>",
  "${process.exit(1)}",
  "{{constructor.constructor('return process')()}}",
  "../../../../etc/passwd",
  "__proto__",
  "constructor",
  "prototype",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "Z",
  "??",
  "===",
  "√",
  "10",
  "x".repeat(65),
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-0000-0000-00000000000g",
  "------------------------------------",
  "000000000000000000000000000000000000",
  "0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-",
  "not-an-email@",
  "a@b",
];
const NUMBERS = [
  0, -0, -1, 1, 0.5, -0.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 2 ** 63, 8.64e15 + 1, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308,
  Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity, 41, 10_001, 3.999,
];

/** 36 characters of uuid alphabet that are not a uuid (PostgreSQL would take some of them). */
export function uuidShaped(rng: Rng): string {
  const hex = "0123456789abcdef";
  const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[rng.int(alphabet.length)]).join("");
  switch (rng.int(4)) {
    case 0:
      return pick(`${hex}-`, 36);
    case 1: // a uuid's layout with a version digit of 0 or 9+ (zod refuses, PostgreSQL takes it)
      return `${pick(hex, 8)}-${pick(hex, 4)}-${rng.pick(["0", "9", "f"])}${pick(hex, 3)}-${pick(hex, 4)}-${pick(hex, 12)}`;
    case 2:
      return `${pick(hex, 32)}----`;
    default:
      return randomUUID().toUpperCase().replace(/-/g, rng.pick(["", "_", " "]));
  }
}

function deep(depth: number): unknown {
  let v: unknown = { leaf: 1 };
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
}
/** Far past any recursion limit of JSON.stringify or PostgreSQL's JSON parser. */
export const DEEPEST = deep(100_000);

/** A short, printable description of an input (some are too deep for JSON.stringify). */
export function show(input: unknown): string {
  try {
    return String(JSON.stringify(input)).slice(0, 200);
  } catch {
    return "(too deep to print)";
  }
}
const polluting = () => [
  JSON.parse('{"__proto__":{"polluted":"yes","isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  { constructor: { prototype: { polluted: "yes" } } },
  JSON.parse('{"__proto__":[]}'),
  Object.create(null),
];

/** A hostile value: sometimes of the right shape (ids of the world), mostly not. */
function hostile(rng: Rng, ids: readonly string[]): unknown {
  switch (rng.int(12)) {
    case 0:
      return rng.pick([null, undefined, true, false]);
    case 1:
    case 2:
      return rng.pick(NUMBERS);
    case 3:
    case 4:
      return rng.pick(STRINGS);
    case 5:
      return rng.next() < 0.5 ? BIG : `${"√".repeat(2_000)}${BIG.slice(0, 50_000)}`;
    case 6:
    case 7: {
      const r = rng.next();
      return r < 0.6 ? rng.pick(ids) : r < 0.8 ? randomUUID() : uuidShaped(rng);
    }
    case 8:
      return rng.pick(polluting());
    case 9:
      return rng.pick([[], [null], [[[]]], Array.from({ length: 2_000 }, (_, i) => i), ids.slice(0, 3), [{}], deep(200), DEEPEST]);
    case 10:
      return rng.pick([{}, { a: 1 }, deep(20), new Date(Number.NaN), new Date(8.64e15), { toString: "x", valueOf: 1 }, { length: 1e9 }]);
    default:
      return rng.pick(["play", "pass", "exchange", "challenge", "resign", "pause", "equate", "smath", "number-scrabble", "owner", "director", "judge", "approve", "text", "json"]);
  }
}

/** Breaks `value` somewhere (possibly deep inside), never in place. */
export function mutate(value: unknown, rng: Rng, ids: readonly string[], depth = 0): unknown {
  const isObj = value !== null && typeof value === "object" && !(value instanceof Date);
  if (!isObj || depth > 4 || rng.next() < 0.15) return hostile(rng, ids);
  if (Array.isArray(value)) {
    const out = [...value];
    const r = rng.next();
    if (r < 0.15 || out.length === 0) out.push(hostile(rng, ids));
    else if (r < 0.3) out.splice(rng.int(out.length), 1);
    else if (r < 0.4) return { ...out };
    else {
      const i = rng.int(out.length);
      out[i] = mutate(out[i], rng, ids, depth + 1);
    }
    return out;
  }
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(out);
  const r = rng.next();
  if (r < 0.12 || keys.length === 0) {
    // an extra key, often a polluting one, set as an own property
    const k = rng.pick(["__proto__", "constructor", "prototype", "extra", "userId", "role", "id", "isAdmin", "key\ud800", "\udc00"]);
    Object.defineProperty(out, k, { value: hostile(rng, ids), enumerable: true, configurable: true, writable: true });
  } else if (r < 0.24) delete out[rng.pick(keys)];
  else if (r < 0.3) return [out];
  else {
    const k = rng.pick(keys);
    out[k] = mutate(out[k], rng, ids, depth + 1);
  }
  return out;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const EDGE_INTS = [2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, -(2 ** 53), 8.64e15 + 1];
const LONE = ["\ud800", "\udbff", "\udc00", "\udfff"];

/**
 * The same input with one leaf swapped for a member of an edge class of its kind — an id for a
 * uuid-shaped non-uuid, a string for itself with a lone surrogate at the start, middle or end, a
 * number for an integer past int4 or 2^53, anything else for deep nesting — so the rest stays
 * valid and the poison reaches as far into the services as it can.
 */
export function poison(value: unknown, rng: Rng): unknown {
  const leaves: (string | number)[][] = [];
  const walk = (v: unknown, at: (string | number)[]) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i]));
    else if (v && typeof v === "object" && !(v instanceof Date)) for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
    else leaves.push(at);
  };
  walk(value, []);
  const at = rng.pick(leaves);
  const edge = (leaf: unknown): unknown => {
    if (typeof leaf === "string") {
      if (UUID.test(leaf)) return uuidShaped(rng);
      const i = rng.pick([0, Math.floor(leaf.length / 2), leaf.length]);
      return `${leaf.slice(0, i)}${rng.pick(LONE)}${leaf.slice(i)}`;
    }
    if (typeof leaf === "number") return rng.pick(EDGE_INTS);
    return rng.next() < 0.5 ? deep(40) : DEEPEST;
  };
  if (at.length === 0) return edge(value);
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const k of at.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  parent[last] = edge(parent[last]);
  return copy;
}

/** The same input with its ids (values and record keys) swapped for other ids of the world or random ones. */
export function swapIds(value: unknown, rng: Rng, uuids: readonly string[]): unknown {
  const other = () => (rng.next() < 0.8 ? rng.pick(uuids) : randomUUID());
  if (typeof value === "string") return UUID.test(value) && rng.next() < 0.7 ? other() : value;
  if (Array.isArray(value)) return value.map((v) => swapIds(v, rng, uuids));
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [UUID.test(k) && rng.next() < 0.5 ? other() : k, swapIds(v, rng, uuids)]));
  return value;
}

export function worldIds(w: World): string[] {
  return [
    ...Object.values(w.users).flatMap((u) => [u.id, u.email]),
    w.club.id,
    w.club.handle,
    w.invite.id,
    w.joinRequestId,
    w.tournament.id,
    w.openTournament.id,
    w.pairingId,
    w.match.id,
    w.challenge.id,
    w.otb.id,
    w.seek.id,
  ];
}

/** The rows that matter, minus those `except` (a user id) may change itself. */
export async function snapshot(db: Db, w: World, except: { userId?: string; matchId?: string } = {}) {
  const uid = except.userId ?? "00000000-0000-0000-0000-000000000000";
  const mids = [w.match.id, w.challenge.id, w.otb.id].filter((id) => id !== except.matchId);
  const tids = [w.tournament.id, w.openTournament.id];
  return {
    club: await db.select().from(clubs).where(eq(clubs.id, w.club.id)),
    memberships: await db
      .select({ userId: clubMemberships.userId, role: clubMemberships.role })
      .from(clubMemberships)
      .where(and(eq(clubMemberships.clubId, w.club.id), ne(clubMemberships.userId, uid)))
      .orderBy(clubMemberships.userId),
    tournaments: await db.select().from(tournaments).where(inArray(tournaments.id, tids)).orderBy(tournaments.id),
    staff: await db
      .select({ t: tournamentStaff.tournamentId, u: tournamentStaff.userId, role: tournamentStaff.role })
      .from(tournamentStaff)
      .where(inArray(tournamentStaff.tournamentId, tids))
      .orderBy(tournamentStaff.tournamentId, tournamentStaff.userId),
    entries: await db
      .select({ t: tournamentPlayers.tournamentId, u: tournamentPlayers.userId, status: tournamentPlayers.status, seed: tournamentPlayers.seed })
      .from(tournamentPlayers)
      .where(and(inArray(tournamentPlayers.tournamentId, tids), ne(tournamentPlayers.userId, uid)))
      .orderBy(tournamentPlayers.tournamentId, tournamentPlayers.userId),
    pairings: await db.select().from(tournamentPairings).where(inArray(tournamentPairings.tournamentId, tids)).orderBy(tournamentPairings.id),
    matches: await db
      .select({ id: matches.id, status: matches.status, version: matches.version, result: matches.result, joinCode: matches.joinCode })
      .from(matches)
      .where(inArray(matches.id, mids))
      .orderBy(matches.id),
  };
}
