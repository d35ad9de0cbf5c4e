import { expect, test, type Browser, type Page } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { PASSWORD, signIn, signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

const SHOTS = "/tmp/printing-shots";

/** The pages of a PDF Chromium printed, each with its size in points (from the page objects' MediaBox). */
function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  return pdf
    .toString("latin1")
    .split("endobj")
    .filter((o) => /\/Type\s*\/Page\b(?!s)/.test(o))
    .map((o) => {
      const [x0, y0, x1, y1] = o.match(/\/MediaBox\s*\[([^\]]*)\]/)![1]!.trim().split(/\s+/).map(Number);
      return { width: x1! - x0!, height: y1! - y0! };
    });
}

type Overview = { rounds: { number: number; pairings: { id: string; table: number; isBye: boolean; players: { userId: string; name: string }[] }[] }[] };

/** As the director: a result for every board of the round (the first mover wins). */
async function enterAll(page: Page, tournamentId: string, round: number) {
  const o = await api<Overview>(page, "tournaments.byId", { tournamentId }, "query");
  for (const p of o.rounds.find((r) => r.number === round)!.pairings.filter((x) => !x.isBye))
    await api(page, "tournaments.enterResult", { tournamentId, pairingId: p.id, scores: { [p.players[0]!.userId]: 400 + p.table, [p.players[1]!.userId]: 350 } });
}

/** The director's club and a Swiss of the six: round 1 played and closed, round 2 published with its clock started. */
async function setUpTwoRounds(page: Page, emails: string[]) {
  await signUp(page, "Petra Printer");
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `print-${randomBytes(3).toString("hex")}`, name: "Print Club" });
  await api(page, "clubs.bulkAdd", { clubId: club.id, emails: emails.join("\n") });
  const t = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "Printed Open", startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 3 });
  await api(page, "tournaments.players.add", { tournamentId: t.id, emails: emails.join("\n"), checkIn: true, userIds: [] });
  await api(page, "tournaments.rounds.pair", { tournamentId: t.id });
  await api(page, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber: 1 });
  await enterAll(page, t.id, 1);
  await api(page, "tournaments.rounds.close", { tournamentId: t.id, roundNumber: 1 });
  await api(page, "tournaments.rounds.pair", { tournamentId: t.id });
  await api(page, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber: 2 });
  await api(page, "tournaments.rounds.start", { tournamentId: t.id, roundNumber: 2, minutes: 45, startGames: false });
  return { club, t };
}

/** Find your table: reached by mouse, round 1 chosen by keyboard, its CSV, printed and on a phone; returns round 1. */
async function findYourTable(page: Page, t: { id: string }, alphabetical: string[]): Promise<Overview["rounds"][number]> {
  // By mouse from the tournament's tabs to the print sheets; the newest round is chosen.
  await page.goto(`/tournaments/${t.id}`);
  await page.getByRole("link", { name: "Print sheets" }).click();
  await expect(page.getByTestId("print-sheets").getByRole("link")).toHaveText(["Find your table", "Table cards", "Scorecards", "Wall chart", "Match sheets", "Payout sheet"]);
  await page.getByTestId("print-sheets").getByRole("link", { name: "Find your table" }).click();
  await expect(page).toHaveURL(/\/print\/find-your-table\?round=2$/);
  await expect(page.getByTestId("table-line")).toHaveCount(6);
  expect(await page.getByTestId("table-line").locator("td:first-child").allTextContents()).toEqual(alphabetical);

  // By keyboard: the round selector goes back to round 1, and the address follows.
  await page.getByLabel("Round", { exact: true }).focus();
  await page.keyboard.press("ArrowUp");
  await expect(page).toHaveURL(/round=1$/);
  await expect(page.getByTestId("find-your-table")).toBeVisible();
  const o = await api<Overview>(page, "tournaments.byId", { tournamentId: t.id }, "query");
  const r1 = o.rounds.find((r) => r.number === 1)!;
  const lineOf = (name: string) => page.getByTestId("table-line").filter({ has: page.locator("td:first-child").filter({ hasText: new RegExp(`^${name}$`) }) });
  for (const p of r1.pairings) {
    const [first, second] = p.players;
    await expect(lineOf(first!.name).locator("td")).toHaveText([first!.name, String(p.table), second!.name, "1st"]);
    await expect(lineOf(second!.name).locator("td")).toHaveText([second!.name, String(p.table), first!.name, "2nd"]);
  }
  // The round's CSV: linked here, and it holds that round only.
  const csvHref = await page.getByTestId("round-csv").getAttribute("href");
  expect(csvHref).toBe(`/tournaments/${t.id}/pairings.csv?round=1`);
  const csv = (await (await page.request.get(csvHref!)).text()).trim().split("\r\n");
  expect(csv).toHaveLength(4);
  expect(csv.slice(1).every((line) => line.startsWith("1,"))).toBe(true);

  // Printed: no toolbar or tabs, the tournament's name and the round on the sheet.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Print sheets" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Printed Open" })).toBeVisible();
  await expect(page.getByText("Round 1: find your table")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/find-your-table-print.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });

  // On a phone the list fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/find-your-table-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  return r1;
}

