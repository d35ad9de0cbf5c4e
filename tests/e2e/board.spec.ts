import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "./fixtures";
import { bestPlay, getRuleset, type Placement } from "@/engine";
import { signUp, uniqueEmail } from "./helpers";
import { api, pairedSwiss } from "./tournament-setup";

/**
 * The live board as a person uses it: a game against the practice bot played by mouse only and
 * by keyboard only, the layout at 1280×800 and on a 390×844 phone, and axe checks of the pages a
 * player, a scorekeeper, a judge and a spectator of standings use.
 *
 * "A whole game" here: a timed Equate game against the bot with real plays by the human (found by
 * the engine's move generator for the rack on screen; a rack with no play — no operator, say — is
 * exchanged whole, also with the one device) until two of them have scored, then the human resigns — the bot never passes twice, so resignation is the ending a test can reach in
 * bounded time. Every step of the game is done through the page with one input device.
 */

const equate = getRuleset("equate");
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A timed game against the bot (signed up through the form), opened on the play page. */
async function botGame(page: Page, name: string, timed = true): Promise<string> {
  await signUp(page, name);
  const { matchId } = await api<{ matchId: string }>(page, "matches.bot.challenge", { ruleset: "equate", timeControl: timed ? { initialMs: 20 * 60_000 } : null });
  await page.goto(`/play/${matchId}`);
  await expect(page.getByTestId("board")).toBeVisible();
  return matchId;
}

/** My turn, or the game is over: which one. */
async function myTurnOrOver(page: Page): Promise<"turn" | "over"> {
  const turn = page.getByTestId("turn").filter({ hasText: /^Your turn\./ });
  const over = page.getByTestId("game-summary");
  await expect(turn.or(over)).toBeVisible({ timeout: 20_000 });
  return (await over.isVisible()) ? "over" : "turn";
}

async function position(page: Page): Promise<{ board: Placement[]; rack: string[] }> {
  const board = await page.locator('[data-testid="board"] [data-face]').evaluateAll((els) =>
    els.map((e) => ({ row: Number(e.getAttribute("data-row")), col: Number(e.getAttribute("data-col")), tile: e.getAttribute("data-face")! })),
  );
  const rack = await page.getByTestId("rack-tile").evaluateAll((els) => els.map((e) => e.getAttribute("data-face")!));
  return { board, rack };
}

/** The engine's best play for what is on screen (the draft is empty at the start of a turn); null when the rack has none (say, no operator).
 * `typeable`: a play the board's typing can lay. Typed text is read a rack face at a time, so a blank
 * standing for a face of several characters that no rack tile has ("1/3", "12") is read as its first
 * character: such a play is replaced by the best play without the blanks. */
async function findPlay(page: Page, typeable = false): Promise<Placement[] | null> {
  const { board, rack } = await position(page);
  const firstPlay = board.length === 0;
  const best = bestPlay(equate, board, rack, { firstPlay })?.placements ?? null;
  if (!typeable || !best?.some((p) => p.blank && p.tile.length > 1)) return best;
  return bestPlay(equate, board, rack.filter((f) => f !== "?"), { firstPlay })?.placements ?? null;
}

const square = (page: Page, p: { row: number; col: number }): Locator => page.getByTestId(`sq-${p.row}-${p.col}`);

/** The rack tile (not yet laid) that a placement uses: its own face, else a blank. */
function rackTileFor(page: Page, p: Placement): Locator {
  return page.locator(`[data-testid="rack-tile"][data-face="${p.blank ? "?" : p.tile}"]:not([disabled])`).first();
}

async function expectInViewport(page: Page, size: { width: number; height: number }) {
  for (const loc of [page.getByTestId("board"), page.getByTestId("rack"), page.getByTestId("clock-0"), page.getByTestId("clock-1"), page.getByTestId("score-0"), page.getByTestId("score-1")]) {
    const box = (await loc.boundingBox())!;
    expect(box, (await loc.getAttribute("data-testid")) ?? "element").not.toBeNull();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(size.height + 0.5);
  }
  // and the page itself does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
}

