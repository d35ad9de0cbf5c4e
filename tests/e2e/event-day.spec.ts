/**
 * [EVENT]: an event from its first entry to its payout (issue 26's whole story), one person per
 * browser context. The parts have their own specs that drive each page by mouse, keyboard and at
 * phone size (entries, desk, prizes); here they are joined: entries for a 6-cap event, eight
 * entries (two waitlisted), a withdrawal that promotes the first waitlisted player (who is told),
 * fees recorded, five check-ins by scanning QR codes from screenshots of the players' entry pages
 * (the desk's camera is fed the screenshot as a fake video: tests/e2e/camera.ts) and one by search,
 * the absent player removed before round 1 (the present waitlisted player takes the place), the
 * event played out, and a payout sheet with a class prize and an equal split of a tie whose money
 * adds up to the prize fund.
 */
import { expect, test } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { cameraBrowser, decodePng, y4mOf } from "./camera";
import { call, person } from "./people";
import { api } from "./tournament-setup";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "test-results/event-day";
const PHONE = { width: 390, height: 844 };

type Overview = {
  entries: { userId: string; name: string; status: string }[];
  rounds: { number: number; pairings: { id: string; isBye: boolean; players: { userId: string }[] }[] }[];
};

test("[EVENT]: entries with a waitlist, fees, QR check-in, the absent removed, the event played, the payout adds up", { tag: "@deep" }, async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const dir = await person(browser, "Dora Director");
  const club = await call<{ id: string }>(dir.ctx.request, "clubs.create", { handle: `day-${randomBytes(3).toString("hex")}`, name: "Event Day Club" });
  const name = `Day Open ${randomBytes(2).toString("hex")}`;
  const t = await call<{ id: string }>(dir.ctx.request, "tournaments.create", {
    clubId: club.id,
    name,
    startsAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    ruleset: "equate",
    format: "swiss",
    rounds: 2,
    entryCap: 6,
    entryOpenTo: "anyone",
    entryFields: ["class"],
  });
  await call(dir.ctx.request, "tournaments.desk.configure", { tournamentId: t.id, entryFee: 1500, currency: "EUR", checkInMinutes: 30 });

  // Eight entries for six places: the last two wait in line.
  const classes: Record<string, string> = { Ann: "A", Bo: "A", Cy: "B", Dee: "B", Eve: "B", Uma: "C", Walt: "C", Pia: "B" };
  const people: Record<string, Awaited<ReturnType<typeof person>>> = {};
  for (const n of Object.keys(classes)) {
    people[n] = await person(browser, `${n} Player`, PHONE);
    const r = await call<{ status: string; position: number | null }>(people[n]!.ctx.request, "tournaments.entries.enter", { tournamentId: t.id, details: { class: classes[n] } });
    expect(r.status, n).toBe(["Walt", "Pia"].includes(n) ? "waitlisted" : "registered");
  }

  // Uma withdraws; Walt, first in line, is promoted and told.
  await call(people.Uma!.ctx.request, "tournaments.entries.withdraw", { tournamentId: t.id });
  const walt = people.Walt!.page;
  await walt.goto("/notifications");
  await expect(walt.getByTestId("notification").first()).toContainText(`A place came free in ${name}: you are in the field now.`);

  // Check-in by QR: four of the field and Pia (still waitlisted, present) show their entry pages;
  // the director's phone at the desk scans each screenshot through its camera.
  const state = await dir.ctx.storageState();
  for (const n of ["Ann", "Bo", "Cy", "Dee", "Pia"]) {
    const p = people[n]!.page;
    await p.goto(`/tournaments/${t.id}`);
    await p.getByTestId("my-entry-link").click();
    await expect(p.getByTestId("entry-qr")).toBeVisible();
    const shot = await p.screenshot({ path: `${SHOTS}/entry-${n}.png` });
    expect(await decodePng(shot)).toBe(await p.getByTestId("entry-code").textContent());
    const video = `${SHOTS}/camera-${n}.y4m`;
    await y4mOf(shot, video);
    const cam = await cameraBrowser(video, state, baseURL!);
    await cam.page.goto(`/tournaments/${t.id}/desk`);
    await cam.page.getByTestId("desk-camera").click();
    const expected = n === "Pia" ? /^Pia Player/ : new RegExp(`^${n} Player is checked in\\. ✓$`);
    await expect(cam.page.getByTestId("desk-banner")).toHaveText(expected, { timeout: 20_000 });
    if (n === "Ann") {
      // Ann pays cash at the desk.
      await cam.page.getByTestId("desk-fee-open").click();
      await cam.page.getByRole("button", { name: "Cash", exact: true }).click();
      await cam.page.getByRole("button", { name: "Save fee" }).click();
      await expect(cam.page.getByTestId("desk-banner")).toHaveText("Ann Player: fee paid.");
      await cam.page.screenshot({ path: `${SHOTS}/desk-phone.png` });
    }
    await cam.browser.close();
  }

  // Walt has no phone with him: found by name and checked in; he pays by transfer.
  const desk = dir.page;
  await desk.goto(`/tournaments/${t.id}/desk`);
  await desk.getByTestId("desk-search").fill("walt");
  await desk.getByTestId("desk-results").getByRole("button", { name: /Walt Player/ }).click();
  await desk.getByTestId("desk-check-in").click();
  await expect(desk.getByTestId("desk-banner")).toHaveText("Walt Player is checked in. ✓");
  await desk.getByTestId("desk-fee-open").click();
  await desk.getByRole("button", { name: "Transfer", exact: true }).click();
  await desk.getByRole("button", { name: "Save fee" }).click();
  await expect(desk.getByTestId("desk-banner")).toHaveText("Walt Player: fee paid.");

  // Eve never came. Before round 1 the director removes her; Pia, present, takes the place.
  await desk.goto(`/tournaments/${t.id}/manage`);
  await expect(desk.getByTestId("start-step-summary")).toContainText("Eve Player");
  await desk.getByTestId("start-step").getByRole("button").first().click();
  await expect(desk.getByTestId("start-step-done")).toContainText("Eve Player");
  await expect(desk.getByTestId("start-step-done")).toContainText("Pia Player");
  const before = await api<Overview>(desk, "tournaments.byId", { tournamentId: t.id }, "query");
  const field = before.entries.filter((e) => e.status === "checked-in").map((e) => e.name).sort();
  expect(field).toEqual(["Ann Player", "Bo Player", "Cy Player", "Dee Player", "Pia Player", "Walt Player"]);

  // The event is played: in round 1 the player whose name comes first alphabetically wins 400–300
  // (so Walt, last, loses); round 2 every board is a 350–350 tie. Three players finish level on 1½
  // wins and +100: they tie across the 1st/2nd boundary. Walt is the only class C player left.
  for (const round of [1, 2]) {
    await call(dir.ctx.request, "tournaments.rounds.pair", { tournamentId: t.id });
    await call(dir.ctx.request, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber: round });
    const o = await api<Overview>(desk, "tournaments.byId", { tournamentId: t.id }, "query");
    for (const p of o.rounds.find((r) => r.number === round)!.pairings.filter((x) => !x.isBye)) {
      const nameOf = (id: string) => o.entries.find((e) => e.userId === id)!.name;
      const [first, second] = p.players.map((x) => x.userId).sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
      const scores = round === 1 ? { [first!]: 400, [second!]: 300 } : { [first!]: 350, [second!]: 350 };
      await call(dir.ctx.request, "tournaments.enterResult", { tournamentId: t.id, pairingId: p.id, scores });
    }
    await call(dir.ctx.request, "tournaments.rounds.close", { tournamentId: t.id, roundNumber: round });
  }

  // Prizes: 1st 100.00, 2nd 50.00 and a class C prize of 30.00 (fund 180.00); ties share equally.
  for (const row of [
    { kind: "place", place: 1, amount: 10_000 },
    { kind: "place", place: 2, amount: 5_000 },
    { kind: "class", place: 1, classValue: "C", amount: 3_000 },
  ])
    await call(dir.ctx.request, "tournaments.prizes.save", { tournamentId: t.id, ...row });
  await desk.goto(`/tournaments/${t.id}/manage`);
  const prizes = desk.getByTestId("prizes");
  await expect(prizes.getByTestId("prize-hold")).toContainText("Prize fund 180.00 EUR");
  await prizes.getByTestId("prizes-final").click();
  await expect(prizes.getByTestId("prize-hold")).toContainText("Results final");

  await desk.setViewportSize({ width: 1280, height: 900 });
  await desk.goto(`/tournaments/${t.id}/print/payout`);
  const sheet = desk.getByTestId("payout-sheet");
  await expect(sheet.getByTestId("payout-sum")).toHaveText("180.00 EUR");
  await expect(sheet.getByTestId("payout-fund")).toHaveText("180.00 EUR");
  await expect(sheet).toContainText("adds up");
  // 1st and 2nd (150.00) split equally among the three tied: 50.00 each; the class C prize, 30.00, to Walt.
  await expect(sheet.getByTestId("payout-line")).toHaveCount(4);
  const lines = await sheet.getByTestId("payout-line").allInnerTexts();
  expect((await sheet.getByTestId("payout-amount").allTextContents()).sort(), lines.join("\n")).toEqual(["30.00 EUR", "50.00 EUR", "50.00 EUR", "50.00 EUR"]);
  expect(lines.find((l) => l.includes("30.00 EUR"))).toContain("Walt Player");
  await desk.screenshot({ path: `${SHOTS}/payout-desktop.png`, fullPage: true });

  // The ledger: two fees paid (15.00 each), four owed.
  const csv = await (await desk.request.get(`/tournaments/${t.id}/ledger.csv`)).text();
  expect(csv).toContain("total paid,2,,30.00,EUR");
  for (const p of Object.values(people)) await p.ctx.close();
  await dir.ctx.close();
});
