import { expect, test, type Page } from "./fixtures";
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

/** The faces along the line of the best play drawn on the board (its shown squares and the tiles
 * of the board before the turn they join), read as the analysis list writes a line:
 * "672+42+5=719" (spaces dropped). */
async function shownLine(page: Page): Promise<{ text: string; first: string }> {
  return page.getByTestId("analysis-board").evaluate((board) => {
    const at = (r: number, c: number) => board.querySelector<HTMLElement>(`[data-row="${r}"][data-col="${c}"]`);
    const face = (el: HTMLElement | null): string | null => {
      if (!el) return null;
      if (el.dataset.shown === "true") return el.getAttribute("aria-label")!.replace(/^[A-Z]+\d+: /, "").replace(/\?? \(best play\)$/, "").replace(/\? \(blank\)$/, "");
      // the play made is drawn too (amber ring), but the best play is read on the board before the turn
      return el.dataset.lastPlay === "true" ? null : (el.dataset.face ?? null);
    };
    const shown = [...board.querySelectorAll<HTMLElement>('[data-shown="true"]')].map((el) => ({ r: Number(el.dataset.row), c: Number(el.dataset.col) }));
    const [p0, p1] = shown;
    const across = p1 ? p1.r === p0!.r : face(at(p0!.r, p0!.c - 1)) !== null || face(at(p0!.r, p0!.c + 1)) !== null;
    const [dr, dc] = across ? [0, 1] : [1, 0];
    let [r, c] = [p0!.r, p0!.c];
    while (face(at(r - dr, c - dc)) !== null) [r, c] = [r - dr, c - dc];
    const first = at(r, c)!.dataset.square!;
    let text = "";
    for (; face(at(r, c)) !== null; [r, c] = [r + dr, c + dc]) text += face(at(r, c));
    return { text, first: `${first} ${across ? "across" : "down"}` };
  });
}

test("[analysis]: a finished game is analysed by itself — progress, the board with coordinates and the best play in blue, whole lines, a clicked best play drawn, the chart, ←/→, phone size", { tag: "@deep" }, async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, `Analyst ${Date.now() % 100_000}`);
  const matchId = await finishedGameAgainstTheBot(page);

  // the game's end queued its analysis: nobody asks for it
  await page.goto(`/matches/${matchId}`);
  await expect(page.getByTestId("analysis-link")).toHaveText(/^(Analysis in progress|View analysis)$/);
  await page.getByTestId("analysis-link").click();
  await expect(page).toHaveURL(new RegExp(`/matches/${matchId}/analysis$`));
  await expect(page.getByRole("button", { name: "Analyse this game" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/progress.png` });

  const pos = page.getByTestId("analysis-pos");
  await expect(pos).toHaveText(/^Turn 1 \/ \d+$/, { timeout: 120_000 });
  const total = Number((await pos.textContent())!.split("/")[1]);
  expect(total).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("lost-bar")).toHaveCount(total);
  await expect(page.getByTestId("analysis-summary").locator("tbody tr")).toHaveCount(2);
  // coordinates round the board, as on the live board
  const boardEl = page.getByTestId("analysis-board");
  await expect(boardEl.getByRole("columnheader", { name: "A", exact: true })).toBeVisible();
  await expect(boardEl.getByRole("rowheader", { name: "1", exact: true })).toBeVisible();

  // step through every turn with the keyboard: my pass is there, and each turn with a best play
  // draws it in blue on the board; the list names each play by the whole line it makes
  let sawPass = false;
  let sawBest = false;
  let clicked = false;
  for (let i = 1; i <= total; i++) {
    await expect(pos).toHaveText(`Turn ${i} / ${total}`);
    if ((await page.getByTestId("made").textContent())!.includes("a pass (0)")) sawPass = true;
    const shown = boardEl.locator('[data-shown="true"]');
    const items = page.getByTestId("best-plays").getByRole("button");
    const n = await items.count();
    if (n > 0) {
      await expect(shown.first()).toBeVisible();
      await expect(shown.first()).toHaveAttribute("aria-label", /\(best play\)$/);
      await expect(items.first()).toHaveAttribute("aria-pressed", "true");
      await expect(items.first()).toContainText(/ at [A-Z]\d+ (across|down)(; also .*)? — \d+$/);
      // the first play's text is the whole line drawn on the board, not its new tiles alone
      const line = await shownLine(page);
      const listed = (await items.first().textContent())!;
      expect(listed.split(" at ")[0]!.replace(/ /g, "")).toBe(line.text);
      expect(listed).toContain(` at ${line.first}`);
      expect(line.text.length).toBeGreaterThan(0);
      if (n > 1 && !clicked) {
        // a click on another best play draws that one instead
        const before = await shown.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")).join("|"));
        await items.nth(1).click();
        await expect(items.nth(1)).toHaveAttribute("aria-pressed", "true");
        await expect(items.first()).toHaveAttribute("aria-pressed", "false");
        await expect.poll(() => shown.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")).join("|"))).not.toBe(before);
        const second = await shownLine(page);
        expect((await items.nth(1).textContent())!.split(" at ")[0]!.replace(/ /g, "")).toBe(second.text);
        await page.screenshot({ path: `${SHOTS}/clicked-best.png`, fullPage: true });
        clicked = true;
      }
      sawBest = true;
    } else await expect(shown).toHaveCount(0);
    if (i < total) await page.keyboard.press("ArrowRight");
  }
  expect(sawPass).toBe(true);
  expect(sawBest).toBe(true);
  expect(clicked).toBe(true);
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

  // phone size: the board (with its coordinates) and the turn's detail fit the width; the mouse steps turns too
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
