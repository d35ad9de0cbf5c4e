import { expect, test, type APIRequest, type Page } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

const SHOTS = "/tmp/director-shots";

/** Names on each table of a round's result section, in seat order. */
async function tablesOf(page: Page, round: number): Promise<Map<number, [string, string]>> {
  const rows = page.getByTestId(`results-round-${round}`).getByTestId("result-row");
  const out = new Map<number, [string, string]>();
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const table = Number((await row.locator("td").first().textContent())!.trim());
    out.set(table, [(await row.getByTestId("first-player").textContent())!, (await row.getByTestId("second-player").textContent())!]);
  }
  return out;
}

/** Types one TSH-style line into the round's result box and presses Enter. */
async function typeLine(page: Page, round: number, line: string) {
  const box = page.getByLabel(/^Enter results: table/).and(page.locator(`#result-line-${round}`));
  await box.focus();
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

/** Ten players sign up; the director makes the club and a two-round Swiss with them entered, A and B a forbidden pair. */
async function setUpDay(page: Page, request: APIRequest, baseURL: string | undefined) {
  const anon = await request.newContext({ baseURL });
  const players = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const email = uniqueEmail(`day${i + 1}`);
      const res = await anon.post("/api/trpc/accounts.signUp", { data: { json: { email, name: `Player ${String.fromCharCode(65 + i)}`, password: PASSWORD } } });
      expect(res.ok()).toBe(true);
      return email;
    }),
  );
  await anon.dispose();

  await signUp(page, "Dora Director");
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `day-${randomBytes(3).toString("hex")}`, name: "Equinox Club" });
  await api(page, "clubs.bulkAdd", { clubId: club.id, emails: players.join("\n") });
  const t = await api<{ id: string }>(page, "tournaments.create", {
    clubId: club.id,
    name: "Director's Day Open",
    startsAt: new Date().toISOString(),
    ruleset: "equate",
    format: "swiss",
    rounds: 2,
  });
  await api(page, "tournaments.players.add", { tournamentId: t.id, emails: players.join("\n"), userIds: [] });
  const overview = await api<{ entries: { userId: string; name: string }[] }>(page, "tournaments.byId", { tournamentId: t.id }, "query");
  const idOf = (name: string) => overview.entries.find((e) => e.name === name)!.userId;
  await api(page, "tournaments.forbiddenPairs.add", { tournamentId: t.id, a: idOf("Player A"), b: idOf("Player B") });
  return t;
}

/** Everyone checked in from the dashboard; the pairing plan set to King of the Hill from round 2. */
async function checkInAndPlan(page: Page, t: { id: string }) {
  // Check in everyone: the dashboard says whom it checked in.
  await page.goto(`/tournaments/${t.id}/manage`);
  await expect(page.getByTestId("dashboard-club")).toHaveText("Equinox Club");
  await page.getByRole("button", { name: "Check in everyone" }).click();
  await expect(page.getByTestId("checked-in-all")).toHaveText(`Checked in 10: ${Array.from({ length: 10 }, (_, i) => `Player ${String.fromCharCode(65 + i)}`).join(", ")}.`);

  // The pairing plan, set on the dashboard: King of the Hill from round 2.
  const plan = page.getByTestId("pairing-plan-form");
  await expect(page.getByTestId("pairing-plan-now")).toHaveText("Swiss every round.");
  await plan.getByRole("button", { name: "Add a step" }).click();
  await plan.getByLabel("From round").fill("2");
  await expect(plan.getByLabel("Method from that round")).toHaveValue("king-of-the-hill");
  await plan.getByRole("button", { name: "Save plan" }).click();
  await expect(page.getByTestId("pairing-plan-now")).toHaveText("Swiss first, then King of the Hill from round 2.");
  await expect(page.getByTestId("pairing-plan")).toHaveText("King of the Hill from round 2");
}