test("[board]: a whole game against the bot by mouse only — rack and supply tiles by click and by drag, a blank's face from the dialog", { tag: "@deep" }, async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await botGame(page, "Mona Mouse");
  let plays = 0;
  for (let turn = 0; plays < 2; turn++) {
    expect(turn, "turns before two plays").toBeLessThan(8);
    expect(await myTurnOrOver(page)).toBe("turn");
    const rows = await page.getByTestId("sheet-row").count();
    const placements = await findPlay(page);
    if (!placements) {
      await page.getByRole("button", { name: "Exchange…" }).click();
      for (const tile of await page.getByTestId("rack-tile").all()) await tile.click();
      await page.getByRole("button", { name: "Exchange selected tiles" }).click();
      await expect(page.getByTestId("sheet-row")).toHaveCount(rows + 2, { timeout: 20_000 });
      continue;
    }
    for (const [i, p] of placements.entries()) {
      const from = p.tile === "=" && !p.blank ? page.locator('[data-testid="supply-tile"][data-face="="]') : rackTileFor(page, p);
      // the first tile of each play is dragged, the rest are clicked (tile, then square)
      if (i === 0) await from.dragTo(square(page, p));
      else {
        await from.click();
        await square(page, p).click();
      }
      if (p.blank) {
        const dialog = page.getByTestId("blank-dialog");
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: `Blank as ${p.tile}`, exact: true }).click();
      }
      await expect(square(page, p)).toHaveAttribute("data-face", p.tile);
    }
    // a tile laid and taken back by clicking it: it returns to the rack
    const last = placements.at(-1)!;
    await square(page, last).click();
    await expect(square(page, last)).not.toHaveAttribute("data-face");
    const from = last.tile === "=" && !last.blank ? page.locator('[data-testid="supply-tile"][data-face="="]') : rackTileFor(page, last);
    await from.click();
    await square(page, last).click();
    if (last.blank) await page.getByTestId("blank-dialog").getByRole("button", { name: `Blank as ${last.tile}`, exact: true }).click();

    await expect(page.getByTestId("preview")).toHaveText(/^Valid: \d+ points/);
    await page.getByRole("button", { name: "Submit play" }).click();
    // my play and the bot's answer reach the scoresheet
    await expect(page.getByTestId("sheet-row")).toHaveCount(rows + 2, { timeout: 20_000 });
    await expect(page.getByTestId("sheet-row").nth(rows).locator("td").nth(1)).toHaveText("Mona Mouse");
    // the result of the play is announced to screen readers
    await expect(page.getByTestId("announcer")).toContainText("Equalis Bot");
    plays++;
  }
  // shuffle and recall by mouse: the rack keeps its tiles, the draft empties
  const before = (await position(page)).rack.sort();
  await page.getByRole("button", { name: "Shuffle" }).click();
  expect((await position(page)).rack.sort()).toEqual(before);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Resign" }).click();
  await expect(page.getByTestId("game-summary")).toContainText("Equalis Bot won — ended by resignation");
});