/** Table cards (one page a table) and scorecards (one page a player, round 1 filled in). */
async function tableCardsAndScorecards(page: Page, r1: Overview["rounds"][number], alphabetical: string[]) {
  // Table cards: one printed page per table, the table number large.
  await page.getByRole("navigation", { name: "Print sheets" }).getByRole("link", { name: "Table cards" }).click();
  await expect(page).toHaveURL(/\/print\/table-cards\?round=1$/);
  await expect(page.getByTestId("table-card")).toHaveCount(3);
  await expect(page.getByTestId("table-number")).toHaveText(["Table 1", "Table 2", "Table 3"]);
  await page.emulateMedia({ media: "print" });
  const cardFont = await page.getByTestId("table-digits").first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(cardFont).toBeGreaterThan(100);
  await page.screenshot({ path: `${SHOTS}/table-cards-print.png`, fullPage: true });
  const cardsPdf = pdfPages(await page.pdf({ preferCSSPageSize: true }));
  expect(cardsPdf).toHaveLength(3);

  // Scorecards: one page per player, round 1 filled in with running totals, later rounds blank.
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("navigation", { name: "Print sheets" }).getByRole("link", { name: "Scorecards" }).click();
  await expect(page.getByTestId("scorecard")).toHaveCount(6);
  await expect(page.getByTestId("scorecard-player")).toHaveText(alphabetical);
  const ana = page.getByTestId("scorecard").first();
  await expect(ana.getByTestId("scorecard-row")).toHaveCount(3);
  const anaBoard = r1.pairings.find((p) => p.players.some((x) => x.name === "ana Lopez"))!;
  const anaFirst = anaBoard.players[0]!.name === "ana Lopez";
  const anaSpread = anaFirst ? 50 + anaBoard.table : -(50 + anaBoard.table);
  await expect(ana.getByTestId("scorecard-row").nth(0).locator("td")).toHaveText([
    "1",
    String(anaBoard.table),
    anaBoard.players.find((x) => x.name !== "ana Lopez")!.name,
    anaFirst ? "1st" : "2nd",
    anaFirst ? String(400 + anaBoard.table) : "350",
    anaFirst ? "350" : String(400 + anaBoard.table),
    anaSpread > 0 ? `+${anaSpread}` : String(anaSpread),
    anaFirst ? "W" : "L",
    anaFirst ? "1" : "0",
    anaSpread > 0 ? `+${anaSpread}` : String(anaSpread),
  ]);
  await expect(ana.getByTestId("scorecard-row").nth(2).locator("td").nth(2)).toHaveText("");
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: `${SHOTS}/scorecards-print.png`, fullPage: true });
  expect(pdfPages(await page.pdf({ preferCSSPageSize: true }))).toHaveLength(6);
}

/** The wall chart prints on landscape pages. */
async function wallChart(page: Page) {
  // The wall chart prints on landscape pages.
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("navigation", { name: "Print sheets" }).getByRole("link", { name: "Wall chart" }).click();
  await expect(page.getByTestId("wall-row")).toHaveCount(6);
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: `${SHOTS}/wall-chart-print.png`, fullPage: true });
  const wall = pdfPages(await page.pdf({ preferCSSPageSize: true }));
  expect(wall.length).toBeGreaterThanOrEqual(1);
  expect(wall.every((p) => p.width > p.height)).toBe(true);
  await page.emulateMedia({ media: "screen" });
}

