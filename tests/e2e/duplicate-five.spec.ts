import { expect, test, type Page } from "./fixtures";
import { adjudicatePlay, bestPlaysAt, getRuleset, topPlay, type Placement } from "@/engine";
import { signUp } from "./helpers";
import { lay, tabTo, viewOf } from "./duplicate-board";

/**
 * A whole duplicate game of five turns (docs/duplicate.md), three players in three browsers: Ann
 * (desktop, mouse) lays the proven top play every turn; Kim plays by keyboard only (Tab to the
 * board, arrows, typing at the cursor, Enter submits) and in turn 3 submits twice — the second
 * play stands; Cy (phone, taps) in turn 2 lays an equation that does not hold and, once the turn
 * closes, reads why (and nobody else does). A projector, opened at the start, shows the last
 * master play. The table's turns, totals and percentages are checked against the plays made.
 * Once all three have submitted, Ann, the director, closes the turn now ("Close turn N now": no
 * confirmation, no one is missing), so the five turns take the players' time, not the clock's.
 * A deep-tier spec (the short form, duplicate.spec.ts, runs in the fast tier).
 */
const rs = getRuleset("equate");
// far more than three players' plays take on a busy machine: every turn is closed early, never by the clock
const TURN_SECONDS = 300;
/** How soon after the director's close every page shows the next turn (far less than a turn: the close was early). */
const MOVED_ON_MS = 30_000;
const TURNS = 5;

const usesBlank = (p: readonly Placement[]) => p.some((t) => t.blank || t.tile === "?");

// x for ×, : for ÷ (keys a US keyboard has)
const keysOf = (tile: string) => (tile === "×" ? "x" : tile === "÷" ? ":" : tile);

/** Type a play on the board by keyboard only: into the board, arrows to its start, Space turns the cursor, the tiles, Enter. */
async function typePlay(page: Page, placements: readonly Placement[]) {
  const sorted = [...placements].sort((a, b) => a.row - b.row || a.col - b.col);
  const start = sorted[0]!;
  const across = sorted.length === 1 || sorted.every((p) => p.row === start.row);
  const inBoard = `document.activeElement?.closest('[data-testid="board"]') !== null`;
  if (!(await page.evaluate(inBoard))) await tabTo(page, inBoard);
  const at = () => page.evaluate(() => ({ row: Number(document.activeElement?.getAttribute("data-row")), col: Number(document.activeElement?.getAttribute("data-col")) }));
  for (let p = await at(), i = 0; p.row !== start.row || p.col !== start.col; p = await at(), i++) {
    expect(i, "arrow presses to the play's start").toBeLessThan(60);
    await page.keyboard.press(p.row < start.row ? "ArrowDown" : p.row > start.row ? "ArrowUp" : p.col < start.col ? "ArrowRight" : "ArrowLeft");
  }
  const square = page.getByTestId(`sq-${start.row}-${start.col}`);
  const want = across ? "across" : "down";
  for (let i = 0; i < 3 && !((await square.getAttribute("aria-label")) ?? "").includes(`cursor ${want}`); i++) await page.keyboard.press(" ");
  await expect(square).toHaveAttribute("aria-label", new RegExp(`cursor ${want}`));
  for (const p of sorted) await page.keyboard.type(keysOf(p.tile));
  for (const p of sorted) await expect(page.getByTestId(`sq-${p.row}-${p.col}`)).toHaveAttribute("data-face", p.tile);
  await page.keyboard.press("Enter");
}

/** An arrangement of `play`'s own tiles on its own squares that places well but whose equation is false. */
function falseEquation(board: readonly Placement[], rack: readonly string[], play: readonly Placement[]): Placement[] | null {
  const faces = play.map((p) => p.tile);
  for (let shift = 1; shift < faces.length; shift++) {
    for (let swap = 0; swap < faces.length; swap++) {
      const perm = faces.map((_, i) => faces[(i + shift) % faces.length]!);
      [perm[0], perm[swap]] = [perm[swap]!, perm[0]!];
      const cand = play.map((p, i) => ({ row: p.row, col: p.col, tile: perm[i]! }));
      const r = adjudicatePlay(rs, board, cand, { rack: [...rack], firstPlay: board.length === 0 });
      if (!r.valid && r.violations.length > 0 && r.violations.every((v) => v.code === "NOT_EQUAL")) return cand;
    }
  }
  return null;
}

async function waitTurn(page: Page, n: number) {
  await expect(page.getByTestId("turn-bar")).toContainText(`Turn ${n}`, { timeout: MOVED_ON_MS });
  await expect(page.getByTestId("rack-tile").first()).toBeVisible();
}

