import { expect, test } from "./fixtures";
import { signUp } from "./helpers";

/**
 * The bot answers after the human's answer has been sent (Next's `after()` behind the `move`
 * procedure, server/services/matches/after-move.ts): the page gets its move back, then the bot's
 * move arrives through the live view like any opponent's.
 */
test("[bot]: I pass against the bot and its answer arrives on the page by itself", { tag: "@deep" }, async ({ page }) => {
  const name = `Bot Fan ${Date.now() % 100_000}`;
  await signUp(page, name);
  await page.goto("/play");
  await page.getByLabel("Game against the bot").selectOption("equate");
  // the level by mouse: its rule is stated beside the choice, and the game header shows it
  await page.getByTestId("play-bot").getByText("Beginner", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Beginner" })).toBeChecked();
  await expect(page.getByTestId("bot-level-rule")).toContainText("at most 3 new tiles");
  await page.getByRole("button", { name: "Play the bot" }).click();
  await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("bot-level")).toHaveText(/bot level: Beginner$/);
  // whoever was drawn to start, it is my turn (the bot has already moved if it was first)
  await expect(page.getByTestId("turn")).toHaveText(/^Your turn\./, { timeout: 15_000 });
  const rows = page.getByTestId("sheet-row");
  const before = await rows.count();

  const answer = page.waitForResponse((r) => r.url().includes("/api/trpc/matches.move"));
  await page.getByRole("button", { name: "Pass" }).click();
  expect((await answer).status()).toBe(200);
  // my pass, then the bot's move, without reloading the page
  await expect(rows).toHaveCount(before + 2, { timeout: 15_000 });
  await expect(rows.nth(before).locator("td").nth(1)).toHaveText(name);
  await expect(rows.nth(before + 1).locator("td").nth(1)).toHaveText("Equalis Bot");
  await expect(page.getByTestId("turn")).toHaveText(/^Your turn\./);
});

test("[bot]: I choose the bot's level with the keyboard and the game is played at it", { tag: "@deep" }, async ({ page }) => {
  await signUp(page, `Bot Keys ${Date.now() % 100_000}`);
  await page.goto("/play");
  // the radio group: focus its checked level (Best, the default), then arrow keys move the choice
  const best = page.getByRole("radio", { name: "Best" });
  await expect(best).toBeChecked();
  await best.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Club" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Club" })).toBeFocused();
  await expect(page.getByTestId("bot-level-rule")).toContainText("middle half");
  await page.keyboard.press("Tab"); // the game select
  await page.keyboard.press("Tab"); // the button
  await expect(page.getByRole("button", { name: "Play the bot" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("bot-level")).toHaveText(/bot level: Club$/);
  await expect(page.getByTestId("turn")).toHaveText(/^Your turn\./, { timeout: 15_000 });
});
