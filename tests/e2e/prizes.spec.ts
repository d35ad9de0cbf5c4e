import { expect, test } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

const SHOTS = "/tmp/prizes-shots";

type Overview = { rounds: { number: number; pairings: { id: string; isBye: boolean; players: { userId: string }[] }[] }[] };

/**
 * A finished one-round event of four: both boards end 400–300, so the two winners tie on 1 win
 * +100 and the two losers on 0 wins −100. The director builds the table on the dashboard (1st
 * 100.00, 2nd 50.00, a class prize for ratings 1400–1599 at 30.00; newcomers are seeded at 1500),
 * marks the results final and opens the payout sheet: equal shares, 75.00 + 75.00 + 15.00 + 15.00
 * = 180.00, the prize fund.
 */
test("[PRIZES]: the director builds a prize table, marks the results final and the payout adds up", { tag: "@deep" }, async ({ page, request }) => {
  mkdirSync(SHOTS, { recursive: true });
  const emails = await Promise.all(
    ["Ana", "Ben", "Cai", "Dee"].map(async (name) => {
      const email = uniqueEmail(`prize-${name.toLowerCase()}`);
      expect((await request.post("/api/trpc/accounts.signUp", { data: { json: { email, name, password: PASSWORD } } })).ok()).toBe(true);
      return email;
    }),
  );
  await signUp(page, "Pia Prizes");
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `prize-${randomBytes(3).toString("hex")}`, name: "Prize Club" });
  await api(page, "clubs.bulkAdd", { clubId: club.id, emails: emails.join("\n") });
  const t = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "Prize Open", startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 1 });
  await api(page, "tournaments.players.add", { tournamentId: t.id, emails: emails.join("\n"), checkIn: true, userIds: [] });
  await api(page, "tournaments.rounds.pair", { tournamentId: t.id });
  await api(page, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber: 1 });
  const o = await api<Overview>(page, "tournaments.byId", { tournamentId: t.id }, "query");
  for (const p of o.rounds[0]!.pairings.filter((x) => !x.isBye))
    await api(page, "tournaments.enterResult", { tournamentId: t.id, pairingId: p.id, scores: { [p.players[0]!.userId]: 400, [p.players[1]!.userId]: 300 } });
  await api(page, "tournaments.rounds.close", { tournamentId: t.id, roundNumber: 1 });

  // The prize table, built on the dashboard with the keyboard and the mouse.
  await page.goto(`/tournaments/${t.id}/manage`);
  const prizes = page.getByTestId("prizes");
  const form = prizes.getByTestId("prize-form");
  await expect(prizes.getByTestId("prize-hold")).toContainText("Provisional");
  await form.locator("[name=place]").fill("1");
  await form.locator("[name=amount]").fill("100");
  await form.locator("[name=item]").fill("trophy");
  await form.locator("[name=item]").press("Enter");
  await expect(prizes.getByTestId("prize-row")).toHaveCount(1);
  await expect(form.locator("[name=amount]")).toHaveValue("");
  await form.locator("[name=place]").fill("2");
  await form.locator("[name=amount]").fill("60");
  await form.getByRole("button", { name: "Add prize" }).click();
  await expect(prizes.getByTestId("prize-row")).toHaveCount(2);
  await expect(form.locator("[name=amount]")).toHaveValue("");
  // a second 2nd place is refused with a sentence; the director removes the wrong row and adds 2nd at 50.00
  await form.locator("[name=place]").fill("2");
  await form.locator("[name=amount]").fill("50");
  await form.getByRole("button", { name: "Add prize" }).click();
  await expect(prizes.getByTestId("form-error")).toHaveText("The overall places already have a 2nd prize: change that row instead.");
  await prizes.getByRole("button", { name: "Remove 2nd place" }).click();
  await expect(prizes.getByTestId("prize-row")).toHaveCount(1);
  await form.getByRole("button", { name: "Add prize" }).click();
  await expect(prizes.getByTestId("prize-row")).toHaveCount(2);
  await expect(form.locator("[name=amount]")).toHaveValue("");
  await form.locator("[name=kind]").selectOption("class");
  await form.locator("[name=place]").fill("1");
  await form.locator("[name=ratingMin]").fill("1400");
  await form.locator("[name=ratingMax]").fill("1599");
  await form.locator("[name=amount]").fill("30");
  await form.getByRole("button", { name: "Add prize" }).click();
  await expect(prizes.getByTestId("prize-row")).toHaveCount(3);
  await expect(prizes.getByTestId("prize-hold")).toContainText("Prize fund 180.00 EUR");
  await prizes.screenshot({ path: `${SHOTS}/prize-table.png` });

  // Provisional: the public standings show no prize column yet.
  await prizes.getByTestId("prizes-final").click();
  await expect(prizes.getByTestId("prize-hold")).toContainText("Results final");

  await page.goto(`/tournaments/${t.id}/print/payout`);
  const sheet = page.getByTestId("payout-sheet");
  await expect(sheet.getByTestId("payout-line")).toHaveCount(4);
  await expect(sheet.getByTestId("payout-sum")).toHaveText("180.00 EUR");
  await expect(sheet.getByTestId("payout-fund")).toHaveText("180.00 EUR");
  await expect(sheet).toContainText("adds up");
  await expect(sheet.getByTestId("payout-amount")).toHaveText(["75.00 EUR", "75.00 EUR", "15.00 EUR", "15.00 EUR"]);
  await expect(sheet.getByTestId("payout-provisional")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/payout-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("payout-cards")).toBeVisible();
  await expect(page.getByTestId("payout-cards")).toContainText("Total paid 180.00 EUR · prize fund 180.00 EUR — adds up");
  await page.screenshot({ path: `${SHOTS}/payout-phone.png`, fullPage: true });

  // The public standings show who won what.
  await page.goto(`/tournaments/${t.id}/standings`);
  await expect(page.getByTestId("standing-prize")).toHaveText(["75.00 EUR + trophy", "75.00 EUR", "15.00 EUR", "15.00 EUR"]);
  await page.screenshot({ path: `${SHOTS}/standings-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // the CSV ends with the sum
  const csv = await (await page.request.get(`/tournaments/${t.id}/payout.csv`)).text();
  expect(csv).toContain("total,,180.00,EUR");
});
