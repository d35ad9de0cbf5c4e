/**
 * Self-scheduled games (docs/competitions.md): the director gives round 1 a play-by window on the
 * dashboard; one player (on a 390 px phone) proposes a time, the other (desktop, mouse) accepts it
 * and both see the agreed time; the phone player reports the over-the-board result and the opponent
 * confirms it with the keyboard; on a second event whose window has passed, the director decides the
 * unplayed board (a forfeit with a reason) and a second decision is not offered.
 */
import { expect, test, type Page } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";
import { api, pairedSwiss } from "./tournament-setup";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/schedule-shots";

/** A `datetime-local` value in the browser's zone. */
const local = (page: Page, ms: number) =>
  page.evaluate((t) => {
    const d = new Date(t);
    const two = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  }, ms);

test("[SCHEDULE]: players agree a time and report a result; the director sets the window and decides an unplayed game", { tag: "@deep" }, async ({ browser }) => {
  // three people sign up on a busy 2-core machine: more than the default minute
  test.setTimeout(240_000);
  const director = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  const desk = await (await browser.newContext()).newPage();
  const [pia, bo] = [uniqueEmail("pia"), uniqueEmail("bo")];
  await signUp(director, "Dana Director");
  await signUp(phone, "Pia Phone", pia);
  await signUp(desk, "Bo Desk", bo);
  const { tournamentId } = await pairedSwiss(director, { name: "Season Round", emails: [pia, bo] });

  // the director's window, by mouse on the dashboard
  await director.goto(`/tournaments/${tournamentId}/manage`);
  const panel = director.getByTestId("schedule-panel");
  await panel.getByLabel("Play from").fill(await local(director, Date.now() - 3_600_000));
  await panel.getByLabel("Play by").fill(await local(director, Date.now() + 7 * 86_400_000));
  await panel.getByRole("button", { name: "Set the window" }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved.");
  await expect(panel.getByTestId("unplayed-empty")).toBeVisible();

  // the phone player proposes the suggested time
  await phone.goto(`/tournaments/${tournamentId}`);
  const mineP = phone.getByTestId("my-game");
  await expect(mineP).toContainText("against Bo Desk");
  await mineP.getByRole("button", { name: "Propose times" }).click();
  await mineP.getByLabel("Note for your opponent (only the two of you and the directors see it)").fill("after work please");
  await mineP.getByRole("button", { name: "Send proposal" }).click();
  await expect(mineP.getByTestId("my-proposal")).toContainText("waiting for an answer");
  await phone.screenshot({ path: `${SHOTS}/phone-proposed.png`, fullPage: true });

  // the desktop player accepts it by mouse
  await desk.goto(`/tournaments/${tournamentId}`);
  const mineD = desk.getByTestId("my-game");
  await expect(mineD.getByTestId("their-proposal")).toContainText("Pia Phone proposes");
  await expect(mineD.getByTestId("their-proposal")).toContainText("after work please");
  await mineD.getByRole("button", { name: "Accept this time" }).click();
  await expect(mineD.getByTestId("agreed-time")).toContainText("Agreed:");
  await desk.screenshot({ path: `${SHOTS}/desk-agreed.png`, fullPage: true });
  await phone.reload();
  await expect(mineP.getByTestId("agreed-time")).toContainText("Agreed:");
  await expect(mineP.getByRole("button", { name: "Open the game" })).toBeDisabled();

  // played over the board: the phone player reports, the opponent confirms with the keyboard
  await mineP.getByRole("button", { name: "Report the result (played over the board)" }).click();
  const form = mineP.getByTestId("report-form");
  await form.getByLabel("Pia Phone").fill("412");
  await form.getByLabel("Bo Desk").fill("380");
  await form.getByRole("button", { name: "Send the result" }).click();
  await expect(mineP.getByTestId("my-report")).toContainText("waiting for your opponent");
  await phone.screenshot({ path: `${SHOTS}/phone-reported.png`, fullPage: true });
  await desk.reload();
  await expect(mineD.getByTestId("their-report")).toContainText("Pia Phone 412");
  await mineD.getByRole("button", { name: "Confirm this result" }).focus();
  await desk.keyboard.press("Enter");
  await expect(desk.getByTestId("my-games")).toHaveCount(0);
  await expect(desk.getByTestId("round-section-1")).toContainText("412");

  // a second event whose window has passed: the director decides the unplayed board
  const late = await pairedSwiss(director, { name: "Late Round", emails: [pia, bo] });
  await api(director, "schedule.setWindow", { tournamentId: late.tournamentId, roundNumber: 1, playFrom: new Date(Date.now() - 8 * 86_400_000).toISOString(), playBy: new Date(Date.now() - 3_600_000).toISOString() });
  await director.goto(`/tournaments/${late.tournamentId}/manage`);
  const board = director.getByTestId("unplayed-board");
  await expect(board).toContainText("unplayed");
  await expect(board).toContainText("No times were proposed.");
  await board.getByLabel("Decision for table 1").selectOption({ label: "Bo Desk forfeits" });
  await board.getByLabel("Reason (the players read it)").fill("never answered");
  await director.screenshot({ path: `${SHOTS}/director-unplayed.png`, fullPage: true });
  await board.getByRole("button", { name: "Decide" }).click();
  await expect(director.getByTestId("unplayed-empty")).toBeVisible();
  // the decision went through the result path: the standings know it
  const standings = await api<{ rows: { name: string; wins: number }[] }>(director, "tournaments.standings", { tournamentId: late.tournamentId }, "query");
  expect(standings.rows.find((r) => r.name === "Pia Phone")!.wins).toBe(1);
});