test("[board]: a whole game against the bot by keyboard only — Tab to the board, arrows, typing at the cursor, Backspace, Esc, Enter, the ? overlay", async ({ page }) => {
  // a whole game of bot answers: over 2 min at load 16–25 on the 2-core box (timeouts catch hangs)
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await botGame(page, "Kai Keys");

  /** Tab from wherever the focus is until `pred` holds for the focused element. */
  async function tabTo(pred: string, max = 80) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(pred)) return;
    }
    throw new Error(`Tab never reached ${pred}`);
  }
  const focusedSquare = () => page.evaluate(() => ({ row: Number(document.activeElement?.getAttribute("data-row")), col: Number(document.activeElement?.getAttribute("data-col")) }));
  // x for ×, : for ÷ (keys a US keyboard has); faces such as 1/2 are typed character by character
  const keysOf = (tile: string) => (tile === "×" ? "x" : tile === "÷" ? ":" : tile);

  // The shortcuts overlay opens on "?" and closes on Esc.
  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcuts")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcuts")).toBeHidden();

  const isRackTile = `document.activeElement?.getAttribute("data-testid") === "rack-tile"`;
  let plays = 0;
  for (let turn = 0; plays < 2; turn++) {
    expect(turn, "turns before two plays").toBeLessThan(8);
    expect(await myTurnOrOver(page)).toBe("turn");
    const rows = await page.getByTestId("sheet-row").count();
    const found = await findPlay(page, true);
    if (!found) {
      // Exchange the whole rack: Tab to "Exchange…", then Enter on every rack tile, then confirm.
      await tabTo(`document.activeElement?.textContent?.trim() === "Exchange…"`);
      await page.keyboard.press("Enter");
      const n = await page.getByTestId("rack-tile").count();
      await tabTo(isRackTile);
      for (let i = 0; i < n; i++) {
        await page.keyboard.press("Enter");
        if (i < n - 1) await page.keyboard.press("Tab");
      }
      await expect(page.getByTestId("rack-tile").and(page.locator('[aria-pressed="true"]'))).toHaveCount(n);
      await tabTo(`document.activeElement?.textContent?.trim() === "Exchange selected tiles"`);
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("sheet-row")).toHaveCount(rows + 2, { timeout: 20_000 });
      continue;
    }
    const placements = [...found].sort((a, b) => a.row - b.row || a.col - b.col);
    const across = placements.every((p) => p.row === placements[0]!.row);
    const start = placements[0]!;

    // One Tab stop for the whole board: Tab reaches a square, then the arrows walk to the start of the play.
    const inBoard = `document.activeElement?.closest('[data-testid="board"]') !== null`;
    if (!(await page.evaluate(inBoard))) await tabTo(inBoard);
    let at = await focusedSquare();
    while (at.row !== start.row || at.col !== start.col) {
      await page.keyboard.press(at.row < start.row ? "ArrowDown" : at.row > start.row ? "ArrowUp" : at.col < start.col ? "ArrowRight" : "ArrowLeft");
      at = await focusedSquare();
    }
    // Space sets and turns the cursor until it runs the play's way.
    const want = across || placements.length === 1 ? "across" : "down";
    for (let i = 0; i < 3 && !((await square(page, start).getAttribute("aria-label")) ?? "").includes(`cursor ${want}`); i++) await page.keyboard.press(" ");
    await expect(square(page, start)).toHaveAttribute("aria-label", new RegExp(`cursor ${want}`));

    // A wrong start: a tile typed, then Esc recalls it.
    await page.keyboard.type(keysOf(placements[0]!.tile));
    await expect(square(page, start)).toHaveAttribute("data-face", start.tile);
    await page.keyboard.press("Escape");
    await expect(square(page, start)).not.toHaveAttribute("data-face");

    // The play typed tile by tile (squares already holding a tile are skipped), one tile too
    // many is taken back with Backspace when there is room for one.
    for (const p of placements) await page.keyboard.type(keysOf(p.tile));
    for (const p of placements) await expect(square(page, p)).toHaveAttribute("data-face", p.tile);
    await expect(page.getByTestId("announcer")).toContainText(`on ${String.fromCharCode(65 + placements.at(-1)!.col)}${placements.at(-1)!.row + 1}`);
    await expect(page.getByTestId("preview")).toHaveText(/^Valid: \d+ points/);
    await page.keyboard.press("Backspace");
    await expect(square(page, placements.at(-1)!)).not.toHaveAttribute("data-face");
    await page.keyboard.type(keysOf(placements.at(-1)!.tile));
    await expect(page.getByTestId("preview")).toHaveText(/^Valid: \d+ points/);

    await page.keyboard.press("Enter");
    await expect(page.getByTestId("sheet-row")).toHaveCount(rows + 2, { timeout: 20_000 });
    await expect(page.getByTestId("sheet-row").nth(rows).locator("td").nth(1)).toHaveText("Kai Keys");
    plays++;
  }
  // Resign by keyboard: Tab to the button, Enter, and confirm.
  page.once("dialog", (d) => void d.accept());
  await tabTo(`document.activeElement?.textContent?.trim() === "Resign"`);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("game-summary")).toContainText("Equalis Bot won — ended by resignation");
});

