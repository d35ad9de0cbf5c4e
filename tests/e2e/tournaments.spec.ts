import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { randomBytes } from "node:crypto";
import { PASSWORD, signIn, signUp, uniqueEmail } from "./helpers";

/** Calls a tRPC mutation over HTTP (superjson envelope) with the cookies of `request`. */
async function trpc<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data.json as T;
}

/** Calls a tRPC query over HTTP GET with the cookies of `request`. */
async function trpcQuery<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data.json as T;
}

/** Two players, a director (signed in on `page`) and round 1 of a one-round Swiss, published. */
async function publishedBoard(page: Page, playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string | undefined, name: string) {
  const anon = await playwright.request.newContext({ baseURL });
  const players = await Promise.all(
    ["Ada", "Bo"].map(async (n) => {
      const email = uniqueEmail(n.toLowerCase());
      await trpc(anon, "accounts.signUp", { email, name: `${n} ${name}`, password: PASSWORD });
      return { email, name: `${n} ${name}` };
    }),
  );
  await anon.dispose();
  await signUp(page, `Director ${name}`);
  const club = await trpc<{ id: string }>(page.request, "clubs.create", { handle: `res-${randomBytes(3).toString("hex")}`, name: `${name} Club` });
  await trpc(page.request, "clubs.bulkAdd", { clubId: club.id, emails: players.map((p) => p.email).join("\n") });
  const t = await trpc<{ id: string }>(page.request, "tournaments.create", { clubId: club.id, name: `${name} Open`, startsAt: new Date().toISOString(), ruleset: "equate", rounds: 1 });
  await trpc(page.request, "tournaments.players.add", { tournamentId: t.id, emails: players.map((p) => p.email).join("\n"), checkIn: true, userIds: [] });
  await trpc(page.request, "tournaments.rounds.pair", { tournamentId: t.id });
  await trpc(page.request, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber: 1 });
  const o = await trpcQuery<{ rounds: { pairings: { id: string }[] }[] }>(page.request, "tournaments.byId", { tournamentId: t.id });
  return { tournamentId: t.id, pairingId: o.rounds[0]!.pairings[0]!.id, players };
}

const strength = (name: string) => Number(name.trim().split(" ").at(-1));
const score = (name: string) => 300 + 10 * strength(name);

async function playRound(page: Page, n: number, games: [string, string][]) {
  await page.getByRole("button", { name: `Pair round ${n}` }).click();
  await expect(page.getByTestId("draft")).toBeVisible();
  await expect(page.getByTestId("draft-row")).toHaveCount(3);
  await page.getByRole("button", { name: `Publish round ${n}` }).click();
  const section = page.getByTestId(`results-round-${n}`);
  await expect(section.getByTestId("result-row")).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    const row = section.getByTestId("result-row").nth(i);
    const a = (await row.getByTestId("first-player").textContent())!;
    const b = (await row.getByTestId("second-player").textContent())!;
    games.push([a, b]);
    await row.getByLabel(`Score for ${a}`).fill(String(score(a)));
    await row.getByLabel(`Score for ${b}`).fill(String(score(b)));
    await row.getByRole("button", { name: "Save" }).click();
    await expect(section.getByTestId("result-row").nth(i).getByTestId("saved")).toBeVisible();
  }
  await page.getByRole("button", { name: `Close round ${n}` }).click();
  await expect(page.getByTestId("round-state")).toHaveText(`Round ${n}: closed`);
}

