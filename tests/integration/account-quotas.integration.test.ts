/**
 * What one signed-in account may ask for without end (docs/security.md "Limits"): game imports
 * are counted per account (`ACCOUNT_ALLOWANCE.imports`, through the procedure), and an account may
 * have at most `ACCOUNT_ALLOWANCE.analysisQueue` analyses queued or running at once — asking
 * again for one it has is always answered, and another account is not held up. A record whose JSON
 * escapes a lone surrogate (which PostgreSQL's jsonb refuses) is a 400 naming its line.
 */
import { beforeAll, expect, it } from "vitest";
import { ACCOUNT_ALLOWANCE } from "@/server/limits";
import { requestAnalysis } from "@/server/services/analysis/jobs";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

/** The shortest finished game: the first player resigns. */
const RECORD = "#equalis-game 1\n#ruleset equate\n#seed s\n#player alice\n#player bob Bob B\n#start 0\n>alice: resign @5\nend @5\n";

describeDb("account quotas and hostile records", (db) => {
  let json = "";
  beforeAll(async () => {
    const api = callerFor(db(), await seedUser(db()));
    const { matchId } = await api.matches.importRecord({ text: RECORD });
    json = (await api.matches.record({ matchId, format: "json" })).text;
  });

  it(`an account imports at most ${ACCOUNT_ALLOWANCE.imports.burst} records at once: then 429, another account is not held up`, async () => {
    const api = callerFor(db(), await seedUser(db()));
    for (let i = 0; i < ACCOUNT_ALLOWANCE.imports.burst; i++) await api.matches.importRecord({ text: RECORD });
    await expect(api.matches.importRecord({ text: RECORD })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/Too many game imports/) });
    await expect(callerFor(db(), await seedUser(db())).matches.importRecord({ text: RECORD })).resolves.toMatchObject({ matchId: expect.any(String) });
  });

  it(`an account has at most ${ACCOUNT_ALLOWANCE.analysisQueue} analyses queued or running; asking again for one of them is answered`, async () => {
    const user = await seedUser(db());
    const api = callerFor(db(), user);
    const games = [];
    for (let i = 0; i <= ACCOUNT_ALLOWANCE.analysisQueue; i++) games.push((await api.matches.importRecord({ text: RECORD })).matchId);
    for (const id of games.slice(0, -1)) expect((await requestAnalysis(db(), id, user.id)).status).toBe("queued");
    await expect(requestAnalysis(db(), games.at(-1)!, user.id)).rejects.toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/waiting or running/) });
    expect((await requestAnalysis(db(), games[0]!, user.id)).status).toBe("queued");
    expect((await requestAnalysis(db(), games.at(-1)!, (await seedUser(db())).id)).status).toBe("queued");
  });

  it("a JSON record escaping a lone surrogate (a name, a player id, the seed) is a 400 with its line, never a 500", async () => {
    const api = callerFor(db(), await seedUser(db()));
    const start = JSON.parse(json) as Record<string, unknown>[];
    const first = start[0] as { players: { id: string; name?: string }[]; seed: string };
    const variants = [
      JSON.stringify([{ ...first, players: [{ ...first.players[0], name: "xSURy" }, first.players[1]] }, ...start.slice(1)], null, 1),
      JSON.stringify([{ ...first, seed: "xSURy" }, ...start.slice(1)], null, 1),
      // a player id: the start event names it, and so does every later event of that player
      JSON.stringify(start, null, 1).replaceAll(`"${first.players[0]!.id}"`, '"xSURy"'),
    ].map((t) => t.replaceAll("SUR", "\\ud800"));
    // a low surrogate alone, and one in a key of the options
    variants.push(variants[0]!.replace("\\ud800", "\\udc00"), JSON.stringify([{ ...first, options: { "k\ud800": 1 } }, ...start.slice(1)], null, 1));
    for (const text of variants) {
      const err = await api.matches.importRecord({ text }).catch((e: Error) => e);
      expect(err, text).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^Line 2: .*lone surrogate/) });
    }
  });
});
