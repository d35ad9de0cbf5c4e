import { expect, test, type Page } from "./fixtures";
import { bestPlaysAt, getRuleset } from "@/engine";
import { signUp } from "./helpers";
import { lay, tabTo, viewOf } from "./duplicate-board";

/**
 * The director closes a turn now (docs/duplicate.md "Closing a turn, restarts"): turns of ten
 * minutes at a club night, three players. Turn 1: only Bo has submitted; Ann, the director, clicks
 * "Close turn 1 now", is told "2 players have not submitted. Close turn 1 now?" and confirms by
 * mouse. Turn 2: all three submit; Ann closes it by keyboard (Tab, Enter), at once. Turn 3: no one
 * has; Ann, now on a phone-sized screen, closes by keyboard again, the confirmation taking the focus
 * (Enter). Each time every page moves on within seconds, far inside the turn; the players never
 * see the control; Bo's turn-1 play counted.
 */
const rs = getRuleset("equate");
const TURN_SECONDS = 600;
const MOVED_ON_MS = 30_000;

async function waitTurn(page: Page, n: number) {
  await expect(page.getByTestId("turn-bar")).toContainText(`Turn ${n}`, { timeout: MOVED_ON_MS });
  await expect(page.getByTestId("rack-tile").first()).toBeVisible();
}

async function submit(page: Page, n: number, placements: Parameters<typeof lay>[1]) {
  await lay(page, placements);
  await page.getByRole("button", { name: /^Submit/ }).click();
  await expect(page.getByTestId("submitted")).toContainText(`Submitted for turn ${n}`);
}

const focusedText = (text: string) => `document.activeElement?.textContent?.trim() === ${JSON.stringify(text)}`;

test("[DUPLICATE]: the director closes turns now — by mouse with a confirmation, by keyboard at once and confirmed; the pages move on", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(300_000);
  const ann = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const bo = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const cy = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await signUp(ann, "Ann Director");
  await signUp(bo, "Bo Early");
  await signUp(cy, "Cy Phone");

  await ann.getByRole("link", { name: "Duplicate" }).first().click();
  await ann.getByLabel("Name").fill(`Club night ${Date.now() % 100_000}`);
  await ann.getByLabel("Seconds a turn").fill(String(TURN_SECONDS));
  await ann.getByLabel("Turns").fill("3");
  await ann.getByLabel("Seed (optional)").fill("e2e-close");
  await ann.getByRole("button", { name: "Create the game" }).click();
  await ann.waitForURL(/\/duplicate\/[0-9a-f-]{36}$/);
  const url = new URL(ann.url()).pathname;
  const gameId = url.split("/").at(-1)!;
  for (const p of [bo, cy]) {
    await p.goto(url);
    await p.getByRole("button", { name: "Join this game" }).click();
    await expect(p.getByText("The game has not started yet")).toBeVisible();
  }
  await ann.getByRole("button", { name: "Start the game" }).click();
  for (const p of [ann, bo, cy]) await waitTurn(p, 1);
  // the players have no such control
  for (const p of [bo, cy]) await expect(p.getByRole("button", { name: /^Close turn/ })).toHaveCount(0);

  const playsNow = async () => {
    const v = await viewOf(ann, gameId);
    return bestPlaysAt(rs, v.board, v.turn!.rack, { top: 12, deadlineMs: 3000, firstPlay: v.board.length === 0 }).plays.filter((p) => !p.placements.some((t) => t.blank || t.tile === "?"));
  };

  // turn 1, by mouse: Bo alone has submitted, so Ann is asked first
  const first = await playsNow();
  await submit(bo, 1, first[1]!.placements);
  await ann.getByTestId("close-turn").scrollIntoViewIfNeeded();
  await ann.screenshot({ path: test.info().outputPath("button-desktop.png") });
  await ann.getByRole("button", { name: "Close turn 1 now" }).click();
  const confirm = ann.getByTestId("close-confirm");
  await expect(confirm).toContainText("2 players have not submitted. Close turn 1 now?");
  await ann.getByTestId("close-turn").screenshot({ path: test.info().outputPath("confirm-desktop.png") });
  await ann.screenshot({ path: test.info().outputPath("director-desktop.png"), fullPage: true });
  // "Keep waiting" leaves the turn open; asked again, Ann confirms
  await confirm.getByRole("button", { name: "Keep waiting" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(ann.getByTestId("turn-bar")).toContainText("Turn 1");
  await ann.getByRole("button", { name: "Close turn 1 now" }).click();
  await confirm.getByRole("button", { name: "Yes, close turn 1 now" }).click();
  await expect(ann.getByTestId("close-turn").getByRole("status")).toHaveText("Turn 1 closed.");
  for (const p of [ann, bo, cy]) await waitTurn(p, 2);
  // Bo's play stood; the others scored 0
  const boRow = bo.getByTestId("dup-table").getByRole("row", { name: /^Bo Early/ }).getByRole("cell");
  await expect(boRow.nth(2)).toContainText(String(first[1]!.score));

  // turn 2: everyone has submitted; Ann closes by keyboard, at once (no confirmation)
  const second = await playsNow();
  await submit(ann, 2, second[0]!.placements);
  await submit(bo, 2, second[1]!.placements);
  await submit(cy, 2, second[2]!.placements);
  await tabTo(ann, focusedText("Close turn 2 now"));
  await ann.keyboard.press("Enter");
  await expect(ann.getByTestId("close-turn").getByRole("status")).toHaveText("Turn 2 closed.", { timeout: MOVED_ON_MS });
  await expect(confirm).toHaveCount(0);
  for (const p of [ann, bo, cy]) await waitTurn(p, 3);
  // the answer to a turn-2 submission is not carried into turn 3
  for (const p of [ann, bo, cy]) await expect(p.getByTestId("submitted")).toHaveText("No play submitted yet this turn.");

  // turn 3, on a phone-sized screen, by keyboard: no one has submitted; the confirmation takes the focus, Enter confirms
  await ann.setViewportSize({ width: 390, height: 844 });
  await ann.getByTestId("close-turn").scrollIntoViewIfNeeded();
  await ann.screenshot({ path: test.info().outputPath("button-phone.png") });
  await tabTo(ann, focusedText("Close turn 3 now"));
  await ann.keyboard.press("Enter");
  await expect(confirm).toContainText("3 players have not submitted. Close turn 3 now?");
  await expect(confirm.getByRole("button", { name: "Yes, close turn 3 now" })).toBeFocused();
  await ann.getByTestId("close-turn").scrollIntoViewIfNeeded();
  await ann.screenshot({ path: test.info().outputPath("confirm-phone.png") });
  await ann.keyboard.press("Enter");
  for (const p of [ann, bo, cy]) await expect(p.getByTestId("game-over")).toBeVisible({ timeout: MOVED_ON_MS });
  await expect(ann.getByRole("button", { name: /^Close turn/ })).toHaveCount(0);
  // the master plays of the three turns are in everyone's history
  for (const p of [ann, bo, cy]) await expect(p.getByTestId("master-play")).toHaveCount(3);
});