test("[tournaments]: a director runs a 6-player Swiss from check-in to final standings", async ({ page, playwright, baseURL }) => {
  test.setTimeout(180_000);
  // Six players sign up through the API (a separate, cookie-less context).
  const anon = await playwright.request.newContext({ baseURL });
  const players = await Promise.all(
    [1, 2, 3, 4, 5, 6].map(async (i) => {
      const email = uniqueEmail(`sam${i}`);
      await trpc(anon, "accounts.signUp", { email, name: `Sam ${i}`, password: PASSWORD });
      return { email, name: `Sam ${i}` };
    }),
  );
  await anon.dispose();

  // The director signs up, creates a club and bulk-adds the players as members.
  await signUp(page, "Dina Director");
  const club = await trpc<{ id: string }>(page.request, "clubs.create", { handle: `swiss-${randomBytes(3).toString("hex")}`, name: "Swiss Night Club" });
  await trpc(page.request, "clubs.bulkAdd", { clubId: club.id, emails: players.map((p) => p.email).join("\n") });

  // Create the tournament through the form.
  await page.goto("/tournaments");
  await page.getByRole("link", { name: "Create a tournament" }).click();
  await page.getByLabel("Name").fill("Friday Swiss");
  await page.getByLabel("Format").selectOption("swiss");
  await page.getByLabel("Rounds (Swiss / King of the Hill)").fill("3");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { name: "Friday Swiss: director's dashboard" })).toBeVisible();
  const id = page.url().split("/tournaments/")[1]!.split("/")[0]!;

  // Registration and check-in.
  await page.getByLabel(/Add players by e-mail/).fill(players.map((p) => p.email).join("\n"));
  await page.getByRole("button", { name: "Add players" }).click();
  await expect(page.getByTestId("add-report")).toContainText("Added 6");
  await page.getByRole("button", { name: "Check in everyone" }).click();
  await expect(page.getByTestId("entry-status").filter({ hasText: "checked-in" })).toHaveCount(6);

  // Three rounds: pair, publish, results, close.
  const games: [string, string][] = [];
  for (let n = 1; n <= 3; n++) await playRound(page, n, games);
  await expect(page.getByText("Finished", { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId("audit-log")).toContainText("published a round");

  // Expected standings from the scores entered.
  const tally = new Map(players.map((p) => [p.name, { wins: 0, spread: 0 }]));
  for (const [a, b] of games) {
    const d = score(a) - score(b);
    tally.get(a)!.spread += d;
    tally.get(b)!.spread -= d;
    tally.get(d > 0 ? a : b)!.wins += 1;
  }
  expect(new Set(games.map((g) => [...g].sort().join("|"))).size).toBe(9); // no repeats
  const expected = [...tally.entries()].sort((x, y) => y[1].wins - x[1].wins || y[1].spread - x[1].spread);

  await page.getByRole("link", { name: "Standings", exact: true }).click();
  const rows = page.getByTestId("standing-row");
  await expect(rows).toHaveCount(6);
  for (let i = 0; i < 2; i++) {
    const [name, t] = expected[i]!;
    await expect(rows.nth(i).getByTestId("standing-name")).toHaveText(name);
    await expect(rows.nth(i).getByTestId("standing-wins")).toHaveText(String(t.wins));
    await expect(rows.nth(i).getByTestId("standing-spread")).toHaveText(t.spread > 0 ? `+${t.spread}` : String(t.spread));
  }
  await expect(rows.nth(0).getByTestId("standing-name")).toHaveText("Sam 6");
  await expect(rows.nth(0).getByTestId("standing-wins")).toHaveText("3");
  await expect(rows.nth(0)).toContainText("is above");

  // Public pages and exports.
  const csv = await page.request.get(`/tournaments/${id}/standings.csv`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).split("\r\n")[1]).toContain("Sam 6");
  await page.getByRole("link", { name: "Overview & pairings" }).click();
  await expect(page.getByTestId("pairings-round-3").getByTestId("pairing-row")).toHaveCount(3);
  await expect(page.getByTestId("tournament-status")).toHaveText("Finished");
});

