/**
 * Game records in and out (`matches.importRecord`, server/services/matches/import.ts): a game
 * played on the platform (both seats moved by the bot through the normal move path), exported,
 * imported and exported again gives the same record — for the text notation and the JSON, in every
 * ruleset. A bad record is refused with the line at fault and stores nothing; an imported game is
 * finished, marked and never rated.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { matches } from "@/db/schema/matches";
import { RULESET_IDS, type RulesetId } from "@/engine";
import { playBotTurns } from "@/server/services/bot/turns";
import { MAX_RECORD_CHARS } from "@/server/services/matches/import-schemas";
import type { Db } from "@/db/client";
import { callerFor, seedMatch, seedUser } from "../helpers/seed";
import { describeDb } from "../helpers/db";

type Caller = ReturnType<typeof callerFor>;

/** A finished game between two users, every move chosen by the bot and sent through submitMove. */
async function playedGame(db: Db, ruleset: RulesetId, timed: boolean): Promise<string> {
  const { matchId } = await seedMatch(db, {
    names: ["Ann Lee", "Bo Chen"],
    ruleset,
    timeControl: timed ? { initialMs: 600_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 3 } : null,
  });
  const r = await playBotTurns(db, matchId, { isBot: () => true, maxNodes: 100_000, maxMoves: 400 });
  expect(r.status).toBe("finished");
  return matchId;
}

/** The record with the move after the first play replaced by that play again, by the next
 * player at that move's time: its squares are taken, so the engine refuses it on that line. */
function replayedOnTakenSquares(text: string): { text: string; line: number } {
  const lines = text.split("\n");
  const k = lines.findIndex((l) => l.startsWith(">") && l.includes(": play "));
  const j = lines.findIndex((l, i) => i > k && l.startsWith(">"));
  // ">Name: play 10H … @t": players are named by display name, which may hold spaces
  const play = lines[k]!.split(" ; ")[0]!;
  const next = lines[j]!.split(" ; ")[0]!;
  const args = play.slice(play.indexOf(": play ") + 2).split(" ").slice(0, -1);
  lines[j] = `${next.slice(0, next.indexOf(": "))}: ${args.join(" ")} ${next.split(" ").at(-1)}`;
  return { text: lines.join("\n"), line: j + 1 };
}

const matchCount = async (db: Db) => (await db.select({ n: count() }).from(matches))[0]!.n;

