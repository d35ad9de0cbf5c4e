import { expect, test, type Page } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";
import { pairedSwiss } from "./tournament-setup";
import { findEndPhony, findOpeningPlay } from "../integration/matches.helpers";

async function rackOf(page: Page): Promise<string[]> {
  const tiles = page.getByTestId("rack-tile");
  await expect(tiles.first()).toBeVisible();
  return tiles.evaluateAll((els) => els.map((e) => e.getAttribute("data-face") ?? ""));
}

async function waitForTurn(page: Page) {
  await expect(page.getByTestId("turn")).toHaveText(/^Your turn\./, { timeout: 15_000 });
}

/**
 * Plays a game to the end from its first turn (`first` is on move): an opening play, a phony the
 * opponent lays and the first player challenges off (both see the outcome and the outlined square),
 * then each player in turn lets their clock run into overtime and passes, which ends the game.
 * Both pages show the game-over summary with a time penalty of -10 for each player.
 */
async function playPhonyAndOvertime(first: Page, second: Page) {
  // Whoever is on move with an opening play types it; without one, they exchange a tile.
  let [mover, other] = [first, second];
  await waitForTurn(first);
  let opening: ReturnType<typeof findOpeningPlay> = null;
  for (let i = 0; i < 8 && !opening; i++) {
    await waitForTurn(mover);
    const rack = await rackOf(mover);
    opening = findOpeningPlay(rack);
    if (opening) {
      await mover.getByLabel("Type a play").fill(opening.faces.join(""));
      await mover.getByRole("button", { name: "Place typed tiles" }).click();
      await expect(mover.getByTestId("preview")).toHaveText(new RegExp(`^Valid: ${opening.score} points`));
      await mover.getByRole("button", { name: "Submit play" }).click();
    } else {
      await mover.getByRole("button", { name: "Exchange…" }).click();
      await mover.getByTestId("rack-tile").first().click();
      await mover.getByRole("button", { name: "Exchange selected tiles" }).click();
      [mover, other] = [other, mover];
    }
  }
  expect(opening).not.toBeNull();
  // the opponent sees the play on the board and the scoresheet
  await waitForTurn(other);
  // the sheet writes a space between a number and a fraction tile ("2 1/2"): compare without spaces
  await expect.poll(async () => (await other.getByTestId("scoresheet").textContent())!.replace(/\s+/g, "")).toContain(opening!.faces.join(""));

  // The opponent lays a phony by clicking a rack tile then a square; the browser preview warns.
  const phony = findEndPhony(opening!.placements, await rackOf(other));
  expect(phony).not.toBeNull();
  await other.locator(`[data-testid="rack-tile"][data-face="${phony!.tile}"]`).first().click();
  // The rack is a list of toggle buttons: the chosen tile reads as pressed to assistive technology.
  await expect(other.getByRole("list", { name: "Your rack" }).getByRole("button", { pressed: true })).toHaveCount(1);
  await other.getByTestId(`sq-${phony!.row}-${phony!.col}`).click();
  await expect(other.getByTestId("preview")).toHaveText(/^Not valid/);
  await other.getByRole("button", { name: "Submit play" }).click();

  // The first player challenges: the play comes off and the turn is lost.
  await expect(mover.getByRole("button", { name: "Challenge last play" })).toBeVisible();
  await mover.getByRole("button", { name: "Challenge last play" }).click();
  await expect(mover.getByTestId("scoresheet")).toContainText("play withdrawn");
  await expect(other.getByTestId("scoresheet")).toContainText("play withdrawn");
  // Both players see the outcome with the engine's reason, and the square the phony came off
  // outlined (not the last play's ring: that square is empty now) until the next move.
  const phonySquare = (page: Page) => page.getByTestId(`sq-${phony!.row}-${phony!.col}`);
  for (const page of [mover, other]) {
    await expect(page.getByTestId("challenge-outcome")).toContainText("comes off the board");
    await expect(page.getByTestId("challenge-outcome")).toContainText(/Engine: .+\./);
    await expect(phonySquare(page)).toHaveAttribute("data-challenged", "off");
    await expect(phonySquare(page)).not.toHaveAttribute("data-face");
    await expect(phonySquare(page)).toHaveCSS("outline-style", "dashed");
  }
  await expect(mover.locator("[data-challenged]")).toHaveCount(1);
  // The last-play ring goes back to the play still on the board (the opening), not the empty square.
  for (const page of [mover, other]) {
    await expect(phonySquare(page)).not.toHaveAttribute("data-last-play");
    await expect(page.locator("[data-last-play]")).toHaveCount(opening!.placements.length);
  }
  await mover.screenshot({ path: test.info().outputPath("challenge-outline.png") });
  await waitForTurn(mover);

  // Overtime, made independent of the machine's speed: each player lets their own clock run into
  // overtime before passing (two passes in a row end the game). Whatever the load, both are then
  // in overtime by less than a minute, so each is charged exactly one started minute: -10 each.
  // (Before, only the second player waited, and the first one's 18 s ran out or not depending on
  // how fast the machine played her three turns.)
  for (const page of [mover, other]) {
    await waitForTurn(page);
    const myClock = page.locator('[data-testid^="player-"]', { hasText: "(you)" }).locator('[data-testid^="clock-"]');
    await expect(myClock).toHaveText(/^−/, { timeout: 30_000 });
    await page.getByRole("button", { name: "Pass" }).click();
    // the pass is the next move: the challenge's outline is gone
    await expect(page.locator("[data-challenged]")).toHaveCount(0);
  }

  for (const page of [first, second]) {
    await expect(page.getByTestId("game-summary")).toBeVisible();
    for (const seat of [0, 1]) await expect(page.getByTestId(`summary-${seat}`)).toContainText("(time penalty -10)");
    await expect(page.locator('[data-testid="sheet-row"][data-type="time-penalty"]')).toHaveCount(2);
  }
  return { mover, other, opening: opening! };
}