test("[tournaments]: a director's result form says what is wrong with each score, then saves", { tag: "@deep" }, async ({ page, playwright, baseURL }) => {
  const { tournamentId, pairingId } = await publishedBoard(page, playwright, baseURL, "Check");
  await page.goto(`/tournaments/${tournamentId}/manage`);
  const row = page.getByTestId("results-round-1").getByTestId("result-row");
  const a = (await row.getByTestId("first-player").textContent())!;
  const b = (await row.getByTestId("second-player").textContent())!;
  const boxA = row.getByLabel(`Score for ${a}`);
  const boxB = row.getByLabel(`Score for ${b}`);
  const save = row.getByRole("button", { name: "Save" });

  // Two empty boxes are not a 0–0 tie.
  await save.click();
  await expect(row.getByText(`Enter a score for ${a}.`)).toBeVisible();
  await expect(row.getByText(`Enter a score for ${b}.`)).toBeVisible();
  await expect(boxA).toHaveAttribute("aria-invalid", "true");
  await expect(row.getByTestId("saved")).toHaveCount(0);

  // −5 and 99999: a sentence under the box at fault; the other box is fine.
  await boxA.fill("-5");
  await boxB.fill("99999");
  await save.click();
  await expect(row.getByText("A score cannot be negative.")).toBeVisible();
  await expect(row.getByText("A score is at most 9,999.")).toBeVisible();
  await expect(row.getByText(`Enter a score for ${b}.`)).toHaveCount(0);
  await expect(row).not.toContainText("origin");
  await page.screenshot({ path: "/tmp/result-form-errors.png", fullPage: true });
  await expect(row.getByTestId("saved")).toHaveCount(0);

  // The server applies the same rule and answers with the sentence, never a 5xx.
  const refused = await page.request.post("/api/trpc/tournaments.enterResult", {
    data: { json: { tournamentId, pairingId, scores: Object.fromEntries((await boardPlayers(page.request, tournamentId)).map((id, i) => [id, i === 0 ? 99_999 : 300])) } },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.json.data.zodError.fieldErrors.scores).toEqual(["A score is at most 9,999."]);

  // A valid result saves.
  await boxA.fill("412");
  await boxB.fill("377");
  await save.click();
  await expect(row.getByTestId("saved")).toBeVisible();
  await expect(row.getByLabel(`Score for ${a}`)).toHaveValue("412");
  await expect(row.getByRole("alert")).toHaveCount(0);
});

test("[tournaments]: the director's result ends a running game, and its player sees it end", { tag: "@deep" }, async ({ page, browser, playwright, baseURL }) => {
  const { tournamentId, pairingId, players } = await publishedBoard(page, playwright, baseURL, "Live");
  // A player starts the board's game and watches it.
  const ctx = await browser.newContext({ baseURL });
  const player = await ctx.newPage();
  await signIn(player, players[0]!.email);
  await expect(player.getByTestId("user-name")).toHaveText(players[0]!.name);
  const { matchId } = await trpc<{ matchId: string }>(player.request, "matches.createFromPairing", { pairingId });
  await player.goto(`/play/${matchId}`);
  // A fair start: the opponent has not come, so the director starts the clocks.
  await expect(player.getByTestId("board-waiting")).toBeVisible();
  await trpc(page.request, "matches.startNow", { matchId });
  await expect(player.getByTestId("turn")).toBeVisible();

  await page.goto(`/tournaments/${tournamentId}/manage`);
  const row = page.getByTestId("results-round-1").getByTestId("result-row");
  const a = (await row.getByTestId("first-player").textContent())!;
  const b = (await row.getByTestId("second-player").textContent())!;
  await expect(row.getByTestId("game-running")).toBeVisible();
  await row.getByLabel(`Score for ${a}`).fill("250");
  await row.getByLabel(`Score for ${b}`).fill("310");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByTestId("saved")).toBeVisible();
  await expect(row.getByTestId("game-running")).toHaveCount(0);

  // Live, without a reload: the game is over, ended by the director's result, with its winner.
  const summary = player.getByTestId("game-summary");
  await expect(summary).toContainText("ended by the tournament director's result");
  await expect(summary).toContainText(`${b} won`);
  await expect(player.getByTestId("turn")).toHaveCount(0);
  // The players' strip shows the final result, not the score the game had reached (0–0).
  const strip = (name: string) => player.getByTestId(/^player-\d$/).filter({ hasText: name });
  await expect(strip(a).getByTestId(/^score-\d$/)).toHaveText("250");
  await expect(strip(b).getByTestId(/^score-\d$/)).toHaveText("310");
  await expect(strip(a).getByTestId(/^outcome-\d$/)).toHaveText("Lost");
  await expect(strip(b).getByTestId(/^outcome-\d$/)).toHaveText("Won");
  await player.getByTestId("clocks").screenshot({ path: test.info().outputPath("final-strip.png") });
  await ctx.close();
});

/** The user ids of round 1's first board, in table order. */
async function boardPlayers(request: APIRequestContext, tournamentId: string): Promise<string[]> {
  const o = await trpcQuery<{ rounds: { pairings: { players: { userId: string }[] }[] }[] }>(request, "tournaments.byId", { tournamentId });
  return o.rounds[0]!.pairings[0]!.players.map((p) => p.userId);
}
