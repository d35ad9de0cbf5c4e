import { expect, test, type Page } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";
import { pairedSwiss } from "./tournament-setup";

/** Screenshots for a person to look at (kept with the run's output, never committed). */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

test("[LIVEPLAY]: an opponent's e-mail typed without clicking the suggestion is invited, not turned into an open link", { tag: "@deep" }, async ({ page, browser }) => {
  const other = await browser.newContext();
  const op = await other.newPage();
  const email = uniqueEmail("rae");
  await signUp(op, "Rae Invitee", email);
  await signUp(page, "Sam Inviter");
  await page.goto("/play");
  // The challenge rule starts at each game's own rule (docs/spec/rulesets.md) and follows the game picked.
  const rule = page.getByLabel("Challenge rule");
  await expect(rule).toHaveValue("retry");
  for (const [game, own] of [["smath", "single"], ["number-scrabble", "double"], ["equate", "retry"]] as const) {
    await page.getByLabel("Game", { exact: true }).selectOption(game);
    await expect(rule).toHaveValue(own);
  }
  // A rated game never previews validity, and the form says so.
  await expect(page.getByTestId("rated-hint")).toContainText("A rated game never previews validity");
  // Nothing anybody is called: refused with a sentence, no game made.
  await page.getByLabel(/^Opponent/).fill("nobody-by-this-name@example.test");
  await page.getByRole("button", { name: "Create match" }).click();
  await expect(page.getByTestId("opponent-error")).toContainText("No player matches");
  await expect(page).toHaveURL(/\/play$/);
  // The exact e-mail, typed and submitted at once (Enter), without touching the suggestion list.
  await page.getByLabel(/^Opponent/).fill(email);
  await page.getByLabel(/^Opponent/).press("Enter");
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]+$/);
  const room = page.getByTestId("waiting-room");
  await expect(room).toContainText("Rae Invitee — invited");
  await expect(page.getByTestId("join-link")).toHaveCount(0);
  // …and the invitation reaches her.
  await op.goto("/play");
  await expect(op.getByTestId("games-Waiting to start")).toContainText("challenge for you");
  await other.close();
});

