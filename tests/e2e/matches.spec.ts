import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./helpers";
import { findEndPhony, findOpeningPlay } from "../integration/matches.helpers";

async function rackOf(page: Page): Promise<string[]> {
  const tiles = page.getByTestId("rack-tile");
  await expect(tiles.first()).toBeVisible();
  return tiles.evaluateAll((els) => els.map((e) => e.getAttribute("data-face") ?? ""));
}

async function waitForTurn(page: Page) {
  await expect(page.getByTestId("turn")).toHaveText(/^Your turn\./, { timeout: 15_000 });
}

test("[MATCHES]: two players play a timed Equate game with a challenged phony and an overtime penalty", async ({ browser }) => {
  test.setTimeout(150_000);
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  await signUp(a, "Ann Equals");
  await signUp(b, "Ben Sums");

  // Ann opens a seat through a link: 9 s per player, single challenge rule, Ann moves first.
  await a.getByRole("link", { name: "Play" }).click();
  await expect(a.getByRole("heading", { name: "New match" })).toBeVisible();
  await a.getByLabel("Challenge rule").selectOption("single");
  await a.getByLabel("Minutes per player").fill("0.15");
  await a.getByLabel("Who moves first").selectOption("creator");
  await a.getByRole("button", { name: "Create match" }).click();
  await expect(a.getByTestId("waiting-room")).toBeVisible();
  const link = (await a.getByTestId("join-link").textContent())!.trim();

  await b.goto(link);
  await expect(b.getByRole("heading", { name: "You are challenged" })).toBeVisible();
  await b.getByRole("button", { name: "Accept and play" }).click();
  await expect(b.getByTestId("board")).toBeVisible();

  // Whoever is on move with an opening play types it; without one, they exchange a tile.
  let [mover, other] = [a, b];
  await waitForTurn(a);
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
  await expect(other.getByTestId("scoresheet")).toContainText(opening!.faces.join(""));

  // The opponent lays a phony by clicking a rack tile then a square; the browser preview warns.
  const phony = findEndPhony(opening!.placements, await rackOf(other));
  expect(phony).not.toBeNull();
  await other.locator(`[data-testid="rack-tile"][data-face="${phony!.tile}"]`).first().click();
  await other.getByTestId(`sq-${phony!.row}-${phony!.col}`).click();
  await expect(other.getByTestId("preview")).toHaveText(/^Not valid/);
  await other.getByRole("button", { name: "Submit play" }).click();

  // The first player challenges: the play comes off and the turn is lost.
  await expect(mover.getByRole("button", { name: "Challenge last play" })).toBeVisible();
  await mover.getByRole("button", { name: "Challenge last play" }).click();
  await expect(mover.getByTestId("scoresheet")).toContainText("play withdrawn");
  await expect(other.getByTestId("scoresheet")).toContainText("play withdrawn");
  await waitForTurn(mover);
  await mover.getByRole("button", { name: "Pass" }).click();

  // The opponent lets their clock run into overtime, then passes: two passes in a row end the game.
  await waitForTurn(other);
  const myClock = other.locator('[data-testid^="player-"]', { hasText: "(you)" }).locator('[data-testid^="clock-"]');
  await expect(myClock).toHaveText(/^−/, { timeout: 30_000 });
  await other.getByRole("button", { name: "Pass" }).click();

  for (const page of [a, b]) {
    await expect(page.getByTestId("game-summary")).toBeVisible();
    await expect(page.getByTestId("game-summary")).toContainText("time penalty -10");
    await expect(page.locator('[data-testid="sheet-row"][data-type="time-penalty"]')).toHaveCount(1);
  }
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
