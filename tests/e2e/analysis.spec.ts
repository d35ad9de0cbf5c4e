import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./helpers";

const SHOTS = process.env.ANALYSIS_SHOTS ?? "/tmp/i-analysis-shots";

/** Plays the bot: one pass of mine (it leaves the whole best play on the table), then I resign. */
async function finishedGameAgainstTheBot(page: Page): Promise<string> {
  await page.goto("/play");
  await page.getByLabel("Game against the bot").selectOption("equate");
  await page.getByRole("button", { name: "Play the bot" }).click();
  await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  const matchId = page.url().split("/").pop()!;
  await expect(page.getByTestId("turn")).toHaveText(/^Your turn\./, { timeout: 15_000 });
  const rows = page.getByTestId("sheet-row");
  const before = await rows.count();
  await page.getByRole("button", { name: "Pass" }).click();
  await expect(rows).toHaveCount(before + 2, { timeout: 30_000 }); // my pass and the bot's answer
  await expect(page.getByTestId("turn")).toHaveText(/^Your turn\./);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Resign" }).click();
  await expect(page.getByTestId("game-summary")).toContainText("ended by resignation");
  return matchId;
}

test("[analysis]: a finished game is analysed from its replay page — progress, the board with the best play in blue, the chart, ←/→, phone size", async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, `Analyst ${Date.now() % 100_000}`);
  const matchId = await finishedGameAgainstTheBot(page);

  await page.goto(`/matches/${matchId}`);
  await page.getByTestId("analysis-link").click();
  await expect(page).toHaveURL(new RegExp(`/matches/${matchId}/analysis$`));
  await page.getByRole("button", { name: "Analyse this game" }).click();
  // the request answers "queued" before any turn is worked: the progress bar shows
  await expect(page.getByRole("progressbar")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/progress.png` });

  const pos = page.getByTestId("analysis-pos");
  await expect(pos).toHaveText(/^Turn 1 \/ \d+$/, { timeout: 120_000 });
  const total = Number((await pos.textContent())!.split("/")[1]);
  expect(total).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("lost-bar")).toHaveCount(total);
  await expect(page.getByTestId("analysis-summary").locator("tbody tr")).toHaveCount(2);

  // step through every turn with the keyboard: my pass is there, and each turn with a best play
  // draws it in blue over the board (a play the bot made is always among its turn's candidates)
  let sawPass = false;
  let sawBest = false;
  for (let i = 1; i <= total; i++) {
    await expect(pos).toHaveText(`Turn ${i} / ${total}`);
    if ((await page.getByTestId("made").textContent())!.includes("a pass (0)")) sawPass = true;
    const bestTiles = page.getByTestId("best-tile");
    if ((await page.getByTestId("best-plays").locator("li").count()) > 0) {
      await expect(bestTiles.first()).toBeVisible();
      await expect(bestTiles.first()).toHaveAttribute("aria-label", /\(best play\)$/);
      // drawn exactly over its square of the board
      const square = (await bestTiles.first().getAttribute("aria-label"))!.split(":")[0]!;
      const [tile, under] = await Promise.all([bestTiles.first().boundingBox(), page.getByTestId("analysis-board").locator(`[data-square="${square}"]`).boundingBox()]);
      expect(Math.abs(tile!.y - under!.y)).toBeLessThan(2);
      expect(Math.abs(tile!.x - under!.x)).toBeLessThan(2);
      await expect(page.getByTestId("best-plays").locator("li").first()).toContainText(/ — \d+$/);
      sawBest = true;
    } else await expect(bestTiles).toHaveCount(0);
    if (i < total) await page.keyboard.press("ArrowRight");
  }
  expect(sawPass).toBe(true);
  expect(sawBest).toBe(true);
  await page.keyboard.press("Home");
  await expect(pos).toHaveText(`Turn 1 / ${total}`);
  await page.keyboard.press("ArrowRight");
  await expect(pos).toHaveText(`Turn 2 / ${total}`);
  await page.keyboard.press("ArrowLeft");
  await expect(pos).toHaveText(`Turn 1 / ${total}`);
  await page.screenshot({ path: `${SHOTS}/desktop.png`, fullPage: true });

  // the replay page now offers the stored analysis
  await page.getByRole("link", { name: "Back to the replay" }).click();
  await expect(page.getByTestId("analysis-link")).toHaveText("View analysis");

  // phone size: the board and the turn's detail fit the width; the mouse steps turns too
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("analysis-link").click();
  await expect(pos).toBeVisible();
  await page.getByRole("button", { name: "Next turn" }).click();
  await page.getByRole("button", { name: "Previous turn" }).click();
  const board = await page.getByTestId("analysis-board").boundingBox();
  expect(board!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/phone.png`, fullPage: true });
});
