/**
 * Game-record notation (in the spirit of GCG): header lines, then one line per event.
 *
 *   #equalis-game 1
 *   #ruleset equate
 *   #options {"challenge":"single"}        (only when the start event has options)
 *   #challenge-rule single                  (only when given; same for the next three)
 *   #challenge-mode true
 *   #max-scoreless 6                        (or null)
 *   #virtual-racks true                     (over-the-board game, racks not recorded)
 *   #time-control {"initialMs":1500000}    (or null)
 *   #seed any text to the end of the line
 *   #player alice Alice Smith               (id, then the optional name; one line per player)
 *   #start 1700000000000                    (the start event's `at`)
 *   >Alice Smith: play 10H [2]+[2]=[4] @1700000005000 ; rack … score +16 total 16 clock 24:55.000
 *   >bob: play J9 .[3] @1700000009000       (down: column letter first; `.` = a tile already there)
 *   >bob: exchange [3][3]+ @…
 *   >alice: pass @…                         (`pass forfeit` when the move time ran out)
 *   >bob: challenge @…  |  >alice: resign @…  |  >alice: timeout @…
 *   >alice: time-penalty 20 61000 @…        (points, overtime ms)
 *   >bob: time-bonus 10 @…
 *   pause @…  |  resume @…  |  end @…  |  director-end @…   (a tournament director entered the result)
 *
 * Players: an event line names its player by display name (`>Alice Smith:`), as a person reads
 * the record; the `#player` header pairs each name with the id the events carry, so the record
 * reads back to the same events. Where a name could not be read back to one player (none given,
 * two players share it, it is another player's id, or it holds a line break or ` ; `), the line
 * names the id instead (`>alice:`); a reader accepts either. The annotations name players by
 * display name too.
 * Coordinates: square names (notation/squares.ts), rows 1-based, columns lettered from A. A play
 * is written as one segment from its first to its last tile when its placements are in one line in reading order; otherwise as one
 * segment per placement, in the event's order, so every event survives the round trip exactly.
 * Everything after ` ; ` and every line starting with `;` is annotation (scores, totals, racks,
 * clock), recomputed by replay and ignored by the parser.
 * Round trip: `parseGameRecord(formatGameRecord(events))` gives the events back when they are
 * canonical (faces normalised, `blank` only when true) — the replayable prefix only.
 */
import { applyEvent, type GameEvent, type GameState, type StartEvent } from "../game";
import * as C from "../clock";
import type { Placement } from "../play";
import type { Result } from "../ruleset";
import { isRulesetId } from "../ruleset";
import { isGameChallengeRule } from "../challenge";
import { normaliseFace } from "../tiles";
import * as squares from "./squares";
import { decodeRack, encodeRack, encodeTile, readTile } from "./tokens";

function formatPlay(ps: readonly Placement[]): string {
  const norm = ps.map((p) => ({ ...p, tile: normaliseFace(p.tile) }));
  const across = norm.length > 0 && norm.every((p, i) => p.row === norm[0].row && (i === 0 || p.col > norm[i - 1].col));
  const down = !across && norm.length > 1 && norm.every((p, i) => p.col === norm[0].col && (i === 0 || p.row > norm[i - 1].row));
  if (across || down) {
    let s = squares.start(norm[0].row, norm[0].col, down ? "down" : "across") + " ";
    for (let i = 0; i < norm.length; i++) {
      if (i > 0) {
        const gap = down ? norm[i].row - norm[i - 1].row - 1 : norm[i].col - norm[i - 1].col - 1;
        s += ".".repeat(gap);
      }
      s += encodeTile(norm[i]);
    }
    return s;
  }
  return norm.map((p) => `${squares.start(p.row, p.col, "across")} ${encodeTile(p)}`).join(" ");
}

function clockText(ms: number): string {
  const neg = ms < 0;
  const a = Math.abs(ms);
  const m = Math.floor(a / 60000);
  const sec = ((a % 60000) / 1000).toFixed(3).padStart(6, "0");
  return `${neg ? "-" : ""}${m}:${sec}`;
}