test("[MATCHES]: two players play a timed Equate game with a challenged phony and an overtime penalty", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(150_000);
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  await signUp(a, "Ann Equals");
  await signUp(b, "Ben Sums");

  // Ann opens a seat through a link: 18 s per player (both end in overtime by design, see
  // playPhonyAndOvertime), single challenge rule, Ann moves first.
  await a.getByRole("link", { name: "Play", exact: true }).click();
  await expect(a.getByRole("heading", { name: "New match" })).toBeVisible();
  await a.getByLabel("Challenge rule").selectOption("single");
  await a.getByLabel("Minutes per player").fill("0.3");
  await a.getByLabel("Who moves first").selectOption("creator");
  await a.getByRole("button", { name: "Create match" }).click();
  await expect(a.getByTestId("waiting-room")).toBeVisible();
  const link = (await a.getByTestId("join-link").textContent())!.trim();

  await b.goto(link);
  await expect(b.getByRole("heading", { name: "You are challenged" })).toBeVisible();
  const checkedIn = b.waitForResponse((r) => r.url().includes("matches.checkIn"));
  await b.getByRole("button", { name: "Accept and play" }).click();
  await expect(b.getByTestId("board")).toBeVisible();
  // Accepting counted as coming, but this is Ben's first look at the game: no "Welcome back".
  expect((await checkedIn).ok()).toBe(true);
  await b.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(b.getByTestId("reconnect-notice")).toHaveCount(0);

  await playPhonyAndOvertime(a, b);

  // Spectators (signed out) can watch the finished game and read its record.
  const url = a.url();
  const ctxC = await browser.newContext();
  const c = await ctxC.newPage();
  await c.goto(url);
  await expect(c.getByTestId("game-summary")).toBeVisible();
  await expect(c.getByTestId("rack")).toHaveCount(0);
  await c.getByRole("link", { name: "Game record" }).click();
  await expect(c.getByTestId("record")).toContainText("#equalis-game");
  for (const ctx of [ctxA, ctxB, ctxC]) await ctx.close();
});

