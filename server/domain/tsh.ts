/**
 * TSH division files (`.t`), read and written: the text format of John Chew's Tournament Software
 * Harness, which Scrabble-family directors keep their fields in (docs/records.md "TSH files" is the
 * format in our words).
 *
 * One line per player, numbered from 1 in file order (blank lines and `#` comment lines are skipped
 * and not numbered): `NAME RATING OPP1 OPP2 … ; SCORE1 SCORE2 … [; KEY VALUES …]…`. The rating is
 * the first word made only of digits; OPPn is the player number met in round n (0: a bye); SCOREn is
 * the player's own score in round n (for a bye, the spread credited: 50, −50, 0). Further `;` fields
 * are kept as (key, rest of text) pairs, unchanged; we read `p12` (1 = moved first, 2 = second) and
 * `class`, and write `p12` back.
 *
 * Rulings, not throws (docs/conventions.md, principle 4): `parseTsh` answers every fault it finds as
 * a `TshProblem` with the line it is on; it never throws on input. `writeTsh(parseTsh(x))` read again
 * gives the same `TshFile` (the round-trip test, beside this file).
 */

/** The most players and rounds a file may hold (the limits of an event here). */
export const TSH_MAX_PLAYERS = 1000;
export const TSH_MAX_ROUNDS = 100;
/** The largest absolute score or rating we read (a typo of extra digits is a problem, not a number). */
const MAX_NUMBER = 99_999;

export interface TshPlayer {
  /** The line of the file this player is on (1-based; for problems and reports). */
  line: number;
  name: string;
  /** 0: unrated. */
  rating: number;
  /** Player number met in each round (1-based); 0 = a bye. */
  opponents: number[];
  /** Own score in each round played so far; for a bye, the spread credited. */
  scores: number[];
  /** The `; key values` fields after the scores, in file order (`p12`, `class`, `id`, `off` …). */
  fields: [string, string][];
}

export interface TshFile {
  players: TshPlayer[];
}

export interface TshProblem {
  line: number;
  message: string;
}

export type TshParse = { ok: true; file: TshFile } | { ok: false; problems: TshProblem[] };

/** Text of the file quoted in a problem, cut short (a problem repeats a word, never a megabyte). */
export function tshQuote(text: string, max = 40): string {
  const chars = [...text];
  return `"${chars.length > max ? `${chars.slice(0, max).join("")}…` : text}"`;
}

const INT = /^-?[0-9]+$/;
const DIGITS = /^[0-9]+$/;

/** Read one player line (already known not to be blank or a comment). */
function parseLine(text: string, line: number, problems: TshProblem[]): TshPlayer | null {
  const parts = text.split(";");
  const head = parts[0]!.trim().split(/\s+/);
  const at = head.findIndex((w, i) => i > 0 && DIGITS.test(w));
  const say = (message: string) => {
    problems.push({ line, message: `Line ${line}: ${message}` });
    return null;
  };
  if (head[0] && DIGITS.test(head[0])) return say("the line starts with a number; a player line starts with the player's name.");
  if (at < 0) return say("no rating found: a player line is a name, a rating (a whole number, 0 if unrated), the opponents, then \";\" and the scores.");
  const name = head.slice(0, at).join(" ");
  const numbers = head.slice(at);
  const bad = numbers.find((w) => !DIGITS.test(w));
  if (bad !== undefined) return say(`${tshQuote(bad)} is not a player number: after the rating come only the opponents' numbers (0 for a bye).`);
  const [rating, ...opponents] = numbers.map(Number);
  if (rating! > MAX_NUMBER) return say(`the rating ${rating} is too large.`);
  const scoreWords = parts.length > 1 ? parts[1]!.trim().split(/\s+/).filter(Boolean) : [];
  const badScore = scoreWords.find((w) => !INT.test(w) || Math.abs(Number(w)) > MAX_NUMBER);
  if (badScore !== undefined) return say(`${tshQuote(badScore)} is not a score: scores are whole numbers (a bye's may be negative).`);
  const scores = scoreWords.map(Number);
  if (scores.length > opponents.length) return say(`${scores.length} scores but only ${opponents.length} rounds of opponents; each score needs its round's opponent (0 for a bye).`);
  if (opponents.length > TSH_MAX_ROUNDS) return say(`${opponents.length} rounds; at most ${TSH_MAX_ROUNDS} are allowed.`);
  const fields: [string, string][] = [];
  for (const raw of parts.slice(2)) {
    const f = raw.trim();
    if (!f) continue; // an empty field (`; ;`) says nothing
    const m = /^(\S+)\s*(.*)$/.exec(f)!;
    fields.push([m[1]!, m[2]!.replace(/\s+/g, " ")]);
  }
  return { line, name, rating: rating!, opponents, scores, fields };
}

/** The values of field `key` (e.g. `p12`) as words, or null when the player has none. */
export function tshField(p: Pick<TshPlayer, "fields">, key: string): string[] | null {
  const f = p.fields.find(([k]) => k === key);
  return f ? f[1].split(" ").filter(Boolean) : null;
}