/** With the dark theme on, a sheet still prints dark on white. */
async function darkThemePrint(page: Page, t: { id: string }) {
  // With the dark theme on, a sheet still prints dark on white (on screen it is light on dark).
  await api(page, "accounts.updateProfile", { theme: "dark" });
  await page.goto(`/tournaments/${t.id}/print/scorecards?round=1`);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("scorecard")).toHaveCount(6);
  /** Relative luminance (0 black … 1 white) of an element's text colour and of the page's background. */
  const tones = () =>
    page.getByTestId("scorecard-player").first().evaluate((el) => {
      const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
      const lum = (css: string) => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = css;
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
        return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
      };
      const bg = getComputedStyle(document.body).backgroundColor;
      return { ink: lum(getComputedStyle(el).color), paper: lum(bg === "rgba(0, 0, 0, 0)" ? "white" : bg) };
    });
  const onScreen = await tones();
  expect(onScreen.ink).toBeGreaterThan(0.6);
  expect(onScreen.paper).toBeLessThan(0.3);
  await page.emulateMedia({ media: "print" });
  const onPaper = await tones();
  expect(onPaper.ink).toBeLessThan(0.3);
  expect(onPaper.paper).toBeGreaterThan(0.9);
  await page.screenshot({ path: `${SHOTS}/scorecards-dark-theme-print.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await api(page, "accounts.updateProfile", { theme: "system" });
}

/** The director's dashboard links the round's sheets. */
async function dashboardLinks(page: Page, t: { id: string }) {
  // The director's dashboard links the round's sheets.
  await page.goto(`/tournaments/${t.id}/manage`);
  await expect(page.getByTestId("print-links")).toContainText("Print round 2:");
  await page.getByTestId("print-links").getByRole("link", { name: "table cards" }).click();
  await expect(page).toHaveURL(/\/print\/table-cards\?round=2$/);
}

/** A knockout: a forfeit in the bracket, and standings that are placements. */
async function knockoutPlacements(page: Page, club: { id: string }, emails: string[]) {
  // A knockout: a forfeit reads as such in the bracket (not 0–0), and the standings give placements.
  const ko = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "Printed Knockout", startsAt: new Date().toISOString(), ruleset: "equate", format: "single-elimination" });
  await api(page, "tournaments.players.add", { tournamentId: ko.id, emails: emails.slice(0, 4).join("\n"), checkIn: true, userIds: [] });
  await api(page, "tournaments.rounds.pair", { tournamentId: ko.id });
  await api(page, "tournaments.rounds.publish", { tournamentId: ko.id, roundNumber: 1 });
  const semi = (await api<Overview>(page, "tournaments.byId", { tournamentId: ko.id }, "query")).rounds[0]!.pairings[0]!;
  const [winner, loser] = semi.players;
  await api(page, "tournaments.enterResult", { tournamentId: ko.id, pairingId: semi.id, scores: { [winner!.userId]: 0, [loser!.userId]: 0 }, forfeitUserId: loser!.userId });
  await page.goto(`/tournaments/${ko.id}/bracket`);
  const match = page.getByTestId("bracket-match").filter({ hasText: loser!.name });
  await expect(match.getByTestId("bracket-slot").filter({ hasText: winner!.name }).getByTestId("bracket-mark")).toHaveText("won");
  await expect(match.getByTestId("bracket-slot").filter({ hasText: loser!.name }).getByTestId("bracket-mark")).toHaveText("forfeited");
  await expect(match).not.toContainText("0");
  await page.getByRole("link", { name: "Standings", exact: true }).click();
  // A knockout's standings are its placements, in place order, with games won and lost beside
  // them: no separate ranking and no "why above the next" that could contradict the bracket.
  const placing = (name: string) => page.getByTestId("placing").filter({ hasText: name }).locator("td");
  await expect(placing(winner!.name)).toHaveText(["1–2", `${winner!.name} still playing`, "1", "0", "+50"]);
  await expect(placing(loser!.name)).toHaveText(["3–4", loser!.name, "0", "1", "-50"]);
  const places = await page.getByTestId("placing").locator("td:first-child").allTextContents();
  expect(places.map((p) => Number(p.split("–")[0]))).toEqual([...places.map((p) => Number(p.split("–")[0]))].sort((a, b) => a - b));
  await expect(page.getByTestId("standings")).toHaveCount(0);
  await expect(page.getByText("Why above the next?")).toHaveCount(0);
  await expect(page.getByText("Why is one player above another?")).toHaveCount(0);
  await page.getByTestId("placings").screenshot({ path: `${SHOTS}/knockout-placements.png` });
}

/** A pod event: results are placings, a pod without a result reads "not yet played". */
async function podCrosstable(page: Page, club: { id: string }, emails: string[]) {
  // A pod event (4 a game): a result is a placing ("2nd of 4 290 (top 310)"), and a pod whose
  // result is not in yet reads "not yet played".
  const pods = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "Printed Pods", startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 2, playersPerGame: 4 });
  await api(page, "tournaments.players.add", { tournamentId: pods.id, emails: emails.slice(0, 4).join("\n"), checkIn: true, userIds: [] });
  await api(page, "tournaments.rounds.pair", { tournamentId: pods.id });
  await api(page, "tournaments.rounds.publish", { tournamentId: pods.id, roundNumber: 1 });
  const pod = (await api<Overview>(page, "tournaments.byId", { tournamentId: pods.id }, "query")).rounds[0]!.pairings[0]!;
  const podScores = [310, 290, 250, 200];
  await api(page, "tournaments.enterResult", { tournamentId: pods.id, pairingId: pod.id, scores: Object.fromEntries(pod.players.map((p, i) => [p.userId, podScores[i]])) });
  await api(page, "tournaments.rounds.close", { tournamentId: pods.id, roundNumber: 1 });
  await api(page, "tournaments.rounds.pair", { tournamentId: pods.id });
  await api(page, "tournaments.rounds.publish", { tournamentId: pods.id, roundNumber: 2 });
  await page.goto(`/tournaments/${pods.id}/crosstable`);
  const podRow = (name: string) => page.getByRole("row").filter({ hasText: name }).getByTestId("cross-cell");
  await expect(podRow(pod.players[0]!.name)).toHaveText(["1st of 4 310 (next 290)", "not yet played"]);
  await expect(podRow(pod.players[1]!.name)).toHaveText(["2nd of 4 290 (top 310)", "not yet played"]);
  await expect(podRow(pod.players[3]!.name)).toHaveText(["4th of 4 200 (top 310)", "not yet played"]);
  await page.getByTestId("crosstable").screenshot({ path: `${SHOTS}/pod-crosstable.png` });
}

/** A player's game screen on a phone: the round clock beside round and table. */
async function roundClockOnPhone(page: Page, browser: Browser, t: { id: string }, names: string[], emails: string[]) {
  // A player's game screen: the round clock counts down beside round and table.
  const r2 = (await api<Overview>(page, "tournaments.byId", { tournamentId: t.id }, "query")).rounds.find((r) => r.number === 2)!;
  const board = r2.pairings.find((p) => !p.isBye)!;
  const playerEmail = emails[names.indexOf(board.players[0]!.name)]!;
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await ctx.newPage();
  await signIn(phone, playerEmail);
  await expect(phone.getByTestId("user-name")).toHaveText(board.players[0]!.name);
  const { matchId } = await api<{ matchId: string }>(phone, "matches.createFromPairing", { pairingId: board.id });
  await phone.goto(`/play/${matchId}`);
  await expect(phone.getByTestId("round-table")).toContainText(`round 2, table ${board.table}`);
  await expect(phone.getByTestId("game-round-clock")).toContainText(/round 2: (45:00|44:\d\d) left/);
  await phone.screenshot({ path: `${SHOTS}/play-round-clock-phone.png` });
  await ctx.close();
}

test("[prints]: a director prints find-your-table, table cards, scorecards and the wall chart; a player's game screen shows the round clock", { tag: "@deep" }, async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(600_000); // a two-round event and four PDFs on a busy 2-core machine
  mkdirSync(SHOTS, { recursive: true });
  // Names chosen to test the alphabetical list: lower case and an accent sort as a person expects.
  const names = ["Yara Quist", "Ben Ode", "ana Lopez", "Émile Roy", "Carl Diaz", "Dee Moss"];
  const alphabetical = ["ana Lopez", "Ben Ode", "Carl Diaz", "Dee Moss", "Émile Roy", "Yara Quist"];
  const anon = await playwright.request.newContext({ baseURL });
  const emails = await Promise.all(
    names.map(async (name, i) => {
      const email = uniqueEmail(`print${i + 1}`);
      const res = await anon.post("/api/trpc/accounts.signUp", { data: { json: { email, name, password: PASSWORD } } });
      expect(res.ok()).toBe(true);
      return email;
    }),
  );
  await anon.dispose();
  const { club, t } = await setUpTwoRounds(page, emails);
  const r1 = await findYourTable(page, t, alphabetical);
  await tableCardsAndScorecards(page, r1, alphabetical);
  await wallChart(page);
  await darkThemePrint(page, t);
  await dashboardLinks(page, t);
  await knockoutPlacements(page, club, emails);
  await podCrosstable(page, club, emails);
  await roundClockOnPhone(page, browser, t, names, emails);
});