describeDb("game records in and out", (db) => {
  let api: Caller;
  const played = new Map<RulesetId, string>();
  beforeAll(async () => {
    api = callerFor(db(), await seedUser(db(), { name: "Importer" }));
    for (const id of RULESET_IDS) played.set(id, await playedGame(db(), id, id === "equate"));
  }, 240_000);

  it.each(RULESET_IDS)("%s: text export → import → export is identical", async (id) => {
    const first = await api.matches.record({ matchId: played.get(id)!, format: "text" });
    expect(first.complete).toBe(true);
    expect(first.text.split("\n").filter((l) => l.startsWith(">")).length).toBeGreaterThan(4);
    const { matchId } = await api.matches.importRecord({ text: first.text });
    expect(matchId).not.toBe(played.get(id));
    const again = await api.matches.record({ matchId, format: "text" });
    expect(again.text).toBe(first.text);
  });

  it.each(RULESET_IDS)("%s: JSON export → import → export is identical", async (id) => {
    const first = await api.matches.record({ matchId: played.get(id)!, format: "json" });
    const { matchId } = await api.matches.importRecord({ text: first.text, format: "json" });
    const again = await api.matches.record({ matchId, format: "json" });
    expect(again.text).toBe(first.text);
    // and the same game in the other notation
    const t1 = await api.matches.record({ matchId: played.get(id)!, format: "text" });
    expect((await api.matches.record({ matchId, format: "text" })).text).toBe(t1.text);
  });

  it("an imported game is finished, replayable, marked and never rated; its players are names only", async () => {
    const orig = await api.matches.get({ matchId: played.get("equate")! });
    const { text } = await api.matches.record({ matchId: orig.id, format: "text" });
    const { matchId } = await api.matches.importRecord({ text });
    const v = await api.matches.get({ matchId });
    expect(v).toMatchObject({ status: "finished", imported: true, rated: false, ruleset: "equate", viewerSeat: null });
    expect(orig.imported).toBe(false);
    expect(v.players.map((p) => [p.name, p.score, p.winner])).toEqual(orig.players.map((p) => [p.name, p.score, p.winner]));
    expect(v.game!.sheet).toEqual(orig.game!.sheet);
    expect(v.result).toEqual(orig.result);
    // the players' accounts do not list it
    const ann = orig.players[0]!.userId;
    const annApi = callerFor(db(), { id: ann, email: "x@example.org", name: "Ann Lee" } as never);
    expect((await annApi.matches.mine()).map((m) => m.id)).not.toContain(matchId);
    // never rated: the database refuses to mark it rated
    await expect(db().update(matches).set({ rated: true }).where(eq(matches.id, matchId))).rejects.toThrow();
  });

  it("a play the rules refuse: the line at fault, nothing stored", async () => {
    const { text } = await api.matches.record({ matchId: played.get("equate")!, format: "text" });
    const { text: bad, line } = replayedOnTakenSquares(text);
    const before = await matchCount(db());
    const err = await api.matches.importRecord({ text: bad }).catch((e: Error) => e);
    expect(err).toMatchObject({ code: "BAD_REQUEST" });
    expect((err as Error).message).toMatch(new RegExp(`^Line ${line}: .*already holds`));
    expect(await matchCount(db())).toBe(before);
  });

  it("syntax faults and unfinished games name their line", async () => {
    const { text } = await api.matches.record({ matchId: played.get("smath")!, format: "text" });
    const lines = text.split("\n");
    const k = lines.findIndex((l) => l.startsWith(">"));
    const garbled = [...lines.slice(0, k), ">nobody: dance @5", ...lines.slice(k + 1)].join("\n");
    await expect(api.matches.importRecord({ text: garbled })).rejects.toThrow(new RegExp(`^Line ${k + 1}: Unknown event "dance"`));
    // cut before the game ended: refused at the last line given
    const cut = lines.slice(0, k + 3).join("\n");
    await expect(api.matches.importRecord({ text: cut })).rejects.toThrow(new RegExp(`^Line ${k + 3}: The record ends before the game is over`));
  });

  it("JSON: a syntax error, an unknown field and an illegal event each name their line", async () => {
    const { text } = await api.matches.record({ matchId: played.get("number-scrabble")!, format: "json" });
    const lines = text.split("\n");
    // a missing comma between the first two events
    const close = lines.indexOf(" },");
    const noComma = [...lines.slice(0, close), " }", ...lines.slice(close + 1)].join("\n");
    await expect(api.matches.importRecord({ text: noComma })).rejects.toThrow(new RegExp(`^Line ${close + 2}: This is not valid JSON`));
    // an unknown field in the third event: the line where that event opens
    const events = JSON.parse(text) as Record<string, unknown>[];
    events[2] = { ...events[2], note: "x" };
    const withNote = JSON.stringify(events, null, 1);
    const third = withNote.split("\n").findIndex((l, i, all) => l === " {" && all.slice(0, i).filter((x) => x === " {").length === 2);
    await expect(api.matches.importRecord({ text: withNote })).rejects.toThrow(new RegExp(`^Line ${third + 1}: The ${String(events[2]!.type)} event is not one the game knows`));
    // the second player moving first: the engine's refusal, on that event's line
    const swapped = JSON.parse(text) as Record<string, unknown>[];
    const p2 = (swapped[0]!.players as { id: string }[])[1]!.id;
    const firstMove = swapped.findIndex((e) => "player" in e);
    swapped[firstMove] = { ...swapped[firstMove], player: p2 };
    const out = JSON.stringify(swapped, null, 1);
    const line = out.split("\n").findIndex((l, i, all) => l === " {" && all.slice(0, i).filter((x) => x === " {").length === firstMove) + 1;
    await expect(api.matches.importRecord({ text: out })).rejects.toThrow(new RegExp(`^Line ${line}: `));
  });

  it("a player the record names only by id is shown by that id", async () => {
    const text = "#equalis-game 1\n#ruleset equate\n#seed s\n#player alice\n#player bob Bob B\n#start 0\n>alice: resign @5\nend @5\n";
    const { matchId } = await api.matches.importRecord({ text });
    const v = await api.matches.get({ matchId });
    expect(v.players.map((p) => p.name)).toEqual(["alice", "Bob B"]);
    expect(v.result).toMatchObject({ reason: "resign", winners: ["bob"] });
  });

  it("needs a signed-in user and limits the size", async () => {
    const { text } = await api.matches.record({ matchId: played.get("equate")!, format: "text" });
    await expect(callerFor(db()).matches.importRecord({ text })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(api.matches.importRecord({ text: "x".repeat(MAX_RECORD_CHARS + 1) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(api.matches.importRecord({ text: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(api.matches.importRecord({ text: "[1, 2]" })).rejects.toThrow(/^Line 1: /);
  });
});