test("[LIVEPLAY]: a tournament board waits for both players, counts down the no-show rule, shows round and table, live to a signed-out spectator, with the preview off; overtime costs points as it accrues; a resignation ends in a summary with a rematch", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(180_000);
  const ctxs = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext({ viewport: { width: 390, height: 844 } })]);
  const [dir, p, q] = await Promise.all(ctxs.map((c) => c.newPage()));
  const players = [
    { page: p!, name: "Una Present", email: uniqueEmail("una") },
    { page: q!, name: "Vic Later", email: uniqueEmail("vic") },
  ];
  await signUp(dir!, "Wren Director");
  for (const pl of players) await signUp(pl.page, pl.name, pl.email);
  // A rated event (its preview defaults to off) with a 10-second clock and a 5-minute no-show rule.
  const { tournamentId } = await pairedSwiss(dir!, { name: "Fair Start Open", emails: players.map((pl) => pl.email), timeControl: { initialMs: 10_000, overtimePenaltyPoints: 10 }, noShowMinutes: 5 });
  const url = `/tournaments/${tournamentId}`;

  // The first player presses Start match: no board, no clock — the opponent is not here yet.
  await p!.goto(url);
  await p!.getByTestId("pairings-round-1").getByTestId("pairing-start-match").click();
  await expect(p!).toHaveURL(/\/play\/[0-9a-f-]+$/);
  const matchUrl = p!.url();
  const waiting = p!.getByTestId("board-waiting");
  await expect(waiting).toContainText("Round 1, table 1. The clocks start when both players are here.");
  await expect(waiting).toContainText("Una Present — here (you)");
  await expect(waiting).toContainText("Vic Later — not here yet");
  await expect(p!.getByTestId("no-show-countdown")).toContainText(/If Vic Later has not come in 4:5\d, the game is forfeited/);
  await expect(p!.getByTestId("round-table")).toHaveText(" · round 1, table 1");
  // no round clock runs (the round has no timer): no separator is left dangling after the table
  await expect(p!.getByTestId("game-facts")).toHaveText(/ · round 1, table 1$/);
  await expect(p!.getByTestId("board")).toHaveCount(0);
  await shot(p!, "waiting-desktop");

  // The opponent (on a phone) opens the game from the tournament page: the clocks start for both.
  await q!.goto(url);
  await q!.getByTestId("pairings-round-1").getByRole("link", { name: "Play" }).click();
  await expect(q!).toHaveURL(matchUrl);
  await expect(q!.getByTestId("board")).toBeVisible();
  await expect(p!.getByTestId("board")).toBeVisible();
  await expect(p!.getByTestId("clock-0")).toBeVisible();
  await expect(q!.getByTestId("clocks")).toBeInViewport();

  // Whoever is on move lays a tile: the preview gives the tiles' points only (rated event: off).
  const seat0 = (await p!.getByTestId("player-0").textContent())!.includes("(you)") ? p! : q!;
  await expect(seat0.getByTestId("turn")).toHaveText(/^Your turn\./);
  await seat0.getByTestId("rack-tile").first().click();
  await seat0.getByTestId("sq-0-0").click();
  await expect(seat0.getByTestId("preview")).toHaveText(/^(Tile points: \d+|Cannot be played: .+)$/);
  await expect(seat0.getByTestId("preview")).not.toContainText("alid");

  // The 10-second clock runs low, then out: the low-time warning, then overtime costing 10 points.
  // (the warning shows from 10 s left; on a busy machine the page may already be past it)
  await expect(seat0.getByTestId("low-time").or(seat0.getByTestId("overtime-0"))).toBeVisible();
  await expect(seat0.getByTestId("overtime-0")).toContainText("You are in overtime", { timeout: 20_000 });
  await expect(seat0.getByTestId("overtime-0")).toContainText("−10 points so far");
  const other = seat0 === p! ? q! : p!;
  await expect(other.getByTestId("overtime-0")).toContainText("in overtime");

  // A signed-out spectator finds the game from the navigation's "Live now".
  const spectatorCtx = await browser.newContext();
  const spectator = await spectatorCtx.newPage();
  await spectator.goto("/");
  await spectator.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Live now" }).click();
  const row = spectator.getByTestId("live-game").filter({ hasText: "Fair Start Open" });
  await expect(row).toContainText("round 1, table 1");
  await expect(row.getByTestId("live-player")).toHaveCount(2);
  // New players read "1500?" here as on their player page (one presentation), not "unrated".
  await expect(row.getByTestId("live-rating")).toHaveText(["1500?", "1500?"]);
  await expect(row).toContainText("Una Present");
  await expect(row).toContainText("Vic Later");
  await row.getByRole("link", { name: "Watch" }).click();
  await expect(spectator).toHaveURL(matchUrl);
  await expect(spectator.getByTestId("rack-tile")).toHaveCount(0);
  await spectatorCtx.close();

  // The phone player leaves and comes back: a reconnect notice.
  await q!.reload();
  await expect(q!.getByTestId("reconnect-notice")).toContainText("Welcome back");
  await shot(q!, "game-phone");
  await shot(p!, "game-desktop");

  // The first player resigns: both see the summary; the other offers a rematch.
  p!.once("dialog", (d) => void d.accept());
  await p!.getByRole("button", { name: "Resign" }).click();
  await expect(p!.getByTestId("game-summary")).toContainText("Vic Later won — ended by resignation.");
  await expect(q!.getByTestId("game-summary")).toContainText("Vic Later won");
  // The director's dashboard calls it what it was — a resignation (a played, rated game), not a forfeit.
  await dir!.goto(`${url}/manage`);
  const board = dir!.getByTestId("results-round-1").getByTestId("result-row").first();
  await expect(board.locator("select option:checked")).toHaveText("Una Present resigned");
  await board.screenshot({ path: "/tmp/ratings-dashboard-resigned.png" });
  await shot(q!, "summary-phone");
  // On the phone the scoresheet fits the screen: every column (Totals, Clock) inside its box.
  const sheet = q!.getByTestId("scoresheet");
  await sheet.scrollIntoViewIfNeeded();
  expect(await sheet.evaluate((el) => ({ overflow: el.scrollWidth - el.clientWidth, right: el.getBoundingClientRect().right <= 390, page: document.documentElement.scrollWidth <= 390 }))).toEqual({ overflow: 0, right: true, page: true });
  await expect(sheet.getByRole("columnheader", { name: "Clock" })).toBeInViewport();
  await sheet.screenshot({ path: test.info().outputPath("scoresheet-phone.png") });
  await q!.getByRole("button", { name: "Rematch" }).click();
  await expect(q!).toHaveURL(/\/play\/[0-9a-f-]+$/);
  await expect(q!).not.toHaveURL(matchUrl);
  await expect(q!.getByTestId("waiting-room")).toContainText("Una Present — invited");
  for (const c of ctxs) await c.close();
});
