import { expect, test } from "./fixtures";
import { signUp } from "./helpers";

test("[scorekeeper]: a scorekeeper records an over-the-board game, a phony is challenged off, and the replay steps through it", async ({ page }) => {
  await signUp(page, "Sam Scorekeeper");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Scorekeeper" }).click();
  await page.getByRole("link", { name: "New over-the-board game" }).click();
  await page.getByLabel("Challenge rule").selectOption("single");
  await page.getByLabel("Minutes per player (empty or 0: untimed)").fill("25");
  await page.getByLabel("Player 1 (moves first)").fill("Alice Board");
  await page.getByLabel("Player 2").fill("Bob Board");
  await page.getByRole("button", { name: "Start the game" }).click();
  await expect(page).toHaveURL(/\/scorekeeper\/[0-9a-f-]{36}$/);
  const station = page.getByTestId("station");
  await expect(station.getByRole("heading")).toHaveText("Scorekeeper: Alice Board vs Bob Board");

  // 1. Alice lays 1+2=3 from J10 across and presses her clock; the scorekeeper enters it.
  await page.getByTestId("clock-0").click();
  await expect(page.getByTestId("clock-1")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("square").fill("10J");
  await page.getByTestId("tiles").fill("1+2=3");
  await expect(page.getByTestId("preview")).toContainText("Valid:");
  await page.getByTestId("record-play").click();
  await expect(page.getByTestId("sheet-row")).toHaveCount(2);
  const alice1 = Number(await page.getByTestId("score-0").textContent());
  expect(alice1).toBeGreaterThan(0);

  // 2. Bob hangs "=4" under the 3 (3=4, a phony that stands until challenged) — entered by clicking the board.
  await page.getByTestId("sq-10-13").click();
  await page.getByTestId("sq-10-13").click(); // second click on the start square: down
  await expect(page.getByTestId("square")).toHaveValue("N11");
  await page.getByTestId("tiles").fill("=4");
  await expect(page.getByTestId("preview")).toContainText("Not valid");
  await page.getByTestId("record-play").click();
  await expect(page.getByTestId("sheet-row")).toHaveCount(3);
  await expect(page.getByTestId("score-1")).not.toHaveText("0");

  // Alice challenges: the play comes off and Bob loses the turn (single rule).
  await page.getByTestId("challenge-0").click();
  await expect(page.getByTestId("scoresheet")).toContainText("play withdrawn");
  await expect(page.getByTestId("score-1")).toHaveText("0");

  // 3. Alice again: 2=2 down through the 2 (L10), after tapping her clock.
  await page.getByTestId("clock-0").click();
  await page.getByTestId("square").fill("L11");
  await page.getByTestId("tiles").fill("=2");
  await expect(page.getByTestId("preview")).toContainText("Valid:");
  await page.getByTestId("record-play").click();
  await expect(page.getByTestId("sheet-row")).toHaveCount(5);
  const alice2 = Number(await page.getByTestId("score-0").textContent());
  expect(alice2).toBeGreaterThan(alice1);
  await expect(page.getByTestId("scoresheet")).toContainText(`${alice2} / 0`);

  // A pause for a ruling, then on again.
  await page.getByRole("button", { name: "Pause for a ruling" }).click();
  await page.getByRole("button", { name: "Resume clocks" }).click();
  await expect(page.getByRole("button", { name: "Pause for a ruling" })).toBeVisible();

  // The game page replays it move by move.
  await page.getByRole("link", { name: "Game page and replay" }).click();
  await expect(page.getByTestId("move-row")).toHaveCount(7);
  await expect(page.getByTestId("replay-pos")).toHaveText("7 / 7");
  await page.getByRole("button", { name: "First", exact: true }).click();
  await expect(page.getByTestId("replay-pos")).toHaveText("1 / 7");
  await expect(page.getByTestId("board").locator("[aria-label$=': 1']")).toHaveCount(0);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByTestId("replay-scores")).toContainText(`Alice Board ${alice1}`);
  await expect(page.getByTestId("board").getByLabel("J10: 1")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("replay-pos")).toHaveText("3 / 7");
  await expect(page.getByTestId("board").getByLabel("N12: 4")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("board").getByLabel("N12: 4")).toHaveCount(0);
  await page.getByRole("button", { name: "Last", exact: true }).click();
  await expect(page.getByTestId("replay-scores")).toContainText(`Alice Board ${alice2}`);
});
