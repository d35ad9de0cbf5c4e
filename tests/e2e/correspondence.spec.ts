/**
 * A correspondence game (docs/competitions.md "Correspondence"): an event played at 2 days per move
 * and a 5-day bank, its round given a window. Each player opens the game from "My games" with no
 * time to agree (one at a 390 px phone); the game page then says how long the player to move has
 * ("6 days 23 h left to move"), to both.
 */
import { expect, test } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";
import { api, pairedSwiss } from "./tournament-setup";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/correspondence-shots";
const DAY = 86_400_000;

test("[CORRESPONDENCE]: the players open the game without agreeing a time, and the page says the days left to move", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(240_000);
  const director = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  const desk = await (await browser.newContext()).newPage();
  const [cora, dev] = [uniqueEmail("cora"), uniqueEmail("dev")];
  await signUp(director, "Dana Director");
  await signUp(phone, "Cora Phone", cora);
  await signUp(desk, "Dev Desk", dev);
  const timeControl = { initialMs: 5 * DAY, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 0, maxOvertimeMs: 0, leastTimeBonusPoints: 0, moveAllowanceMs: 2 * DAY };
  const { tournamentId } = await pairedSwiss(director, { name: "Towns League", emails: [cora, dev], timeControl });
  await api(director, "schedule.setWindow", { tournamentId, roundNumber: 1, playFrom: new Date(Date.now() - 3_600_000).toISOString(), playBy: new Date(Date.now() + 21 * DAY).toISOString() });

  for (const page of [phone, desk]) {
    await page.goto(`/tournaments/${tournamentId}`);
    const mine = page.getByTestId("my-game");
    await expect(mine.getByTestId("correspondence")).toContainText("Played by correspondence: 2 days per move");
    await mine.getByRole("button", { name: /Open the game|Go to the game/ }).click();
    await page.waitForURL(/\/play\//);
  }
  // both came: the clocks run; whoever is to move has 2 days + 5 days, less the seconds spent
  for (const page of [phone, desk]) await expect(page.getByTestId("time-to-move")).toContainText(/(You have|has) 6 days 23 h left to move/);
  await expect(phone.getByTestId("game-facts")).toContainText("correspondence: 2 days per move + 5 days bank");
  // the bank is shown in days, untouched while a move stays inside its 2 days
  await expect(desk.getByTestId("clock-0")).toHaveText("bank 5 days");
  await expect(desk.getByTestId("clock-1")).toHaveText("bank 5 days");
  await phone.screenshot({ path: `${SHOTS}/phone-game.png`, fullPage: true });
  await desk.screenshot({ path: `${SHOTS}/desk-game.png`, fullPage: true });
});
