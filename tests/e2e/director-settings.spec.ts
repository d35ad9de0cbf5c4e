import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

const SHOTS = "/tmp/settings-shots";

/** Accounts for `names` (signed up through the API), returned as e-mail addresses in order. */
async function accounts(anon: APIRequestContext, names: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const name of names) {
    const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
    const res = await anon.post("/api/trpc/accounts.signUp", { data: { json: { email, name, password: PASSWORD } } });
    expect(res.ok()).toBe(true);
    out.push(email);
  }
  return out;
}

/** A club with `emails` as members, owned by the page's signed-in user. */
async function clubWith(page: Page, name: string, emails: string[]): Promise<{ id: string }> {
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `set-${randomBytes(3).toString("hex")}`, name });
  await api(page, "clubs.bulkAdd", { clubId: club.id, emails: emails.join("\n") });
  return club;
}

/** The names in the dashboard's entry list. */
const entryNames = (page: Page) => page.getByTestId("entry-list").locator("li");

/** The new-tournament form: the next full hour, each format's own fields; a 10-point Swiss created; returns its id. */
async function createTournament(page: Page, club: { id: string }) {
  // The new-tournament form starts at the next full hour and shows only the format's own fields:
  // rounds, players per game (pods of 3–4) and Gibsonization for a Swiss, the bronze match for
  // single elimination, the grand final for double elimination.
  await page.goto(`/tournaments/new?club=${club.id}`);
  const nextHour = await page.evaluate(() => {
    const d = new Date();
    d.setMinutes(0, 0, 0);
    d.setHours(d.getHours() + 1);
    const two = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:00`;
  });
  await expect(page.getByLabel("Starts")).toHaveValue(nextHour);
  const formatBox = page.getByLabel("Format");
  const perGame = page.getByLabel("Players per game");
  await expect(formatBox).toHaveValue("swiss");
  await expect(page.getByLabel("Rounds")).toBeVisible();
  await expect(perGame.locator("option")).toHaveText(["2 (head to head)", "3 (pods)", "4 (pods)"]);
  await expect(page.getByLabel("Gibsonize")).toBeVisible();
  await expect(page.getByLabel("Bronze match")).toHaveCount(0);
  await expect(page.getByLabel("Grand final")).toHaveCount(0);
  await formatBox.selectOption("single-elimination");
  await expect(page.getByLabel("Bronze match")).toBeVisible();
  await expect(page.getByLabel("Rounds")).toHaveCount(0);
  await expect(perGame).toHaveCount(0);
  await expect(page.getByLabel("Gibsonize")).toHaveCount(0);
  await formatBox.selectOption("double-elimination");
  await expect(page.getByLabel("Grand final")).toBeVisible();
  await expect(page.getByLabel("Bronze match")).toHaveCount(0);
  await formatBox.selectOption("round-robin");
  await expect(page.getByTestId("format-note")).toContainText("as many rounds as the field needs");
  await expect(perGame).toBeVisible();
  await formatBox.selectOption("swiss");
  await page.screenshot({ path: `${SHOTS}/new-swiss.png`, fullPage: true });
  await page.getByLabel("Name").fill("Settings Open");
  const rule = page.getByLabel("Challenge rule");
  for (const r of ["void", "retry", "single", "double", "5-point", "10-point"]) await expect(rule.locator(`option[value="${r}"]`)).toHaveCount(1);
  await rule.selectOption("10-point");
  await page.getByLabel("Per-move limit (seconds; empty: none)").fill("90");
  await page.getByLabel("Spread cap per game (points; empty: none)").fill("300");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await page.waitForURL(/\/tournaments\/[0-9a-f-]+\/manage$/);
  const id = page.url().split("/").at(-2)!;

  // The header names the club; the settings show what was chosen.
  await expect(page.getByTestId("dashboard-club")).toHaveText("Analytical Club");
  const settings = page.getByTestId("settings");
  await expect(settings.getByLabel("Challenge rule")).toHaveValue("10-point");
  await expect(settings.getByLabel("Per-move limit (seconds; empty: none)")).toHaveValue("90");
  await expect(settings.getByLabel("Spread cap per game (points; empty: none)")).toHaveValue("300");
  return id;
}

/** The member picker, by mouse and then by keyboard, offering only members not yet entered. */
async function pickMembers(page: Page) {
  // Member picker by mouse: type, pick two from the list, add them; the box clears.
  const box = page.getByRole("combobox", { name: /Add club members/ });
  await box.click();
  await box.fill("a");
  const list = page.getByRole("listbox", { name: "Club members not yet entered" });
  await list.getByRole("option", { name: /Ada Lovelace/ }).click();
  await list.getByRole("option", { name: /Alan Turing/ }).click();
  await expect(list.getByRole("option", { name: /Ada Lovelace/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("picked").getByRole("button")).toHaveText(["Ada Lovelace ×", "Alan Turing ×"]);
  await page.getByRole("button", { name: "Add 2 members" }).click();
  await expect(page.getByTestId("picker-report")).toHaveText("Added 2");
  await expect(box).toHaveValue("");
  await expect(page.getByTestId("picked")).toHaveCount(0);
  await expect(entryNames(page)).toHaveCount(2);

  // By keyboard: type, ↓ to the option, Enter to pick; twice; then Enter on the add button.
  await box.focus();
  await page.keyboard.type("Gra");
  await expect(list.getByRole("option")).toHaveText([/Grace Hopper/]);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("h");
  await expect(list.getByRole("option", { name: /Hedy Lamarr/ })).toBeVisible();
  // The list offers only members not yet entered.
  await expect(list.getByRole("option", { name: /Ada Lovelace/ })).toHaveCount(0);
  const options = await list.getByRole("option").allTextContents();
  const hedy = options.findIndex((o) => o.includes("Hedy Lamarr"));
  for (let i = 0; i < hedy; i++) await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /opt-\d+/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("picked").getByRole("button")).toHaveText(["Grace Hopper ×", "Hedy Lamarr ×"]);
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await page.getByRole("button", { name: "Add 2 members" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("picker-report")).toHaveText("Added 2");
  await expect(entryNames(page)).toHaveCount(4);
}

/** The rest by e-mail; everyone checked in. */
async function addByEmail(page: Page, emails: string[]) {
  // The rest by e-mail; that box clears too.
  const emailBox = page.getByLabel(/Add players by e-mail/);
  await emailBox.fill(`${emails[4]}\n${emails[5]}`);
  await page.getByRole("button", { name: "Add players", exact: true }).click();
  await expect(page.getByTestId("add-report")).toHaveText("Added 2");
  await expect(emailBox).toHaveValue("");
  await page.getByRole("button", { name: "Check in everyone" }).click();
  await expect(page.getByTestId("entry-status").filter({ hasText: "checked-in" })).toHaveCount(6);
}

/** Forbidden pairs: one by mouse, one by keyboard, and a removal. */
async function forbidPairs(page: Page) {
  // Forbidden pairs: one by mouse, one by keyboard, and a removal.
  const pairs = page.getByTestId("forbidden-pairs");
  // Ada (seed 1) and Grace (seed 4 below) would meet first in round 1: keep them apart.
  await pairs.getByLabel("Keep this player").selectOption({ label: "Ada Lovelace" });
  await pairs.getByLabel("apart from").selectOption({ label: "Grace Hopper" });
  await pairs.getByRole("button", { name: "Keep apart" }).click();
  await expect(pairs.getByTestId("forbidden-list")).toContainText(/Ada Lovelace and Grace Hopper|Grace Hopper and Ada Lovelace/);
  await pairs.getByLabel("Keep this player").selectOption({ label: "Grace Hopper" });
  await pairs.getByLabel("apart from").selectOption({ label: "Grace Hopper" });
  await pairs.getByRole("button", { name: "Keep apart" }).click();
  await expect(pairs.getByRole("alert")).toHaveText("Choose two different players.");
  await pairs.getByLabel("apart from").focus();
  await page.keyboard.press("ArrowDown"); // Grace → the next name in the list
  await pairs.getByRole("button", { name: "Keep apart" }).focus();
  await page.keyboard.press("Enter");
  await expect(pairs.getByTestId("forbidden-list").locator("li")).toHaveCount(2);
  await pairs.getByRole("button", { name: /Hedy Lamarr/ }).click();
  await expect(pairs.getByTestId("forbidden-list").locator("li")).toHaveCount(1);
}

/** Seeds before round 1; a refused and a logged change of settings. */
async function seedAndChangeSettings(page: Page) {
  const settings = page.getByTestId("settings");
  // Seeds before round 1.
  const seeds = page.getByTestId("seeds");
  await seeds.getByLabel("Seed for Ada Lovelace").fill("1");
  await seeds.getByLabel("Seed for Ken Thompson").fill("2");
  await seeds.getByRole("button", { name: "Save seeds" }).click();
  await expect(seeds.getByTestId("seeds-saved")).toBeVisible();
  await expect(entryNames(page).first()).toContainText("1. Ada Lovelace");

  // Settings: a refusal reads as a sentence under its box; a good change is logged old → new.
  await settings.getByLabel("Spread cap per game (points; empty: none)").fill("0");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("alert")).toContainText("A spread cap is at least 1 point");
  await settings.getByLabel("Spread cap per game (points; empty: none)").fill("250");
  await settings.getByLabel("Rounds (Swiss / King of the Hill)").fill("4");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByTestId("settings-saved")).toBeVisible();
  await expect(page.getByTestId("audit-detail").first()).toHaveText(/rounds 5 → 4/);
  await expect(page.getByTestId("audit-detail").first()).toHaveText(/spread cap 300 → 250/);
  await page.screenshot({ path: `${SHOTS}/desktop-before-round-1.png`, fullPage: true });
}

/** Round 1 keeps the forbidden pair apart; the settings that shape pairings are locked, the name is not. */
async function pairRound1AndLock(page: Page, id: string) {
  const settings = page.getByTestId("settings");
  const seeds = page.getByTestId("seeds");
  // Round 1 (seeds Ada 1, Ken 2, then Alan, Grace, Hedy, Katherine by entry): 1 v 4 would be Ada v
  // Grace, a forbidden pair, so they are not paired; now the settings that shape pairings are greyed out.
  await page.getByRole("button", { name: "Pair round 1" }).click();
  const draft = page.getByTestId("draft-row");
  await expect(draft).toHaveCount(3);
  for (const row of await draft.allTextContents()) expect(row.includes("Ada Lovelace") && row.includes("Grace Hopper"), row).toBe(false);
  await expect(settings.getByTestId("settings-locked")).toBeVisible();
  await expect(settings.getByLabel("Challenge rule")).toBeDisabled();
  await expect(settings.getByLabel("Spread cap per game (points; empty: none)")).toBeDisabled();
  await expect(settings.getByTestId("locked-note").first()).toHaveText("Fixed once round 1 is paired: it shapes pairings and games already made.");
  await expect(settings.getByLabel("Name", { exact: true })).toBeEnabled();
  await expect(seeds.getByTestId("seeds-locked")).toBeVisible();
  await expect(seeds.getByLabel("Seed for Ada Lovelace")).toBeDisabled();
  await settings.getByLabel("Name", { exact: true }).fill("Settings Open (renamed)");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings Open (renamed): director's dashboard");
  await settings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/desktop-locked.png`, fullPage: true });
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
}

