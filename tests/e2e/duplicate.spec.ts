import { expect, test, type Page } from "./fixtures";
import { bestPlaysAt, getRuleset, squares, type Placement } from "@/engine";
import { signUp } from "./helpers";
import { lay } from "./duplicate-board";

/**
 * Duplicate games (docs/duplicate.md): Ann sets a game up from the navigation and directs it; Bo
 * (desktop) and Cy (phone) join. Three turns of 75 s (three players lay about ten tiles each by
 * mouse, and on a loaded machine a click took up to two seconds): each player lays a play on their
 * own board by mouse and submits; in turn 2 Ann types Cy's play from a slip; in turn 3 Cy's
 * connection stalls and Cy submits after the close, which the server refuses by its clock. The
 * table, the master plays and the projector show the result.
 */
const rs = getRuleset("equate");
const TURN_SECONDS = 75;

async function boardOf(page: Page): Promise<Placement[]> {
  return page.locator('[data-testid="board"] [data-face]').evaluateAll((els) =>
    els.map((e) => ({ row: Number(e.getAttribute("data-row")), col: Number(e.getAttribute("data-col")), tile: e.getAttribute("data-face")! })),
  );
}

async function rackOf(page: Page): Promise<string[]> {
  return page.locator('[data-testid="rack-tile"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-face")!));
}

const usesBlank = (p: { placements: Placement[] }) => p.placements.some((t) => t.blank || t.tile === "?");

/** Plays for the rack on screen: those without a blank first (a slip cannot say "blank"), best first. */
async function playsFor(page: Page): Promise<{ placements: Placement[]; score: number }[]> {
  const board = await boardOf(page);
  const rack = await rackOf(page);
  const found = bestPlaysAt(rs, board, rack, { top: 12, deadlineMs: 4000, firstPlay: board.length === 0 }).plays;
  return [...found.filter((p) => !usesBlank(p)), ...found.filter(usesBlank)];
}

/** A slip for a play: table, start square (8H across, H8 down) and the line, board tiles included. */
function slipFor(table: number, board: readonly Placement[], play: readonly Placement[]): string {
  const across = play.every((p) => p.row === play[0]!.row);
  const sorted = [...play].sort((a, b) => a.row - b.row || a.col - b.col);
  const [first, last] = [sorted[0]!, sorted.at(-1)!];
  const at = new Map([...board, ...play].map((t) => [`${t.row},${t.col}`, t.tile]));
  let line = "";
  for (let r = first.row, c = first.col; r <= last.row && c <= last.col; across ? c++ : r++) line += at.get(`${r},${c}`);
  const start = across ? `${first.row + 1}${squares.column(first.col)}` : squares.name(first.row, first.col);
  return `${table} ${start} ${line}`;
}

async function waitTurn(page: Page, n: number) {
  await expect(page.getByTestId("turn-bar")).toContainText(`Turn ${n}`, { timeout: TURN_SECONDS * 1000 + 20_000 });
  await expect(page.getByTestId("rack-tile").first()).toBeVisible();
}

async function submit(page: Page, n: number, play: readonly Placement[]) {
  await lay(page, play);
  await expect(page.getByTestId("preview")).toContainText("If it stands:");
  await page.getByRole("button", { name: /^Submit/ }).click();
  await expect(page.getByTestId("submitted")).toContainText(`Submitted for turn ${n}`);
}

test("[DUPLICATE]: three players, three turns, a slip, a late play refused, the table and the projector", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(600_000);
  const ann = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const bo = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  // Cy's stalled connection is made with page.route, which does not see requests the app's service
  // worker makes: Cy's browser runs without it (the offline spec tests the worker)
  const cy = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: "block" })).newPage();
  await signUp(ann, "Ann Director");
  await signUp(bo, "Bo Desk");
  await signUp(cy, "Cy Phone");

  // Ann finds duplicate games in the navigation and sets one up
  await ann.getByRole("link", { name: "Duplicate" }).first().click();
  await expect(ann.getByRole("heading", { name: "Duplicate games" })).toBeVisible();
  const name = `Tuesday duplicate ${Date.now() % 100_000}`;
  await ann.getByLabel("Name").fill(name);
  await ann.getByLabel("Seconds a turn").fill(String(TURN_SECONDS));
  await ann.getByLabel("Turns").fill("3");
  // a seed whose turn-2 rack has plays without a blank (a slip cannot say "blank")
  await ann.getByLabel("Seed (optional)").fill("e2e-c");
  await ann.getByRole("button", { name: "Create the game" }).click();
  await ann.waitForURL(/\/duplicate\/[0-9a-f-]{36}$/);
  const url = new URL(ann.url()).pathname;

  for (const p of [bo, cy]) {
    await p.goto("/duplicate");
    await p.getByRole("link", { name }).click();
    await p.getByRole("button", { name: "Join this game" }).click();
    await expect(p.getByText("The game has not started yet")).toBeVisible();
  }
  await ann.getByRole("button", { name: "Start the game" }).click();

  const scores: Record<string, number[]> = { ann: [], bo: [], cy: [] };
  for (let n = 1; n <= 3; n++) {
    for (const p of [ann, bo, cy]) await waitTurn(p, n);
    // one rack for all
    const rack = await ann.getByTestId("shared-rack").textContent();
    for (const p of [bo, cy]) await expect(p.getByTestId("shared-rack")).toHaveText(rack!);
    const plays = await playsFor(ann);
    expect(plays.length, `turn ${n}: a play for ${rack}`).toBeGreaterThan(2);
    await submit(ann, n, plays[0]!.placements);
    scores.ann!.push(plays[0]!.score);
    await submit(bo, n, plays[1]!.placements);
    scores.bo!.push(plays[1]!.score);
    if (n === 1) {
      await submit(cy, n, plays[2]!.placements);
      await cy.screenshot({ path: test.info().outputPath("turn1-phone.png"), fullPage: true });
      scores.cy!.push(plays[2]!.score);
    } else if (n === 2) {
      // Cy hands in a slip; Ann types it at the desk
      expect(usesBlank(plays[2]!), `turn 2: a play without a blank for ${rack}, to write on a slip`).toBe(false);
      const slip = slipFor(3, await boardOf(ann), plays[2]!.placements);
      const desk = ann.getByTestId("slip-desk");
      await desk.getByLabel("Slip (table, start square, line)").fill(slip);
      await desk.getByLabel("Slip (table, start square, line)").press("Enter");
      await expect(desk).toContainText("Table 3 (Cy Phone): entered for turn 2.");
      scores.cy!.push(plays[2]!.score);
    } else {
      // Cy's connection stalls: the page keeps the last view, Cy lays a play and submits after the close
      await cy.route(/duplicate\.get/, (r) => r.abort());
      await lay(cy, plays[2]!.placements);
      await expect(cy.getByRole("button", { name: /^Submit/ })).toBeEnabled();
      await expect(ann.getByTestId("game-over")).toBeVisible({ timeout: TURN_SECONDS * 1000 + 20_000 });
      await cy.getByRole("button", { name: /^Submit/ }).click();
      await expect(cy.getByTestId("form-error")).toContainText(/Turn 3 closed at .* by the server's clock: this play was not taken/);
      await cy.screenshot({ path: test.info().outputPath("late-refused-phone.png"), fullPage: true });
      await cy.unroute(/duplicate\.get/);
      scores.cy!.push(0);
    }
    await ann.screenshot({ path: test.info().outputPath(`turn${n}-desktop.png`), fullPage: true });
  }

  // the table: every player's turns and total, the master plays (at least as good as any play)
  await expect(ann.getByTestId("game-over")).toBeVisible();
  const table = ann.getByTestId("dup-table");
  for (const [who, label] of [["ann", "Ann Director"], ["bo", "Bo Desk"], ["cy", "Cy Phone"]] as const) {
    const row = table.getByRole("row", { name: new RegExp(`^${label}`) });
    const cells = row.getByRole("cell");
    // columns: total, % of top, then one per turn
    for (let i = 0; i < 3; i++) await expect(cells.nth(2 + i)).toContainText(String(scores[who]![i]));
    await expect(cells.nth(0)).toHaveText(String(scores[who]!.reduce((a, b) => a + b, 0)));
  }
  await expect(ann.getByTestId("master-play")).toHaveCount(3);
  const masterRow = table.getByRole("row", { name: /^Master/ }).getByRole("cell");
  for (let i = 0; i < 3; i++) expect(Number(await masterRow.nth(2 + i).textContent())).toBeGreaterThanOrEqual(scores.ann![i]!);
  await ann.getByTestId("table-section").screenshot({ path: test.info().outputPath("table-desktop.png") });
  await expect(cy.getByTestId("game-over")).toBeVisible({ timeout: 15_000 });
  await cy.getByTestId("table-section").scrollIntoViewIfNeeded();
  await cy.screenshot({ path: test.info().outputPath("final-phone.png"), fullPage: true });

  // the projector: the board and the last master play
  await ann.getByRole("link", { name: "Projector view" }).click();
  await ann.waitForURL(`${url}/projector`);
  await expect(ann.getByTestId("projector-master")).toContainText("Turn 3 master play");
  await ann.screenshot({ path: test.info().outputPath("projector.png") });
});
