import { expect, test } from "./fixtures";
import { signUp } from "./helpers";

/**
 * Play now (docs/matches.md "Play now: open seeks"): A posts a blitz seek with the preset button,
 * B on a phone accepts it from the open seeks, and both end up in the same game, clocks running.
 */
test("[SEEKS]: A posts a blitz seek, B on a phone accepts, both are in the game", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(45_000);
  const a = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const b = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  const nameA = `Ada ${Date.now() % 100_000}`;
  await signUp(a, nameA);
  await signUp(b, "Ben Phone");

  await a.goto("/play");
  const playNow = a.getByTestId("play-now");
  await playNow.getByRole("button", { name: /^Blitz/ }).click();
  await expect(a.getByTestId("my-seek")).toContainText("Your seek is open");
  await expect(a.getByTestId("my-seek")).toContainText("Blitz 5 min + 3 s");
  await a.screenshot({ path: test.info().outputPath("seek-posted-desktop.png"), fullPage: true });

  await b.goto("/play");
  const row = b.getByTestId("seek-row").filter({ hasText: nameA });
  await expect(row).toContainText("Equate · Blitz 5 min + 3 s · casual");
  await b.screenshot({ path: test.info().outputPath("seek-list-phone.png"), fullPage: true });
  // the keyboard reaches Accept
  await row.getByRole("button", { name: "Accept" }).focus();
  await b.keyboard.press("Enter");

  await b.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  await a.waitForURL(/\/play\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  expect(new URL(a.url()).pathname).toBe(new URL(b.url()).pathname);
  for (const page of [a, b]) await expect(page.getByTestId("rack-tile").first()).toBeVisible({ timeout: 15_000 });
  await b.screenshot({ path: test.info().outputPath("game-phone.png") });
  await a.screenshot({ path: test.info().outputPath("game-desktop.png") });
});

test("[SEEKS]: a seek for a club's members shows on the club page", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(45_000);
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  const handle = `seekers-${Date.now() % 1_000_000}`;
  await signUp(page, "Cleo Club");
  await page.goto("/clubs/new");
  await page.getByLabel("Club name").fill("Seekers Club");
  await page.getByLabel("Handle").fill(handle);
  await page.getByRole("button", { name: "Create club" }).click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${handle}$`));
  await expect(page.getByTestId("club-play-now")).toContainText("No member is looking for a game");

  await page.goto("/play");
  await page.getByLabel("Play now: who may accept").selectOption({ label: "Seekers Club members" });
  await page.getByLabel("Play now players").selectOption("3");
  await page.getByTestId("play-now").getByRole("button", { name: /^Rapid/ }).click();
  await expect(page.getByTestId("my-seek")).toContainText("waiting for 2 more players of Seekers Club");

  await page.goto(`/clubs/${handle}`);
  const row = page.getByTestId("club-play-now").getByTestId("seek-row");
  await expect(row).toContainText("Cleo Club");
  await expect(row).toContainText("Equate · Rapid 12 min + 5 s · casual · pod of 3 (1 of 3 in)");
  await expect(row).toContainText("your seek");
  await page.getByTestId("club-play-now").screenshot({ path: test.info().outputPath("club-seeks-phone.png") });
});
