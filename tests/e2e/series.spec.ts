/**
 * [SERIES]: a club's points series across its monthly events (docs/competitions.md "Running a
 * series"). The director creates it from the club page with the keyboard only — two finished cups,
 * best 1 of them counts — reads the table (each player's counted and dropped event), adds a third,
 * still running event by mouse (it scores for nobody yet), and a player reads the table at phone size.
 */
import { expect, test, type APIRequestContext } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { call, person } from "./people";

const SHOTS = "test-results/series";
type Board = { id: string; isBye: boolean; players: { userId: string }[] };

/** A one-round Swiss of the club's four players; finished unless `finish` is false (then paired only). */
async function cup(request: APIRequestContext, clubId: string, name: string, emails: string[], winnerFirst: boolean, finish = true) {
  const t = await call<{ id: string }>(request, "tournaments.create", { clubId, name, startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 1 });
  await call(request, "tournaments.players.add", { tournamentId: t.id, emails: emails.join("\n"), checkIn: true });
  if (!finish) return t.id;
  const { roundNumber } = await call<{ roundNumber: number }>(request, "tournaments.rounds.pair", { tournamentId: t.id });
  await call(request, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber });
  const res = await request.get(`/api/trpc/tournaments.byId?input=${encodeURIComponent(JSON.stringify({ json: { tournamentId: t.id } }))}`);
  const view = (await res.json()).result.data.json as { rounds: { number: number; pairings: Board[] }[] };
  for (const [i, b] of view.rounds.find((r) => r.number === roundNumber)!.pairings.filter((p) => !p.isBye).entries()) {
    const [a, z] = winnerFirst ? [b.players[0]!, b.players[1]!] : [b.players[1]!, b.players[0]!];
    await call(request, "tournaments.enterResult", { tournamentId: t.id, pairingId: b.id, scores: { [a.userId]: 420 - 30 * i, [z.userId]: 300 } });
  }
  await call(request, "tournaments.rounds.close", { tournamentId: t.id, roundNumber });
  return t.id;
}

test("[SERIES]: a director builds a best-1-of-2 series by keyboard, adds a running event by mouse; the table says what counts", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const dir = await person(browser, "Sam Series");
  const players = [];
  for (const n of ["Ann", "Bea", "Cal", "Dov"]) players.push({ ...(await person(browser, n)), name: n });
  const handle = `series-${randomBytes(3).toString("hex")}`;
  const club = await call<{ id: string }>(dir.ctx.request, "clubs.create", { handle, name: "Series Club" });
  await call(dir.ctx.request, "clubs.bulkAdd", { clubId: club.id, emails: players.map((p) => p.email).join("\n") });
  const emails = players.map((p) => p.email);
  await cup(dir.ctx.request, club.id, "Cup One", emails, true);
  await cup(dir.ctx.request, club.id, "Cup Two", emails, false);
  await cup(dir.ctx.request, club.id, "Cup Three", emails, true, false);

  // by keyboard: from the club page's link to the form, every field typed, the cups ticked with Space
  const page = dir.page;
  await page.goto(`/clubs/${handle}`);
  await page.getByTestId("club-competitions").getByRole("link", { name: "Create a series" }).focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "New series" });
  await expect(form).toBeVisible();
  await form.getByLabel("Name", { exact: true }).focus();
  await page.keyboard.type("Winter Series");
  await form.getByLabel("Points for 1st, 2nd, … (lower places score 0)").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("10, 6, 4, 3");
  await form.getByLabel("Events that count for each player (best N)").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1");
  for (const name of ["Cup One", "Cup Two"]) {
    await form.getByLabel(name).focus();
    await page.keyboard.press("Space");
    await expect(form.getByLabel(name)).toBeChecked();
  }
  await form.getByRole("button", { name: "Create series" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Winter Series" })).toBeVisible();

  // the table: four players, each with one counted and one dropped cup
  const rows = page.getByTestId("series-row");
  await expect(rows).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    await expect(rows.nth(i).getByText("counted", { exact: true })).toHaveCount(1);
    await expect(rows.nth(i).getByText("dropped", { exact: true })).toHaveCount(1);
  }
  // the top row has 10 points (a cup won), and says why it is above the next
  await expect(rows.first().getByRole("cell").nth(2)).toHaveText("10");
  await page.screenshot({ path: `${SHOTS}/series-desktop.png`, fullPage: true });

  // by mouse: the running cup joins, and scores for nobody until it is finished
  await page.getByLabel("Add one of the club's events").selectOption({ label: "Cup Three" });
  await page.getByRole("button", { name: "Add event" }).click();
  const events = page.getByTestId("series-events");
  await expect(events.getByRole("listitem").filter({ hasText: "Cup Three" })).toContainText("not finished yet");
  await expect(rows.first().getByRole("cell").nth(2)).toHaveText("10");

  // a player reads it on a phone
  const ann = players[0]!;
  await ann.page.setViewportSize({ width: 390, height: 844 });
  await ann.page.goto(page.url());
  await expect(ann.page.getByTestId("series-row")).toHaveCount(4);
  await expect(ann.page.getByRole("button", { name: "Add event" })).toHaveCount(0);
  await ann.page.screenshot({ path: `${SHOTS}/series-phone.png`, fullPage: true });
});
