import { expect, test, type Page } from "./fixtures";
import { bestPlaysAt, getRuleset, type Placement } from "@/engine";
import { signUp } from "./helpers";

/**
 * Duplicate events (docs/duplicate.md "Events"): Ann (desktop) sets up an event from the navigation,
 * adds a game she had set up and a new one set up from the event's page; Bo (phone) joins the new
 * one. One 40 s turn (room on a loaded machine for the rack to show and the play to be found and
 * laid): Ann lays the best play by mouse, Bo plays nothing. The event's page shows the standings
 * with why Ann is above Bo, and links each game.
 */
const rs = getRuleset("equate");

async function playFor(page: Page): Promise<{ placements: Placement[]; score: number }> {
  const rack = await page.locator('[data-testid="rack-tile"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-face")!));
  const plays = bestPlaysAt(rs, [], rack, { top: 12, deadlineMs: 4000, firstPlay: true }).plays.filter((p) => p.placements.every((t) => !t.blank && t.tile !== "?"));
  expect(plays.length, `a play for ${rack.join(" ")}`).toBeGreaterThan(0);
  return plays[0]!;
}

async function lay(page: Page, placements: readonly Placement[]) {
  for (const p of placements) {
    const fromRack = page.locator(`[data-testid="rack-tile"][data-face="${p.tile}"]:not([disabled])`).first();
    if (await fromRack.count()) await fromRack.click();
    else await page.locator(`[data-testid="supply-tile"][data-face="${p.tile}"]`).click();
    await page.getByTestId(`sq-${p.row}-${p.col}`).click();
  }
}

test("[DUPLICATE EVENT]: a director groups games into an event; its page ranks the players and says why", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(180_000);
  const ann = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const bo = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await signUp(ann, "Ann Director");
  await signUp(bo, "Bo Phone");
  const tag = Date.now() % 100_000;

  // a game Ann had set up on its own
  await ann.getByRole("link", { name: "Duplicate" }).first().click();
  await ann.getByLabel("Name").fill(`Earlier game ${tag}`);
  await ann.getByRole("button", { name: "Create the game" }).click();
  await ann.waitForURL(/\/duplicate\/[0-9a-f-]{36}$/);

  // the event, from the duplicate page
  await ann.goto("/duplicate");
  await ann.getByLabel("Event title").fill(`Winter series ${tag}`);
  await ann.getByLabel("Standings").selectOption("total");
  await ann.getByRole("button", { name: "Create the event" }).click();
  await ann.waitForURL(/\/duplicate\/events\/[0-9a-f-]{36}$/);
  const eventUrl = new URL(ann.url()).pathname;
  await expect(ann.getByRole("heading", { name: `Winter series ${tag}` })).toBeVisible();
  await ann.getByLabel("A game of yours").selectOption({ label: `Earlier game ${tag}` });
  await ann.getByRole("button", { name: "Add to the event" }).click();
  await expect(ann.getByTestId("event-games").getByRole("link", { name: `Earlier game ${tag}` })).toBeVisible();

  // a new game set up in the event
  await ann.getByRole("link", { name: "New game in this event" }).click();
  await ann.getByLabel("Name").fill(`Round 1 ${tag}`);
  await ann.getByLabel("Seconds a turn").fill("40");
  await ann.getByLabel("Turns").fill("1");
  await ann.getByLabel("Seed (optional)").fill("e2e-c");
  await ann.getByRole("button", { name: "Create the game" }).click();
  await ann.waitForURL(/\/duplicate\/[0-9a-f-]{36}$/);
  const gameUrl = new URL(ann.url()).pathname;
  await expect(ann.getByRole("link", { name: "its event's standings" })).toHaveAttribute("href", eventUrl);

  // Bo finds the event in the list on his phone, opens the game from it and joins
  await bo.goto("/duplicate");
  await bo.getByTestId("duplicate-events").getByRole("link", { name: `Winter series ${tag}` }).click();
  await bo.getByTestId("event-games").getByRole("link", { name: `Round 1 ${tag}` }).click();
  await bo.getByRole("button", { name: "Join this game" }).click();
  await expect(bo.getByText("The game has not started yet")).toBeVisible();

  await ann.getByRole("button", { name: "Start the game" }).click();
  await expect(ann.getByTestId("rack-tile").first()).toBeVisible({ timeout: 20_000 });
  const play = await playFor(ann);
  await lay(ann, play.placements);
  await ann.getByRole("button", { name: /^Submit/ }).click();
  await expect(ann.getByTestId("submitted")).toContainText("Submitted for turn 1");
  await expect(ann.getByTestId("game-over")).toBeVisible({ timeout: 70_000 });

  // the standings: Ann above Bo by her score, and why; the games linked
  for (const page of [ann, bo]) {
    await page.goto(eventUrl);
    const standings = page.getByTestId("event-standings");
    await expect(standings).toContainText("Ranked by total");
    const annRow = standings.getByRole("row", { name: /Ann Director/ });
    await expect(annRow.getByRole("cell").nth(0)).toHaveText("1");
    await expect(annRow.getByRole("cell").nth(2)).toHaveText(String(play.score));
    await expect(annRow).toContainText(`${play.score} points against 0 for Bo Phone (${play.score} more).`);
    await expect(standings.getByRole("row", { name: /^\s*\d+\s*Bo Phone/ }).getByRole("cell").nth(0)).toHaveText("2");
    await expect(page.getByTestId("event-games").getByRole("link", { name: `Round 1 ${tag}` })).toHaveAttribute("href", gameUrl);
    await page.screenshot({ path: test.info().outputPath(page === ann ? "event-desktop.png" : "event-phone.png"), fullPage: true });
  }
  // keyboard: the game link is reached by Tab and opened by Enter
  await bo.getByTestId("event-games").getByRole("link", { name: `Round 1 ${tag}` }).focus();
  await bo.keyboard.press("Enter");
  await bo.waitForURL(gameUrl);
});