function header(e: StartEvent): string[] {
  const h = ["#equalis-game 1", `#ruleset ${e.ruleset}`];
  if (e.options !== undefined) h.push(`#options ${JSON.stringify(e.options)}`);
  if (e.challengeRule !== undefined) h.push(`#challenge-rule ${e.challengeRule}`);
  if (e.challengeMode !== undefined) h.push(`#challenge-mode ${e.challengeMode}`);
  if (e.maxScorelessTurns !== undefined) h.push(`#max-scoreless ${e.maxScorelessTurns}`);
  if (e.virtualRacks !== undefined) h.push(`#virtual-racks ${e.virtualRacks}`);
  if (e.timeControl !== undefined) h.push(`#time-control ${JSON.stringify(e.timeControl)}`);
  h.push(`#seed ${e.seed}`);
  for (const p of e.players) h.push(p.name !== undefined ? `#player ${p.id} ${p.name}` : `#player ${p.id}`);
  h.push(`#start ${e.at}`);
  return h;
}

/**
 * How event lines name each player: the display name where it reads back to that one player,
 * else the id (see the module header). A name is also refused when it, or it followed by ": ",
 * begins another player's name or id, so the reader's longest-match finds exactly this player.
 */
export function recordHandles(players: readonly { id: string; name?: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  const ok = (name: string | undefined, id: string): name is string => {
    if (name === undefined || name.trim() !== name || name === "" || /[\r\n]/.test(name) || name.includes(" ; ") || name.includes(": ")) return false;
    return players.every((q) => q.id === id || (q.name !== name && q.id !== name && !(q.name ?? "").startsWith(`${name}: `) && !q.id.startsWith(`${name}: `)));
  };
  for (const p of players) out.set(p.id, ok(p.name, p.id) ? p.name : p.id);
  return out;
}

function eventLine(e: GameEvent, who: (id: string) => string): string {
  const at = `@${e.at}`;
  switch (e.type) {
    case "play":
      return `>${who(e.player)}: play ${formatPlay(e.placements)} ${at}`;
    case "exchange":
      return `>${who(e.player)}: exchange ${encodeRack(e.tiles.map((t) => (t === "?" ? t : normaliseFace(t))))} ${at}`;
    case "pass":
      return `>${who(e.player)}: pass${e.forfeit ? " forfeit" : ""} ${at}`;
    case "challenge":
      return `>${who(e.challenger)}: challenge ${at}`;
    case "resign":
    case "timeout":
      return `>${who(e.player)}: ${e.type} ${at}`;
    case "time-penalty":
      return `>${who(e.player)}: time-penalty ${e.points} ${e.overtimeMs} ${at}`;
    case "time-bonus":
      return `>${who(e.player)}: time-bonus ${e.points} ${at}`;
    case "pause":
    case "resume":
    case "end":
    case "director-end":
      return `${e.type} ${at}`;
    default:
      return `; ${(e as { type: string }).type}`;
  }
}

function annotate(before: GameState, after: GameState, e: GameEvent): string {
  const parts: string[] = [];
  const nameOf = (k: number) => after.players[k].name ?? after.players[k].id;
  const who = "player" in e ? e.player : e.type === "challenge" ? e.challenger : null;
  const i = who === null ? -1 : after.players.findIndex((p) => p.id === who);
  // Virtual racks (over-the-board games) are not the real racks: never annotate them.
  if ((e.type === "play" || e.type === "exchange" || e.type === "pass") && !before.options.virtualRacks) parts.push(`rack ${encodeRack(before.racks[i]) || "-"}`);
  if (e.type === "challenge" && before.pending) {
    const j = before.pending.player;
    parts.push(`${before.pending.valid ? "play stands" : "play withdrawn"}: ${nameOf(j)} ${after.scores[j] - before.scores[j] >= 0 ? "+" : ""}${after.scores[j] - before.scores[j]} total ${after.scores[j]}`);
  } else if (i >= 0) {
    const d = after.scores[i] - before.scores[i];
    parts.push(`score ${d >= 0 ? "+" : ""}${d} total ${after.scores[i]}`);
  }
  if (after.clock && i >= 0) parts.push(`clock ${clockText(C.remaining(after.clock, i, e.at))}`);
  if (after.end && !before.end) {
    const s = after.end.rackSettlement.map((x, k) => `${nameOf(k)} ${x >= 0 ? "+" : ""}${x}`).join(", ");
    parts.push(`game decided (${after.end.reason}); racks: ${s}`);
  }
  if (e.type === "end" && after.end?.reason === "director") parts.push(`board ${after.scores.join("/")}; the result is the one the director entered`);
  else if (e.type === "end" && after.end?.winners) parts.push(`final ${after.scores.join("/")}; winners ${after.end.winners.map(nameOf).join(", ")}`);
  return parts.length ? ` ; ${parts.join("; ")}` : "";
}

/** The record of a game: the replayable prefix of `events`, annotated. A refused event is noted
 * in a final comment line. Never throws. */
export function formatGameRecord(events: readonly GameEvent[]): string {
  const lines: string[] = [];
  let state: GameState | null = null;
  let handles = new Map<string, string>();
  const who = (id: string) => handles.get(id) ?? id;
  for (let k = 0; k < events.length; k++) {
    const e = events[k];
    const r = applyEvent(state, e);
    if (!r.ok) {
      lines.push(`; event ${k} refused: ${r.error.code} ${r.error.message.replace(/[\r\n]+/g, " ")}`);
      break;
    }
    if (e.type === "start") {
      lines.push(...header(e));
      handles = recordHandles(e.players);
    } else lines.push(eventLine(e, who) + annotate(state!, r.value, e));
    state = r.value;
  }
  return lines.join("\n") + "\n";
}

function parsePlayArgs(args: string[]): Placement[] | null {
  if (args.length === 0 || args.length % 2 !== 0) return null;
  const out: Placement[] = [];
  for (let k = 0; k < args.length; k += 2) {
    const c = squares.parse(args[k]);
    if (!c) return null;
    const s = args[k + 1];
    let i = 0;
    let r = c.row;
    let col = c.col;
    while (i < s.length) {
      if (s[i] === ".") {
        i++;
      } else {
        const t = readTile(s, i);
        if (!t) return null;
        const p: Placement = { row: r, col, tile: t.tile.face };
        if (t.tile.blank) p.blank = true;
        if (t.tile.brackets) p.brackets = t.tile.brackets;
        if (t.tile.bracketLines) p.bracketLines = t.tile.bracketLines;
        out.push(p);
        i = t.next;
      }
      if (c.direction === "down") r++;
      else col++;
    }
  }
  return out;
}

/** Read a record back into events (annotations ignored). */
export function parseGameRecord(text: string): Result<GameEvent[]> {
  const r = readGameRecord(text);
  return r.ok ? { ok: true, value: r.value.events } : r;
}

/** A record read back, with where each event stands in the text. */
export interface ReadRecord {
  events: GameEvent[];
  /** 1-based line of each event (the start event's is the `#start` line), so a caller that
   * replays the events can say on which line the game went wrong */
  lines: number[];
}

/** `parseGameRecord`, also giving each event's line. Errors start "line N: ". Never throws. */
export function readGameRecord(text: string): Result<ReadRecord> {
  const err = (line: number, e: string): Result<ReadRecord> => ({ ok: false, error: `line ${line}: ${e}` });
  const lineOf: number[] = [];
  const lines = text.split(/\r?\n/);
  const h: Record<string, string> = {};
  const players: { id: string; name?: string }[] = [];
  const events: GameEvent[] = [];
  let started = false;
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n];
    if (raw.trim() === "" || raw.startsWith(";")) continue;
    if (raw.startsWith("#")) {
      if (started) return err(n + 1, "a header line after #start");
      const sp = raw.indexOf(" ");
      const key = sp < 0 ? raw.slice(1) : raw.slice(1, sp);
      const val = sp < 0 ? "" : raw.slice(sp + 1);
      if (key === "player") {
        const s2 = val.indexOf(" ");
        players.push(s2 < 0 ? { id: val } : { id: val.slice(0, s2), name: val.slice(s2 + 1) });
        continue;
      }
      h[key] = val;
      if (key !== "start") continue;
      if (h["equalis-game"] !== "1") return err(n + 1, "not an equalis-game 1 record");
      if (!isRulesetId(h.ruleset)) return err(n + 1, "unknown ruleset");
      if (!/^\d+$/.test(val)) return err(n + 1, "#start needs a time");
      const st: StartEvent = { type: "start", at: Number(val), ruleset: h.ruleset, players, seed: h.seed ?? "" };
      try {
        if (h.options !== undefined) st.options = JSON.parse(h.options);
        if (h["challenge-rule"] !== undefined) {
          if (!isGameChallengeRule(h["challenge-rule"])) return err(n + 1, "unknown challenge rule");
          st.challengeRule = h["challenge-rule"];
        }
        if (h["challenge-mode"] !== undefined) st.challengeMode = h["challenge-mode"] === "true";
        if (h["max-scoreless"] !== undefined) st.maxScorelessTurns = h["max-scoreless"] === "null" ? null : Number(h["max-scoreless"]);
        if (h["virtual-racks"] !== undefined) st.virtualRacks = h["virtual-racks"] === "true";
        if (h["time-control"] !== undefined) st.timeControl = JSON.parse(h["time-control"]);
      } catch {
        return err(n + 1, "bad JSON in the header");
      }
      events.push(st);
      lineOf.push(n + 1);
      started = true;
      continue;
    }
    if (!started) return err(n + 1, "events before #start");
    const body = raw.split(" ; ")[0].trim();
    const words = body.split(" ");
    const atW = words.pop() ?? "";
    if (!/^@\d+$/.test(atW)) return err(n + 1, "an event ends with @time");
    const at = Number(atW.slice(1));
    if (!words[0]?.startsWith(">")) {
      if (words.length === 1 && (words[0] === "pause" || words[0] === "resume" || words[0] === "end" || words[0] === "director-end")) {
        events.push({ type: words[0], at });
        lineOf.push(n + 1);
        continue;
      }
      return err(n + 1, `cannot read "${body}"`);
    }
    // ">Alice Smith: play …" or ">alice: play …": the longest player name or id followed by ": "
    let id = "";
    let rest = "";
    let best = -1;
    // ids first, so an id wins a tie with a name (the writer never names a player by another's id)
    const handles = [...players.map((p) => [p.id, p.id]), ...players.filter((p) => p.name !== undefined).map((p) => [p.name!, p.id])];
    for (const [handle, pid] of handles) {
      if (handle.length > best && body.startsWith(`>${handle}: `)) {
        best = handle.length;
        id = pid;
        rest = body.slice(handle.length + 3);
      }
    }
    if (best < 0) {
      // not a player of the header: read the first word as the id (the engine's replay refuses it)
      id = words[0].slice(1, -1);
      if (!words[0].endsWith(":") || id === "") return err(n + 1, "a player event starts with >name: or >id:");
      rest = body.slice(body.indexOf(" ") + 1);
    }
    const restWords = rest.split(" ");
    restWords.pop(); // the @time, read above
    const verb = restWords[0];
    const args = restWords.slice(1);
    const int = (s: string | undefined): number | null => (s !== undefined && /^\d+$/.test(s) ? Number(s) : null);
    switch (verb) {
      case "play": {
        const ps = parsePlayArgs(args);
        if (!ps) return err(n + 1, "cannot read the play");
        events.push({ type: "play", at, player: id, placements: ps });
        break;
      }
      case "exchange": {
        const tiles = args.length === 1 ? decodeRack(args[0]) : null;
        if (!tiles) return err(n + 1, "cannot read the exchanged tiles");
        events.push({ type: "exchange", at, player: id, tiles });
        break;
      }
      case "pass":
        if (args.length === 0) events.push({ type: "pass", at, player: id });
        else if (args.length === 1 && args[0] === "forfeit") events.push({ type: "pass", at, player: id, forfeit: true });
        else return err(n + 1, "pass takes only 'forfeit'");
        break;
      case "challenge":
        events.push({ type: "challenge", at, challenger: id });
        break;
      case "resign":
      case "timeout":
        events.push({ type: verb, at, player: id });
        break;
      case "time-penalty": {
        const p = int(args[0]);
        const o = int(args[1]);
        if (p === null || o === null || args.length !== 2) return err(n + 1, "time-penalty POINTS OVERTIME_MS");
        events.push({ type: "time-penalty", at, player: id, points: p, overtimeMs: o });
        break;
      }
      case "time-bonus": {
        const p = int(args[0]);
        if (p === null || args.length !== 1) return err(n + 1, "time-bonus POINTS");
        events.push({ type: "time-bonus", at, player: id, points: p });
        break;
      }
      default:
        return err(n + 1, `unknown event "${verb}"`);
    }
    lineOf.push(n + 1);
  }
  if (!started) return { ok: false, error: "no #start line" };
  return { ok: true, value: { events, lines: lineOf } };
}