/** The director closes turn `n` now, every player having submitted: no confirmation, and every page moves on. */
async function closeNow(director: Page, n: number, pages: Page[]) {
  await director.getByRole("button", { name: `Close turn ${n} now` }).click();
  // the last close ends the game, and the control (with its "closed" line) leaves the page as the
  // view re-reads: only the game's end can be waited for then
  if (n < TURNS) await expect(director.getByTestId("close-turn").getByRole("status")).toHaveText(`Turn ${n} closed.`, { timeout: MOVED_ON_MS });
  await expect(director.getByTestId("close-confirm")).toHaveCount(0);
  for (const p of pages)
    if (n < TURNS) await expect(p.getByTestId("turn-bar")).toContainText(`Turn ${n + 1}`, { timeout: MOVED_ON_MS });
    else await expect(p.getByTestId("game-over")).toBeVisible({ timeout: MOVED_ON_MS });
}

test("[DUPLICATE]: five turns — the top by mouse, two submissions by keyboard, a false equation on a phone and why; totals, percentages, projector", { tag: "@deep" }, async ({ browser }) => {
  // the plays of a turn take well under 75 s (what a turn was when each ran its full time)
  test.setTimeout((TURNS * 75 + 240) * 1000);
  const ann = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const kim = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const cy = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await signUp(ann, "Ann Top");
  await signUp(kim, "Kim Keys");
  await signUp(cy, "Cy Phone");

  await ann.getByRole("link", { name: "Duplicate" }).first().click();
  const name = `Five-turn duplicate ${Date.now() % 100_000}`;
  await ann.getByLabel("Name").fill(name);
  await ann.getByLabel("Seconds a turn").fill(String(TURN_SECONDS));
  await ann.getByLabel("Turns").fill(String(TURNS));
  await ann.getByLabel("Seed (optional)").fill("e2e-five");
  await ann.getByRole("button", { name: "Create the game" }).click();
  await ann.waitForURL(/\/duplicate\/[0-9a-f-]{36}$/);
  const url = new URL(ann.url()).pathname;
  const gameId = url.split("/").at(-1)!;

  // Kim, by keyboard: the address typed, then Tab to "Join this game" and Enter
  await kim.goto(url);
  await tabTo(kim, `document.activeElement?.textContent?.trim() === "Join this game"`);
  await kim.keyboard.press("Enter");
  await expect(kim.getByText("The game has not started yet")).toBeVisible();
  // Cy, by taps: from the list
  await cy.goto("/duplicate");
  await cy.getByRole("link", { name }).click();
  await cy.getByRole("button", { name: "Join this game" }).click();
  await expect(cy.getByText("The game has not started yet")).toBeVisible();
  // the projector (the director's second screen) needs no one at the keyboard: opened once, it follows the game
  const projector = await ann.context().newPage();
  await projector.setViewportSize({ width: 1280, height: 720 });
  await projector.goto(`${url}/projector`);
  await ann.getByRole("button", { name: "Start the game" }).click();

  const scores: Record<"ann" | "kim" | "cy", number[]> = { ann: [], kim: [], cy: [] };
  let cyReason = "";
  for (let n = 1; n <= TURNS; n++) {
    for (const p of [ann, kim, cy]) await waitTurn(p, n);
    const v = await viewOf(ann, gameId);
    expect(v.turn?.number).toBe(n);
    const rack = v.turn!.rack;
    const first = v.board.length === 0;
    const top = topPlay(rs, v.board, rack, { deadlineMs: 30_000, firstPlay: first });
    expect(top.proved, `turn ${n}: the test's own search proved its top play`).toBe(true);
    // plays scoring less than the top (many plays tie with it: the same tiles in another order)
    const others = bestPlaysAt(rs, v.board, rack, { top: 200, deadlineMs: 3_000, firstPlay: first }).plays.filter((p) => p.score < top.score && !usesBlank(p.placements));
    expect(others.length, `turn ${n}: two lesser plays without a blank for ${rack.join(" ")}`).toBeGreaterThan(1);

    // Cy by taps; in turn 2 an equation that does not hold (the preview shows a score only, as set)
    if (n === 2) {
      const bad = falseEquation(v.board, rack, others[1]!.placements) ?? falseEquation(v.board, rack, others[0]!.placements);
      expect(bad, `turn 2: a false equation from ${rack.join(" ")}`).not.toBeNull();
      await lay(cy, bad!);
      await expect(cy.getByTestId("preview")).toContainText("If it stands:");
      await cy.getByRole("button", { name: /^Submit/ }).click();
      await expect(cy.getByTestId("submitted")).toContainText(`Submitted for turn ${n}`);
      cyReason = adjudicatePlay(rs, v.board, bad!, { rack: [...rack] }).violations[0]!.message;
      scores.cy.push(0);
    } else {
      await lay(cy, others[1]!.placements);
      await cy.getByRole("button", { name: /^Submit/ }).click();
      await expect(cy.getByTestId("submitted")).toContainText(`Submitted for turn ${n}`);
      scores.cy.push(others[1]!.score);
    }

    // Ann lays the top play by mouse
    await lay(ann, top.play!.placements);
    await expect(ann.getByTestId("preview")).toContainText(`${top.score} points`);
    await ann.getByRole("button", { name: /^Submit/ }).click();
    await expect(ann.getByTestId("submitted")).toContainText(`Submitted for turn ${n}`);
    scores.ann.push(top.score);

    // Kim by keyboard; in turn 3 twice: a lesser play, then (Esc recalls, the next typed) a better one
    if (n === 3) {
      await typePlay(kim, others[1]!.placements);
      await expect(kim.getByTestId("submitted")).toContainText(`Submitted for turn ${n}`);
      await kim.keyboard.press("Escape");
      await typePlay(kim, others[0]!.placements);
      await expect(kim.getByTestId("submitted")).toContainText(/submission 2/);
      scores.kim.push(others[0]!.score);
    } else {
      await typePlay(kim, others[0]!.placements);
      await expect(kim.getByTestId("submitted")).toContainText(`Submitted for turn ${n}`);
      scores.kim.push(others[0]!.score);
    }
    if (n === 3) await kim.screenshot({ path: test.info().outputPath("turn3-keyboard.png"), fullPage: true });

    // all three have submitted: the director closes the turn now, at once (nobody to confirm for)
    await closeNow(ann, n, [ann, kim, cy]);
  }

  // once the game is over: the table against the plays made
  for (const p of [ann, kim, cy]) await expect(p.getByTestId("game-over")).toBeVisible({ timeout: MOVED_ON_MS });
  const table = ann.getByTestId("dup-table");
  const masterCells = table.getByRole("row", { name: /^Master/ }).getByRole("cell");
  const tops: number[] = [];
  // columns: total, % of top, then one per turn (the total and % beside the name, for phones)
  for (let i = 0; i < TURNS; i++) tops.push(Number(await masterCells.nth(2 + i).textContent()));
  expect(tops, "Ann's plays were the tops").toEqual(scores.ann);
  const topTotal = tops.reduce((a, b) => a + b, 0);
  await expect(masterCells.nth(0)).toHaveText(String(topTotal));
  // percent of the top in tenths, rounded half up (docs/duplicate.md)
  const percent = (total: number) => {
    const tenths = Math.floor((total * 2000 + topTotal) / (2 * topTotal));
    return `${Math.floor(tenths / 10)}.${tenths % 10} %`;
  };
  for (const [who, label] of [["ann", "Ann Top"], ["kim", "Kim Keys"], ["cy", "Cy Phone"]] as const) {
    const cells = table.getByRole("row", { name: new RegExp(`^${label}`) }).getByRole("cell");
    for (let i = 0; i < TURNS; i++) await expect(cells.nth(2 + i)).toContainText(String(scores[who][i]));
    const total = scores[who].reduce((a, b) => a + b, 0);
    await expect(cells.nth(0)).toHaveText(String(total));
    await expect(cells.nth(1)).toHaveText(percent(total));
  }
  // every one of Ann's turns is marked a top, and solo: nobody else played the top
  const annCells = table.getByRole("row", { name: /^Ann Top/ }).getByRole("cell");
  for (let i = 0; i < TURNS; i++) await expect(annCells.nth(2 + i)).toContainText("★ solo");
  await ann.getByTestId("table-section").screenshot({ path: test.info().outputPath("table-desktop.png") });

  // Cy reads why the turn-2 play scored 0; Ann and Kim do not see Cy's reason
  const turn2 = (p: Page) => p.getByTestId("dup-history").getByRole("listitem").filter({ hasText: /^Turn 2 / });
  await expect(turn2(cy)).toContainText(`Why: ${cyReason}`);
  await expect(turn2(cy)).toContainText("0 (not valid)");
  await cy.getByTestId("dup-history").scrollIntoViewIfNeeded();
  await cy.screenshot({ path: test.info().outputPath("why-phone.png"), fullPage: true });
  for (const p of [ann, kim]) await expect(turn2(p)).not.toContainText(cyReason);
  // a closed turn's plays are read when it is opened: all three, by keyboard; Cy's reason to Cy alone
  for (const p of [cy, kim]) {
    const open = turn2(p).getByRole("button", { name: "Show all 3 plays" });
    await open.focus();
    await p.keyboard.press("Enter");
    await expect(turn2(p).getByTestId("turn-plays").getByRole("listitem")).toHaveCount(3);
    await expect(turn2(p).getByRole("button", { name: "Hide the plays" })).toHaveAttribute("aria-expanded", "true");
  }
  await expect(turn2(cy).getByTestId("turn-plays")).toContainText(`Why: ${cyReason}`);
  await expect(turn2(kim).getByTestId("turn-plays")).toContainText("Cy Phone");
  await expect(turn2(kim)).not.toContainText(cyReason);
  await turn2(cy).scrollIntoViewIfNeeded();
  await cy.screenshot({ path: test.info().outputPath("plays-opened-phone.png"), fullPage: true });

  // the projector followed the game to its last master play
  await expect(projector.getByTestId("projector-master")).toContainText(`Turn ${TURNS} master play`);
  await projector.screenshot({ path: test.info().outputPath("projector.png") });
});
