import { expect, test } from "./fixtures";
import { randomBytes } from "node:crypto";
import { signUp } from "./helpers";
import { api } from "./tournament-setup";

/**
 * Duplicate from the tournament pages (docs/duplicate.md "Events"): a club director creates a
 * tournament with the format "Duplicate", which makes a duplicate event and opens its page; a game
 * set up from there takes the redraws of a dead rack (a value out of range is refused with a
 * sentence); the tournaments list shows the event with a link to its standings.
 */
test("[DUPLICATE EVENT]: 'Duplicate' is a tournament format; the list shows the event; the game form takes the redraws", { tag: "@deep" }, async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "Dot Director");
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `dup-${randomBytes(3).toString("hex")}`, name: "Duplicate club" });
  const tag = Date.now() % 100_000;

  await page.goto(`/tournaments/new?club=${club.id}`);
  await page.getByLabel("Format").selectOption("duplicate");
  await expect(page.getByLabel("Rounds (Swiss / King of the Hill)")).toHaveCount(0);
  await page.getByLabel("Name").fill(`Club duplicate ${tag}`);
  await page.getByLabel("Standings by").selectOption("percent");
  await page.getByRole("button", { name: "Create duplicate event" }).click();
  await page.waitForURL(/\/duplicate\/events\/[0-9a-f-]{36}$/);
  const eventPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: `Club duplicate ${tag}` })).toBeVisible();

  // a game in the event: the redraws field refuses 11, takes 3
  await page.getByRole("link", { name: "New game in this event" }).click();
  await page.getByLabel("Name").fill(`Game one ${tag}`);
  const redraws = page.getByLabel("Redraws of a dead rack");
  await redraws.fill("11");
  await page.getByRole("button", { name: "Create the game" }).click();
  // the browser holds the form back (the field's range) and says why; nothing is created
  expect(await redraws.evaluate((el) => (el as HTMLInputElement).validity.rangeOverflow)).toBe(true);
  expect(await redraws.evaluate((el) => (el as HTMLInputElement).validationMessage)).toMatch(/10/);
  expect(page.url()).not.toMatch(/\/duplicate\/[0-9a-f-]{36}$/);
  await page.getByLabel("Redraws of a dead rack").fill("3");
  await page.getByRole("button", { name: "Create the game" }).click();
  await page.waitForURL(/\/duplicate\/[0-9a-f-]{36}$/);

  // the tournaments list, filtered to the club, shows the event and links its standings
  await page.goto(`/tournaments?club=${club.id}`);
  const row = page.getByTestId("tournaments-duplicate").getByRole("listitem").filter({ hasText: `Club duplicate ${tag}` });
  await expect(row).toContainText("standings by percentage of the tops · 1 game");
  await row.getByRole("link", { name: "Standings" }).click();
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
});

/**
 * The form waits for the director's clubs (a CI run once clicked "Create" while the list was still
 * loading: the form sent no club, the server refused it and the page said nothing): with the list
 * held back, the fields appear only once it has come, `?club=` picks the second of two clubs, and
 * the event is that club's.
 */
test("[DUPLICATE EVENT]: the new-tournament form waits for a slow club list and keeps the club it was opened for", { tag: "@deep" }, async ({ page }) => {
  await signUp(page, "Dee Director");
  const first = await api<{ id: string }>(page, "clubs.create", { handle: `dupa-${randomBytes(3).toString("hex")}`, name: "First club" });
  const second = await api<{ id: string }>(page, "clubs.create", { handle: `dupb-${randomBytes(3).toString("hex")}`, name: "Second club" });
  expect(first.id).not.toBe(second.id);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/trpc\/[^?]*clubs\.mine/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/tournaments/new?club=${second.id}`);
  // signed in (the header has read the account), the clubs still on their way: no form yet
  await expect(page.getByTestId("user-name")).toHaveText("Dee Director");
  await expect(page.getByText("Loading…")).toBeVisible();
  await expect(page.getByRole("heading", { name: "New tournament" })).toHaveCount(0);
  release();
  await expect(page.getByLabel("Club")).toHaveValue(second.id);
  await page.getByLabel("Format").selectOption("duplicate");
  await page.getByLabel("Name").fill("Second club's duplicate");
  await page.getByRole("button", { name: "Create duplicate event" }).click();
  await page.waitForURL(/\/duplicate\/events\/[0-9a-f-]{36}$/);
  const eventId = new URL(page.url()).pathname.split("/").pop()!;
  const ev = await api<{ clubId: string | null }>(page, "duplicate.eventGet", { eventId }, "query");
  expect(ev.clubId).toBe(second.id);
});