/** Round 1 paired by the plan, a swap into the forbidden pair warned of, then applied; published. */
async function pairRound1(page: Page) {
  // Round 1: pair by mouse, by the plan (Swiss).
  await expect(page.getByLabel("Method for round 1")).toHaveValue("");
  await expect(page.getByLabel("Method for round 1").locator("option:checked")).toHaveText("By the plan: Swiss");
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByTestId("draft-row")).toHaveCount(5);
  await expect(page.getByTestId("draft-method")).toContainText("Swiss");

  // A swap that seats the forbidden pair A–B warns and waits: Escape (keyboard) keeps the draft,
  // "Swap anyway" (mouse) applies it.
  const draftRows = page.getByTestId("draft-row");
  const rowOfA = draftRows.filter({ hasText: "Player A" });
  const opponentOfA = (await rowOfA.locator("td").nth(1).textContent())!.replace(" (manual)", "").split(" v ").find((n) => n !== "Player A")!;
  await page.getByLabel("Swap player A").selectOption({ label: "Player B" });
  await page.getByLabel("Swap player B").selectOption({ label: opponentOfA });
  await page.getByRole("button", { name: "Swap", exact: true }).focus();
  await page.keyboard.press("Enter");
  const warning = page.getByTestId("swap-warning");
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/Player [AB] and Player [AB] are a forbidden pair: they would meet at table \d+\./);
  await expect(warning.getByRole("button", { name: "Swap anyway" })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/swap-warning.png` });
  await page.keyboard.press("Escape");
  await expect(warning).toBeHidden();
  await expect(draftRows.filter({ hasText: "(manual)" })).toHaveCount(0);
  await page.getByRole("button", { name: "Swap", exact: true }).click();
  await warning.getByRole("button", { name: "Swap anyway" }).click();
  await expect(warning).toBeHidden();
  await expect(draftRows.filter({ hasText: /Player A v Player B|Player B v Player A/ })).toContainText("(manual)");
  await page.getByRole("button", { name: "Publish round 1" }).click();
}

/** Round 1's clock started and its results typed, refusals first; returns its tables. */
async function enterRound1Results(page: Page) {
  // The round clock: 50 minutes, shown on the dashboard and on the pairings page.
  await page.getByLabel("Round length (minutes)").fill("50");
  await page.getByRole("button", { name: "Start round 1" }).click();
  await expect(page.getByTestId("round-clock")).toContainText(/Round 1: (50:00|49:\d\d) left/);
  await expect(page.getByRole("button", { name: "Restart round 1 clock" })).toBeVisible();
  await expect(page.getByTestId("board-state")).toHaveCount(5);
  await expect(page.getByTestId("board-state").first()).toContainText("not started");

  // Keyboard result entry: refusals read as sentences, nothing is saved.
  await typeLine(page, 1, "1 400 -5");
  await expect(page.getByTestId("entry-problem")).toContainText("score -5: A score cannot be negative.");
  await expect(page.locator("#result-line-1")).toHaveValue("1 400 -5");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("entry-problem")).toContainText("The line is empty");
  await page.keyboard.type("12 400 300");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("entry-problem")).toHaveText("There is no table 12 in round 1.");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");

  const tables = await tablesOf(page, 1);
  expect([...tables.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
  for (const [table, [first, second]] of tables) {
    await typeLine(page, 1, `${table} ${400 + table} 350`);
    await expect(page.getByTestId("entry-said").locator("li").first()).toHaveText(`✓ Table ${table}: ${first} beat ${second} ${400 + table}–350, by ${50 + table}.`);
    await expect(page.locator("#result-line-1")).toHaveValue("");
    await expect(page.locator("#result-line-1")).toBeFocused();
  }
  await expect(page.getByTestId("tables-left").first()).toContainText("Every table of this round has a result");

  // Phone size: the result entry as a person on a phone sees it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("result-entry-1").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/result-entry-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  return tables;
}

/** Table 1's result corrected by keyboard: confirmed, and logged old → new. */
async function correctTable1(page: Page, tables: Map<number, [string, string]>) {
  // A correction: table 1 the other way round. The stored result is shown and must be confirmed:
  // Escape keeps it (the line stays to edit), Enter replaces it. The audit log names both, old → new.
  const [a1, b1] = tables.get(1)!;
  await typeLine(page, 1, "1 300 420");
  const overwrite = page.getByTestId("overwrite-confirm");
  await expect(overwrite).toBeVisible();
  await expect(overwrite).toContainText(`Stored: ${a1} 401 – ${b1} 350.`);
  await expect(overwrite).toContainText(`Replace it with ${a1} 300 – ${b1} 420?`);
  await page.screenshot({ path: `${SHOTS}/overwrite-confirm.png` });
  await page.keyboard.press("Escape");
  await expect(overwrite).toBeHidden();
  await expect(page.locator("#result-line-1")).toHaveValue("1 300 420");
  await expect(page.locator("#result-line-1")).toBeFocused();
  await expect(page.getByTestId("entry-said").locator("li").first()).not.toContainText("corrected");
  await page.keyboard.press("Enter");
  await expect(overwrite).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("entry-said").locator("li").first()).toHaveText(`✓ Table 1 corrected: ${b1} beat ${a1} 420–300, by 120.`);
  await expect(page.getByTestId("audit-detail").filter({ hasText: "→" }).first()).toHaveText(`Round 1, table 1: ${a1} 401 – ${b1} 350 → ${a1} 300 – ${b1} 420`);
  await page.getByTestId("audit-log").screenshot({ path: `${SHOTS}/audit-log.png` });
}

/** The pairings page with the clock, and its print of round 1. */
async function printRound1(page: Page, t: { id: string }) {
  // The pairings page shows the clock; its print is one round, with the tournament's name.
  await page.goto(`/tournaments/${t.id}`);
  await expect(page.getByTestId("round-clock")).toContainText("Round 1:");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: "Director's Day Open" })).toBeVisible();
  await expect(page.getByTestId("round-clock")).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/print-pairings-round-1.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });
}

/** Round 2: a one-round method, its draft deleted, paired by the plan; results and a correction by mouse. */
async function playRound2(page: Page, t: { id: string }) {
  const overwrite = page.getByTestId("overwrite-confirm");
  // Close round 1. Round 2 may be paired with another method for that round only (Swiss, chosen
  // by keyboard); deleting that draft and pairing again follows the plan (King of the Hill).
  await page.goto(`/tournaments/${t.id}/manage`);
  await page.getByRole("button", { name: "Close round 1" }).click();
  const method2 = page.getByLabel("Method for round 2");
  await expect(method2.locator("option:checked")).toHaveText("By the plan: King of the Hill");
  await method2.focus();
  await method2.selectOption("swiss");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Pair round 2" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("draft-method")).toContainText("Swiss");
  await page.getByRole("button", { name: "Delete draft (to re-pair)" }).click();
  await expect(method2.locator("option:checked")).toHaveText("By the plan: King of the Hill");
  await page.getByRole("button", { name: "Pair round 2" }).click();
  await expect(page.getByTestId("draft-method")).toContainText("King of the Hill");
  await expect(page.getByTestId("draft-row")).toHaveCount(5);
  await page.getByRole("button", { name: "Publish round 2" }).click();
  await page.getByRole("button", { name: "Start round 2" }).click();
  await expect(page.getByTestId("round-clock")).toContainText("Round 2:");
  const tables2 = await tablesOf(page, 2);
  for (const table of tables2.keys()) {
    await typeLine(page, 2, `${table} 380 ${360 + table}`);
    await expect(page.getByTestId("entry-said").locator("li").first()).toContainText(`Table ${table}:`);
  }
  // A correction confirmed by mouse.
  await typeLine(page, 2, "1 381 361");
  await overwrite.getByRole("button", { name: "Replace it" }).click();
  await expect(page.getByTestId("entry-said").locator("li").first()).toContainText("Table 1 corrected:");
}

/** The print of round 2's pairings; round 2 closed, the tournament finished. */
async function printRound2AndFinish(page: Page, t: { id: string }) {
  // Print of round 2's pairings: only round 2, round 1 hidden.
  await page.goto(`/tournaments/${t.id}`);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("round-section-2")).toBeVisible();
  await expect(page.getByTestId("round-section-1")).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/print-pairings-round-2.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });

  await page.goto(`/tournaments/${t.id}/manage`);
  await page.getByRole("button", { name: "Close round 2" }).click();
  await expect(page.getByTestId("finished-banner")).toContainText("This tournament is finished.");
  await page.screenshot({ path: `${SHOTS}/dashboard-finished.png`, fullPage: true });
}

/** The standings on a phone, with the reasons on demand. */
async function standingsOnPhone(page: Page, t: { id: string }) {
  // Standings on a phone: one line a player, at least 8 of the 10 on one screen, nothing sticking
  // out sideways; the reasons come on demand.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tournaments/${t.id}/standings`);
  const standingRows = page.getByTestId("standing-row");
  await expect(standingRows).toHaveCount(10);
  await standingRows.first().evaluate((el) => el.scrollIntoView({ block: "start" }));
  const boxes = await standingRows.evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect()).map((b) => ({ top: b.top, bottom: b.bottom, height: b.height })));
  expect(boxes.filter((b) => b.top >= 0 && b.bottom <= 844).length).toBeGreaterThanOrEqual(8);
  expect(Math.max(...boxes.map((b) => b.height))).toBeLessThan(60);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId("standing-why-phone")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/standings-phone.png` });
  await page.getByRole("button", { name: "Show why each player is above the next" }).click();
  await expect(page.getByTestId("standing-why-phone").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/standings-phone-why.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The players' scorecards: one per player, both rounds, spreads adding up to nothing. */
async function printScorecards(page: Page, t: { id: string }) {
  // The players' scorecards, by mouse from the tournament's tabs: one printed page per player,
  // both rounds filled in, and the final running spreads add up to nothing (every game is zero-sum).
  await page.goto(`/tournaments/${t.id}`);
  await page.getByRole("link", { name: "Print sheets" }).click();
  await page.getByTestId("print-sheets").getByRole("link", { name: "Scorecards" }).click();
  const cards = page.getByTestId("scorecard");
  await expect(cards).toHaveCount(10);
  let spreadSum = 0;
  for (let i = 0; i < 10; i++) {
    const rows = cards.nth(i).getByTestId("scorecard-row");
    await expect(rows).toHaveCount(2);
    for (let r = 0; r < 2; r++) await expect(rows.nth(r).locator("td").nth(4)).toHaveText(/^\d+$/);
    spreadSum += Number((await rows.nth(1).locator("td").nth(9).textContent())!.replace("+", "").replace("−", "-"));
  }
  expect(spreadSum).toBe(0);
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: `${SHOTS}/print-scorecards.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });
}

test("[director-day]: a 10-player event with a round clock, keyboard results, a correction in the audit log, prints and a final King of the Hill round", { tag: "@deep" }, async ({ page, playwright, baseURL }) => {
  test.setTimeout(600_000); // a 10-player, two-round day on a busy 2-core machine
  mkdirSync(SHOTS, { recursive: true });
  const t = await setUpDay(page, playwright.request, baseURL);
  await checkInAndPlan(page, t);
  await pairRound1(page);
  const tables = await enterRound1Results(page);
  await correctTable1(page, tables);
  await printRound1(page, t);
  await playRound2(page, t);
  await printRound2AndFinish(page, t);
  await standingsOnPhone(page, t);
  await printScorecards(page, t);
});