test("[MATCHES]: a tournament game is played to the end in two browsers and its result reaches the pairings and standings", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(150_000);
  const ctxs = await Promise.all([0, 1, 2].map(() => browser.newContext()));
  const [dir, p, q] = await Promise.all(ctxs.map((c) => c.newPage()));
  const players = [
    { page: p!, name: "Nora Numbers", email: uniqueEmail("nora") },
    { page: q!, name: "Omar Operand", email: uniqueEmail("omar") },
  ];
  await signUp(dir!, "Tilda Director");
  for (const pl of players) await signUp(pl.page, pl.name, pl.email);

  // A 2-player Swiss with a tiny clock (15 s each, -10 per started overtime minute) and the single
  // challenge rule; round 1 is paired and published.
  const { tournamentId } = await pairedSwiss(dir!, {
    name: "Blitz Equate Swiss",
    emails: players.map((pl) => pl.email),
    timeControl: { initialMs: 15_000, overtimePenaltyPoints: 10 },
    challengeRule: "single",
    // the full validity preview (a rated event's default is off): the phony below is laid knowingly
    preview: "full",
  });
  const tournamentUrl = `/tournaments/${tournamentId}`;

  // The board's first player (seat 0, who moves first) starts the game from the pairing row.
  await p!.goto(tournamentUrl);
  const row = p!.getByTestId("pairings-round-1").getByTestId("pairing-row");
  await expect(row).toHaveCount(1);
  const firstName = (await row.getByTestId("first-player").textContent())!.trim();
  const secondName = (await row.getByTestId("second-player").textContent())!.trim();
  expect([firstName, secondName].sort()).toEqual(players.map((pl) => pl.name).sort());
  const first = players.find((pl) => pl.name === firstName)!.page;
  const second = players.find((pl) => pl.name === secondName)!.page;
  if (first !== p) await first.goto(tournamentUrl);
  await first.getByTestId("pairings-round-1").getByTestId("pairing-start-match").click();
  await expect(first).toHaveURL(/\/play\/[0-9a-f-]+$/);
  // A fair start: no board and no clock until the opponent comes.
  await expect(first.getByTestId("board-waiting")).toContainText("The clocks start when both players are here.");
  const matchUrl = first.url();

  // The opponent opens the same game from the tournament page's "Play" link.
  await second.goto(tournamentUrl);
  await second.getByTestId("pairings-round-1").getByRole("link", { name: "Play" }).click();
  await expect(second).toHaveURL(matchUrl);
  await expect(second.getByTestId("board")).toBeVisible();
  await expect(first.getByTestId("board")).toBeVisible();

  await playPhonyAndOvertime(first, second);

  // The final scores and the winner, as the game-over summary shows them.
  const summary = await first.getByTestId("game-summary").textContent();
  const scoreOf = (name: string) => Number(new RegExp(`${name}: (-?\\d+)`).exec(summary!)![1]);
  const [s1, s2] = [scoreOf(firstName), scoreOf(secondName)];
  // The racks are random, so the game can end level (one CI run ended -28 to -28): a tie is a
  // result like any other and the rest of the test follows whichever happened.
  const tie = s1 === s2;
  const [winner, loser] = s1 > s2 ? [firstName, secondName] : [secondName, firstName];
  await expect(first.getByTestId("game-summary")).toContainText(tie ? "Tie: " : `${winner} won`);

  // The tournament page shows the match's score on the pairing row, and the game can be reviewed.
  await dir!.goto(tournamentUrl);
  const dirRow = dir!.getByTestId("pairings-round-1").getByTestId("pairing-row");
  await expect(dirRow).toContainText(`${s1}–${s2}`);
  await expect(dirRow.getByTestId("pairing-match-link")).toHaveText("Review");

  // Standings: the winner has 1 win and the spread of the game (a tie: ½ each, spread 0).
  await dir!.goto(`${tournamentUrl}/standings`);
  const rows = dir!.getByTestId("standing-row");
  await expect(rows).toHaveCount(2);
  const spread = Math.abs(s1 - s2);
  if (tie) {
    // level on every count, the order between them is the tiebreak's business: both are listed
    expect((await rows.getByTestId("standing-name").allTextContents()).map((t) => t.trim()).sort()).toEqual([firstName, secondName].sort());
    for (const i of [0, 1]) {
      await expect(rows.nth(i).getByTestId("standing-wins")).toHaveText("½");
      await expect(rows.nth(i).getByTestId("standing-spread")).toHaveText("0");
    }
  } else {
    await expect(rows.nth(0).getByTestId("standing-name")).toHaveText(winner);
    await expect(rows.nth(0).getByTestId("standing-wins")).toHaveText("1");
    await expect(rows.nth(0).getByTestId("standing-spread")).toHaveText(`+${spread}`);
    await expect(rows.nth(1).getByTestId("standing-name")).toHaveText(loser);
    await expect(rows.nth(1).getByTestId("standing-wins")).toHaveText("0");
  }
  for (const ctx of ctxs) await ctx.close();
});