/** Check that pairings agree both ways and that both players of a game have scores together. */
function crossCheck(players: TshPlayer[], problems: TshProblem[]) {
  const n = players.length;
  for (const [i, p] of players.entries()) {
    const me = i + 1;
    for (const [r, opp] of p.opponents.entries()) {
      const round = r + 1;
      const say = (message: string) => problems.push({ line: p.line, message: `Line ${p.line}, round ${round}: ${message}` });
      if (opp === 0) continue;
      if (opp === me) say(`${tshQuote(p.name)} is paired with themselves (player ${me}).`);
      else if (opp > n) say(`opponent ${opp} does not exist: the file has ${n} players.`);
      else {
        const o = players[opp - 1]!;
        if (o.opponents[r] !== me) say(`${tshQuote(p.name)} meets player ${opp} (${tshQuote(o.name)}), but that player's line (line ${o.line}) has ${o.opponents[r] === undefined ? "no pairing" : o.opponents[r] === 0 ? "a bye" : `player ${o.opponents[r]}`} in that round.`);
        else if (me < opp && (r < p.scores.length) !== (r < o.scores.length))
          say(`only one of ${tshQuote(p.name)} and ${tshQuote(o.name)} has a score; enter both or neither.`);
      }
    }
  }
}

/** Read a `.t` file; every fault comes back as a problem with its line. */
export function parseTsh(text: string): TshParse {
  const problems: TshProblem[] = [];
  const players: TshPlayer[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (const [i, raw] of lines.entries()) {
    const t = raw.trim();
    if (!t || t.startsWith("#")) continue;
    if (players.length === TSH_MAX_PLAYERS) {
      problems.push({ line: i + 1, message: `Line ${i + 1}: more than ${TSH_MAX_PLAYERS} players; split the field into divisions.` });
      break;
    }
    const p = parseLine(t, i + 1, problems);
    if (p) players.push(p);
  }
  if (problems.length === 0 && players.length === 0) problems.push({ line: 1, message: "Line 1: the file has no player lines." });
  if (problems.length === 0) crossCheck(players, problems);
  return problems.length ? { ok: false, problems } : { ok: true, file: { players } };
}

/** A word made only of digits would read back as the rating, a first word starting "#" as a
 * comment: both are written in brackets, "(12)". A `;` would start a field: written as ",". */
function safeName(name: string): string {
  const words = name.replace(/;/g, ",").trim().split(/\s+/).filter(Boolean);
  const out = words.map((w, i) => (DIGITS.test(w) || (i === 0 && w.startsWith("#")) ? `(${w})` : w)).join(" ");
  return out || "(no name)";
}

/** Write a file TSH reads: names padded to one column, then rating, opponents, scores, fields. */
export function writeTsh(file: TshFile): string {
  const names = file.players.map((p) => safeName(p.name));
  const width = Math.max(20, ...names.map((n) => n.length + 1));
  const lines = file.players.map((p, i) => {
    const head = [names[i]!.padEnd(width) + String(p.rating), ...p.opponents.map(String)].join(" ");
    const fields = p.fields.map(([k, v]) => `; ${v ? `${k} ${v}` : k}`).join(" ");
    return `${head}; ${p.scores.join(" ")}${fields ? ` ${fields}` : ""}`.trimEnd();
  });
  return lines.length ? `${lines.join("\n")}\n` : "";
}

/** One board of a round as read from a file: player numbers (first mover first when `p12` says). */
export interface TshBoard {
  players: [number, number];
  /** Scores in the order of `players`; null while the round has no result yet. */
  scores: [number, number] | null;
}
export interface TshBye {
  player: number;
  /** The spread credited (TSH's "score" of a bye); null while unscored. */
  spread: number | null;
}
export interface TshRound {
  number: number;
  boards: TshBoard[];
  byes: TshBye[];
  /** Every player of the round has a score. */
  complete: boolean;
}

/** The rounds of a parsed file: boards (each once, the lower number first unless `p12` puts the other first) and byes. */
export function tshRounds(file: TshFile): TshRound[] {
  const rounds = Math.max(0, ...file.players.map((p) => p.opponents.length));
  const out: TshRound[] = [];
  for (let r = 0; r < rounds; r++) {
    const boards: TshBoard[] = [];
    const byes: TshBye[] = [];
    let complete = true;
    for (const [i, p] of file.players.entries()) {
      const me = i + 1;
      const opp = p.opponents[r];
      if (opp === undefined) continue;
      const score = r < p.scores.length ? p.scores[r]! : null;
      if (score === null) complete = false;
      if (opp === 0) byes.push({ player: me, spread: score });
      else if (me < opp) {
        const o = file.players[opp - 1]!;
        const oScore = r < o.scores.length ? o.scores[r]! : null;
        const second = tshField(p, "p12")?.[r] === "2";
        const b: TshBoard = { players: [me, opp], scores: score === null || oScore === null ? null : [score, oScore] };
        if (second) boards.push({ players: [opp, me], scores: b.scores && [b.scores[1], b.scores[0]] });
        else boards.push(b);
      }
    }
    out.push({ number: r + 1, boards, byes, complete });
  }
  return out;
}
