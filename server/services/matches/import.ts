/**
 * Importing a game record (docs/records.md): a finished game played elsewhere — over the board,
 * on another site, or exported from here — becomes a finished match that the game page replays.
 *
 * - Formats: the engine's text notation (`readGameRecord`, engine/notation/record.ts) and the event
 *   JSON that `matches.record` exports. Either way the events are judged one by one by the engine
 *   (`replay`), exactly as live moves are; the first one that does not apply is reported with its
 *   line in the pasted text ("Line 14: …") and nothing is stored.
 * - Only finished games: a record whose game is not over is refused (at its last line).
 * - What is stored is the record's events, unchanged, so exporting the imported game gives the
 *   record back (the round trip is tested for both formats and every ruleset). The players keep
 *   the record's ids and names but get no `match_players` rows: like an over-the-board station's
 *   guests, they are names, not accounts — an import cannot put a game into someone's history.
 * - Imported games are marked (`matches.imported_at`) and never rated: `rated` is false and a
 *   check constraint (migration 0016) keeps it so. Nothing is reported to a tournament.
 */
import type { Db } from "@/db/client";
import { readGameRecord, replay, sentence, type GameEvent } from "@/engine";
import { DomainError } from "@/server/errors";
import { foldAll } from "./state";
import { appendEvents, createMatchRow } from "./writer";
import { MAX_RECORD_EVENTS, importRecordInput, recordEventSchema, type ImportRecordInput } from "./import-schemas";

const refuse = (line: number, message: string): never => {
  throw new DomainError("INVALID", `Line ${line}: ${sentence(message)}`, "text");
};

/** 1-based line of each top-level element of a JSON array, by a scan that skips strings. */
function elementLines(text: string): number[] {
  const out: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\n") continue;
    if (depth === 1 && expectValue && c !== "]") {
      out.push(line);
      expectValue = false;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 1) expectValue = true;
  }
  return out;
}

/** The line of a character offset (JSON.parse names the offset of its complaint). */
const lineAt = (text: string, offset: number) => text.slice(0, Math.max(0, offset)).split("\n").length;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where a parsed JSON value holds a lone surrogate (in a string or a key), as a dotted path ("" for
 * the value itself), or null. JSON text may escape one (`"\ud800"`) though it has no UTF-8 form:
 * PostgreSQL's jsonb refuses it (SQLSTATE 22P02), so it is refused here with its line instead.
 */
function loneSurrogateAt(value: unknown, path = ""): string | null {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (LONE_SURROGATE.test(k)) return at;
    const found = loneSurrogateAt(v, at);
    if (found !== null) return found;
  }
  return null;
}

function readJson(text: string): { events: GameEvent[]; lines: number[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : "";
    const pos = /position (\d+)/.exec(msg);
    const lc = /\(line (\d+) column \d+\)/.exec(msg);
    refuse(lc ? Number(lc[1]) : pos ? lineAt(text, Number(pos[1])) : 1, `this is not valid JSON (${msg.replace(/\s*\(line \d+ column \d+\)/, "").replace(/ in JSON at position \d+.*$/, "")})`);
  }
  if (!Array.isArray(raw)) refuse(1, "a JSON record is an array of events, the start event first");
  const arr = raw as unknown[];
  if (arr.length > MAX_RECORD_EVENTS) refuse(1, `a record holds at most ${MAX_RECORD_EVENTS} events`);
  const lines = elementLines(text);
  const events: GameEvent[] = [];
  arr.forEach((e, k) => {
    const lone = loneSurrogateAt(e);
    if (lone !== null) refuse(lines[k] ?? 1, `event ${k + 1} holds text that is not well-formed Unicode (at ${lone || "the event"}): a \\u escape names a lone surrogate, half of a pair (\\uD800–\\uDFFF) without the other`);
    const r = recordEventSchema.safeParse(e);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const where = issue.path.length ? ` (at ${issue.path.join(".")})` : "";
      const kind = typeof e === "object" && e !== null && typeof (e as { type?: unknown }).type === "string" ? `the ${String((e as { type: string }).type)} event` : `event ${k + 1}`;
      refuse(lines[k] ?? 1, `${kind} is not one the game knows${where}: ${issue.message}`);
    }
    events.push(e as GameEvent);
  });
  return { events, lines };
}

function readText(text: string): { events: GameEvent[]; lines: number[] } {
  const r = readGameRecord(text);
  if (!r.ok) {
    const m = /^line (\d+): (.*)$/s.exec(r.error);
    refuse(m ? Number(m[1]) : 1, m ? m[2]! : r.error);
  }
  const v = (r as { ok: true; value: { events: GameEvent[]; lines: number[] } }).value;
  if (v.events.length > MAX_RECORD_EVENTS) refuse(v.lines[MAX_RECORD_EVENTS]!, `a record holds at most ${MAX_RECORD_EVENTS} events`);
  return v;
}

/** Import a finished game from its record; returns the new match. */
export async function importRecord(db: Db, userId: string, raw: ImportRecordInput, opts: { now?: number } = {}): Promise<{ matchId: string }> {
  const input = importRecordInput.parse(raw);
  const json = input.format === "json" || (input.format === "auto" && input.text.trimStart().startsWith("["));
  const { events, lines } = json ? readJson(input.text) : readText(input.text);
  const lastLine = input.text.replace(/\s+$/, "").split("\n").length;
  if (events.length === 0 || events[0]!.type !== "start") refuse(lines[0] ?? 1, "a record starts with the start event");
  const r = replay(events);
  if (r.error) refuse(lines[r.error.index] ?? lastLine, r.error.message);
  const s = r.state!;
  if (s.phase !== "over") refuse(lastLine, "the record ends before the game is over: only finished games can be imported");
  const start = events[0] as Extract<GameEvent, { type: "start" }>;
  const now = opts.now ?? Date.now();

  // the log folded with its scoresheet: the writer stores its cached fields and a snapshot
  const folded = foldAll(events.map((event, k) => ({ seq: k + 1, event, actorId: null })))!;
  const matchId = await db.transaction(async (tx) => {
    // A row waiting for its events; the writer's one statement then appends the whole record
    // and makes the row the finished game it describes.
    const m = (await createMatchRow(tx, {
      status: "active",
      mode: s.options.virtualRacks ? "otb" : "online",
      ruleset: start.ruleset,
      rulesetOptions: (start.options ?? {}) as Record<string, unknown>,
      challengeRule: s.options.challengeRule,
      timeControl: s.timeControl ? { ...s.timeControl } : null,
      rated: false,
      seats: s.players.length,
      firstMover: "creator",
      seed: s.seed,
      createdBy: userId,
      startedAt: new Date(start.at),
      updatedAt: new Date(now),
      importedAt: new Date(now),
    }))!;
    const appended = events.map((event, k) => ({ seq: k + 1, event, actorId: null, clientId: null }));
    await appendEvents(tx, { kind: "import", m, folded, appended, now, finishedAt: events[events.length - 1]!.at }, { locked: true });
    return m.id;
  });
  return { matchId };
}