test("[director-settings]: create with a 10-point rule, pick members by mouse and keyboard, forbid a pair, seed, change settings, then see them locked", { tag: "@deep" }, async ({ page, playwright, baseURL }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const anon = await playwright.request.newContext({ baseURL });
  const names = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Hedy Lamarr", "Katherine Johnson", "Ken Thompson"];
  const emails = await accounts(anon, names);
  await anon.dispose();
  await signUp(page, "Sam Settings");
  const club = await clubWith(page, "Analytical Club", emails);
  const id = await createTournament(page, club);
  await pickMembers(page);
  await addByEmail(page, emails);
  await forbidPairs(page);
  await seedAndChangeSettings(page);
  await pairRound1AndLock(page, id);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("[director-settings]: pick members by tapping, forbid a pair and read a finished event's settings at 390×844", { tag: "@deep" }, async ({ page, playwright, baseURL }) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    const anon = await playwright.request.newContext({ baseURL });
    const emails = await accounts(anon, ["Mary Jackson", "Margaret Hamilton", "Dorothy Vaughan"]);
    await anon.dispose();
    await signUp(page, "Pat Phone");
    const club = await clubWith(page, "Pocket Club", emails);
    const t = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "Pocket Open", startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 1 });
    await page.goto(`/tournaments/${t.id}/manage`);
    await expect(page.getByTestId("dashboard-club")).toHaveText("Pocket Club");

    const box = page.getByRole("combobox", { name: /Add club members/ });
    await box.tap();
    await box.fill("Ma");
    const list = page.getByRole("listbox", { name: "Club members not yet entered" });
    await expect(list.getByRole("option")).toHaveCount(2);
    const option = list.getByRole("option", { name: /Mary Jackson/ });
    const size = await option.boundingBox();
    expect(size!.height).toBeGreaterThanOrEqual(44); // a finger-sized target
    await option.tap();
    await list.getByRole("option", { name: /Margaret Hamilton/ }).tap();
    await page.screenshot({ path: `${SHOTS}/phone-picker.png` });
    await page.getByRole("button", { name: "Add 2 members" }).tap();
    await expect(page.getByTestId("picker-report")).toHaveText("Added 2");
    await expect(box).toHaveValue("");
    // nothing sticks out sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const pairs = page.getByTestId("forbidden-pairs");
    await pairs.getByLabel("Keep this player").selectOption({ label: "Mary Jackson" });
    await pairs.getByLabel("apart from").selectOption({ label: "Margaret Hamilton" });
    await pairs.getByRole("button", { name: "Keep apart" }).tap();
    await expect(pairs.getByTestId("forbidden-list")).toContainText(/Mary Jackson and Margaret Hamilton|Margaret Hamilton and Mary Jackson/);
    await pairs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/phone-pairs.png` });

    // Play the one round to the end: a finished event says so, and its settings are read only.
    await api(page, "tournaments.players.checkInAll", { tournamentId: t.id });
    const { roundNumber } = await api<{ roundNumber: number }>(page, "tournaments.rounds.pair", { tournamentId: t.id });
    await api(page, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber });
    const overview = await api<{ rounds: { pairings: { id: string; isBye: boolean; players: { userId: string }[] }[] }[] }>(page, "tournaments.byId", { tournamentId: t.id }, "query");
    for (const p of overview.rounds[0]!.pairings.filter((x) => !x.isBye))
      await api(page, "tournaments.enterResult", { tournamentId: t.id, pairingId: p.id, scores: Object.fromEntries(p.players.map((pl, i) => [pl.userId, 400 - 50 * i])) });
    await api(page, "tournaments.rounds.close", { tournamentId: t.id, roundNumber });
    await page.reload();
    await expect(page.getByTestId("finished-banner")).toContainText("This tournament is finished.");
    await expect(page.getByTestId("settings-finished")).toBeVisible();
    await expect(page.getByTestId("settings").getByLabel("Name", { exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Save settings" })).toHaveCount(0);
    await expect(page.getByTestId("forbidden-pairs")).toContainText("The tournament is finished: its pairs no longer change.");
    await page.screenshot({ path: `${SHOTS}/phone-finished.png`, fullPage: true });
  });
});