test("[board]: board, rack, both clocks and scores are on screen without scrolling at 1280×800 and on a 390×844 phone; zoomed, squares are tap-sized", { tag: "@deep" }, async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await botGame(page, "Pia Phone");
  await myTurnOrOver(page);
  await expectInViewport(page, DESKTOP);
  // No stray lines between rows: every square fills its row, so each row's squares end exactly
  // where the next row's begin (aspect-square cells on fractional columns left hairline gaps).
  const gaps = await page.getByTestId("board").evaluate((board) => {
    const rowsOf = (r: number) => [...board.querySelectorAll(`[data-row="${r}"]`)].map((e) => e.getBoundingClientRect());
    const out: string[] = [];
    for (let r = 0; rowsOf(r + 1).length; r++) {
      const [here, below] = [rowsOf(r), rowsOf(r + 1)];
      here.forEach((c, i) => Math.abs(below[i]!.top - c.bottom) > 0.01 && out.push(`${r}:${i}`));
    }
    return out;
  });
  expect(gaps).toEqual([]);
  await page.getByTestId("board").screenshot({ path: test.info().outputPath("board-rows-desktop.png") });
  await page.screenshot({ path: test.info().outputPath("play-desktop.png") });

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId("board")).toBeVisible();
  await expectInViewport(page, PHONE);
  await page.screenshot({ path: test.info().outputPath("play-phone.png") });
  // the menu is one button on a phone
  const menu = page.getByTestId("phone-menu");
  expect((await menu.boundingBox())!.height).toBeLessThan(48);

  // Zoom in: squares of at least 32 px in a scrolling window, the rack still on screen.
  await page.getByRole("button", { name: "Zoom in" }).click();
  const sq = (await square(page, { row: 9, col: 9 }).boundingBox())!;
  expect(sq.width).toBeGreaterThanOrEqual(32);
  // it opens on the action, not at A1: the last play's squares (the bot's, if it moved first),
  // else the start square J10, whole inside the window
  const lastPlay = page.getByTestId("board").locator('[data-last-play="true"]');
  const action = (await lastPlay.count()) ? await lastPlay.all() : [square(page, { row: 9, col: 9 })];
  for (const cell of action) await expect(cell).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath("play-phone-zoom-opens.png") });
  await expect(page.getByTestId("rack")).toBeInViewport({ ratio: 1 });
  // the zoomed board scrolls inside its window; the page does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // a rack tile and then a square (a tap on a phone) lays it at that square, zoomed as well; an
  // empty square, since the bot may have moved first through J10
  const face = await page.getByTestId("rack-tile").first().getAttribute("data-face");
  const emptyId = await page.locator('[data-testid^="sq-"][data-square]:not([data-face])').first().getAttribute("data-testid");
  const target = page.getByTestId(emptyId!);
  await page.getByTestId("rack-tile").first().click();
  await target.click();
  if (face === "?") await page.getByTestId("blank-dialog").getByRole("button").first().click();
  else await expect(target).toHaveAttribute("data-face", face!);
  await page.screenshot({ path: test.info().outputPath("play-phone-zoomed.png") });

  // A 10-tile 'SMATH rack stays on one row of the phone.
  const { matchId: smathId } = await api<{ matchId: string }>(page, "matches.bot.challenge", { ruleset: "smath", timeControl: null });
  await page.goto(`/play/${smathId}`);
  await expect(page.getByTestId("rack-tile")).toHaveCount(10);
  const tops = await page.getByTestId("rack-tile").evaluateAll((els) => els.map((e) => (e as HTMLElement).offsetTop));
  expect(new Set(tops).size).toBe(1);
  await expect(page.getByTestId("rack")).toBeInViewport({ ratio: 1 });
  await page.getByTestId("rack-panel").screenshot({ path: test.info().outputPath("smath-rack-phone.png") });
});

test("[board]: axe finds no serious or critical violations on the play, scorekeeper, judge and standings pages", { tag: "@deep" }, async ({ page, browser }) => {
  // five axe scans (the judge's desk has ~400 elements to check) and a tournament set up: ~80 s on a quiet machine
  test.setTimeout(240_000);
  const serious = async (p: Page, what: string) => {
    // only violations are read: axe then builds selectors for their nodes alone, not for every node
    // that passed (axe-core's `resultTypes`), the slow tail of a scan on a big page like the judge's
    const r = await new AxeBuilder({ page: p }).options({ resultTypes: ["violations"] }).analyze();
    const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`)).toEqual([]);
  };
  await page.setViewportSize(DESKTOP);
  const email = uniqueEmail("axe");
  await signUp(page, "Ada Axe", email);
  const { matchId } = await api<{ matchId: string }>(page, "matches.bot.challenge", { ruleset: "equate", timeControl: { initialMs: 600_000 } });
  await page.goto(`/play/${matchId}`);
  await expect(page.getByTestId("board")).toBeVisible();
  await myTurnOrOver(page);
  await serious(page, "play");
  await page.setViewportSize(PHONE);
  await serious(page, "play (phone)");
  await page.setViewportSize(DESKTOP);

  await page.goto("/scorekeeper/new");
  await page.getByLabel("Player 1 (moves first)").fill("Alice Axe");
  await page.getByLabel("Player 2").fill("Bob Axe");
  await page.getByRole("button", { name: "Start the game" }).click();
  await expect(page).toHaveURL(/\/scorekeeper\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("station")).toBeVisible();
  await serious(page, "scorekeeper");

  await page.goto("/judge");
  // the visible desk: while the route loads, Next may still hold the previous render of it, hidden
  await expect(page.getByTestId("judge-board").filter({ visible: true })).toBeVisible();
  await serious(page, "judge");

  const other = await browser.newContext();
  const op = await other.newPage();
  const otherEmail = uniqueEmail("axe2");
  await signUp(op, "Bea Axe", otherEmail);
  const { tournamentId } = await pairedSwiss(page, { name: "Axe Open", emails: [email, otherEmail] });
  await page.goto(`/tournaments/${tournamentId}/standings`);
  await expect(page.getByRole("heading").first()).toBeVisible();
  await serious(page, "standings");
  await other.close();
});
