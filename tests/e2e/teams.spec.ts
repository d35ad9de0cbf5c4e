import { expect, test, type Browser, type Page } from "./fixtures";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { person } from "./people";
import { api } from "./tournament-setup";

/**
 * [TEAMS]: a 4-team, 3-board team round robin (docs/teams.md). The director turns teams on and
 * forms the teams on the Teams tab; three captains send line-ups (one on a phone), the fourth is
 * late and plays in roster order; board 1 of a match is played online by the two captains, the
 * other boards are entered by the director; after three rounds the team standings are right in
 * both scoring orders, and the match sheet prints.
 */

const TEAMS = ["Aces", "Bees", "Cats", "Dogs"] as const;
type TeamName = (typeof TEAMS)[number];
/** Who wins each board of each pairing: Aces beat everyone 2–1 (6 MP, 6 GP); Bees win 3–0 twice (4 MP, 7 GP); Dogs beat Cats 2–1. */
const PLAN: Record<string, [TeamName, TeamName, TeamName]> = {
  "Aces|Bees": ["Aces", "Aces", "Bees"],
  "Aces|Cats": ["Aces", "Aces", "Cats"],
  "Aces|Dogs": ["Aces", "Aces", "Dogs"],
  "Bees|Cats": ["Bees", "Bees", "Bees"],
  "Bees|Dogs": ["Bees", "Bees", "Bees"],
  "Cats|Dogs": ["Dogs", "Dogs", "Cats"],
};
const winnerOf = (a: string, b: string, board: number) => PLAN[[a, b].sort().join("|")]![board - 1]!;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** An account that only needs to exist (signed up from a client address of its own). */
async function account(browser: Browser, name: string): Promise<string> {
  const ctx = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `198.19.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` } });
  const email = uniqueEmail("team");
  const res = await ctx.request.post("/api/trpc/accounts.signUp", { data: { json: { email, name, password: PASSWORD } } });
  expect(res.ok()).toBe(true);
  await ctx.close();
  return email;
}

type MatchView = { boards: { board: number; pairingId: string | null; home: { name: string } | null; away: { name: string } | null }[]; home: { name: string }; away: { name: string } | null; table: number };
type EventView = { rounds: { number: number; matches: { id: string; table: number; home: { name: string }; away: { name: string } | null }[] }[] };

async function setUp(dir: Page, browser: Browser) {
  const captains = await Promise.all(TEAMS.map((t, i) => person(browser, `${t} Captain`, i === 0 ? { width: 390, height: 844 } : undefined)));
  const others = await Promise.all(TEAMS.flatMap((t) => [2, 3].map((k) => account(browser, `${t} Player ${k}`))));
  await signUp(dir, "Tess Director");
  const club = await api<{ id: string }>(dir, "clubs.create", { handle: `teams-${randomBytes(3).toString("hex")}`, name: "Team League Club" });
  const t = await api<{ id: string }>(dir, "tournaments.create", { clubId: club.id, name: "Club Team Cup", startsAt: new Date().toISOString(), ruleset: "equate", format: "round-robin" });
  await api(dir, "tournaments.players.add", { tournamentId: t.id, emails: [...captains.map((c) => c.email), ...others].join("\n"), checkIn: true });
  return { tournamentId: t.id, captains };
}

/** The director turns teams on and forms the four teams on the Teams tab, reached from the event's tabs. */
async function formTeams(dir: Page, tournamentId: string) {
  await dir.goto(`/tournaments/${tournamentId}`);
  await dir.getByRole("navigation", { name: "Tournament" }).getByRole("link", { name: "Teams" }).click();
  await expect(dir.getByRole("heading", { name: "Club Team Cup: teams" })).toBeVisible();
  const settings = dir.getByRole("form", { name: "Team settings" });
  await settings.getByLabel("Boards per match").fill("3");
  await settings.getByLabel("Rank teams by").selectOption("match-points");
  await settings.getByRole("button", { name: "Save team settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Team settings saved.");
  const form = dir.getByRole("form", { name: "New team" });
  for (const team of TEAMS) {
    await form.getByLabel("Team name").fill(team);
    for (const who of [`${team} Captain`, `${team} Player 2`, `${team} Player 3`]) await form.getByRole("checkbox", { name: who, exact: true }).check();
    await form.getByLabel("Board order").selectOption("captain");
    await expect(form.getByLabel("Captain", { exact: true })).toHaveValue(/.+/);
    await form.getByRole("button", { name: "Form team" }).click();
    await expect(dir.getByTestId("team-card").filter({ hasText: team })).toContainText(`Captain: ${team} Captain`);
  }
  // a player on two teams: a sentence, nothing formed
  await form.getByLabel("Team name").fill("Eels");
  await form.getByRole("checkbox", { name: "Aces Player 2", exact: true }).check();
  await form.getByRole("button", { name: "Form team" }).click();
  await expect(form.getByTestId("form-error")).toHaveText("Aces Player 2 already plays for Aces in this event; a player plays for one team of an event.");
  await expect(dir.getByTestId("team-card")).toHaveCount(4);
}

/** Round 1: captains' line-ups (Aces' captain on a phone swaps boards 2 and 3), Dogs' too late. */
async function lineUps(dir: Page, tournamentId: string, captains: { page: Page }[]) {
  await dir.getByRole("button", { name: "Pair team round 1" }).click();
  await expect(dir.getByRole("link", { name: /^Match 1:/ })).toBeVisible();
  const ev = await api<EventView>(dir, "teams.event", { tournamentId }, "query");
  const matchOf = (team: string) => ev.rounds[0]!.matches.find((m) => m.home.name === team || m.away?.name === team)!;
  for (const [i, team] of TEAMS.entries()) {
    const page = captains[i]!.page;
    await page.goto(`/tournaments/${tournamentId}/teams`);
    await page.getByRole("link", { name: new RegExp(`^Match \\d: .*${team}`) }).click();
    await expect(page.getByRole("form", { name: `${team} line-up` })).toBeVisible();
    // the other captain's form is not theirs
    const m = matchOf(team);
    const opp = m.home.name === team ? m.away!.name : m.home.name;
    await expect(page.getByRole("form", { name: `${opp} line-up` })).toHaveCount(0);
    if (team === "Dogs") continue; // late
    const form = page.getByRole("form", { name: `${team} line-up` });
    if (team === "Aces") {
      await form.getByLabel("Board 2").selectOption({ label: "Aces Player 3" });
      await form.getByLabel("Board 3").selectOption({ label: "Aces Player 2" });
      await shot(page, "lineup-phone");
    }
    await form.getByRole("button", { name: "Submit line-up" }).click();
    await expect(form.getByRole("status")).toHaveText("Line-up saved.");
  }
  // the director sets the boards; Dogs' captain, a moment late, is told the roster plays
  await dir.getByRole("button", { name: "Set boards from line-ups" }).click();
  await expect(dir.getByTestId("board-notes")).toContainText("Dogs: no line-up by the deadline, so the roster plays in the captain's fixed order.");
  const dogs = captains[3]!.page.getByRole("form", { name: "Dogs line-up" });
  await dogs.getByRole("button", { name: "Submit line-up" }).click();
  await expect(dogs.getByTestId("form-error")).toHaveText("The boards of this match are already set from the line-ups; ask the director if something must change.");
  await dir.getByRole("button", { name: "Publish round 1" }).click();
  await expect(dir.getByRole("button", { name: "Close round 1" })).toBeVisible();
  const aces = await api<MatchView>(dir, "teams.match", { teamMatchId: matchOf("Aces").id }, "query");
  const side = aces.home.name === "Aces" ? "home" : "away";
  expect(aces.boards.map((b) => b[side]!.name)).toEqual(["Aces Captain", "Aces Player 3", "Aces Player 2"]);
  return ev;
}

/** Board 1 of match 1, played online by the two captains: the one whose team loses that board resigns. */
async function playBoardOnline(tournamentId: string, ev: EventView, captains: { page: Page }[]) {
  const m = ev.rounds[0]!.matches[0]!;
  const page = (team: string) => captains[TEAMS.indexOf(team as TeamName)]!.page;
  const home = page(m.home.name);
  const away = page(m.away!.name);
  await home.goto(`/tournaments/${tournamentId}/teams/${m.id}`);
  await home.getByTestId("match-boards").getByTestId("pairing-start-match").first().click();
  await expect(home).toHaveURL(/\/play\/[0-9a-f-]+$/);
  await away.goto(`/tournaments/${tournamentId}/teams/${m.id}`);
  await away.getByTestId("match-boards").getByRole("link", { name: "Play" }).first().click();
  await expect(away.getByTestId("board")).toBeVisible();
  const loser = winnerOf(m.home.name, m.away!.name, 1) === m.home.name ? away : home;
  loser.once("dialog", (d) => void d.accept());
  await loser.getByRole("button", { name: "Resign" }).click();
  await expect(loser.getByTestId("game-summary")).toContainText("ended by resignation");
  return m.id;
}

/** The director enters every other board of a round on the dashboard (one typed line a board) and closes it. */
async function enterRound(dir: Page, tournamentId: string, round: number) {
  const ev = await api<EventView>(dir, "teams.event", { tournamentId }, "query");
  await dir.goto(`/tournaments/${tournamentId}/manage`);
  for (const mt of ev.rounds.find((r) => r.number === round)!.matches) {
    const view = await api<MatchView & { boards: { outcome: string }[] }>(dir, "teams.match", { teamMatchId: mt.id }, "query");
    for (const b of view.boards) {
      if ((b as { outcome: string }).outcome !== "pending") continue;
      const homeWins = winnerOf(view.home.name, view.away!.name, b.board) === view.home.name;
      const homeFirst = b.board % 2 === 1;
      const table = (view.table - 1) * 3 + b.board;
      const box = dir.getByLabel(/^Enter results: table/).and(dir.locator(`#result-line-${round}`));
      await box.focus();
      await dir.keyboard.type(`${table} ${homeWins === homeFirst ? "400 350" : "350 400"}`);
      await dir.keyboard.press("Enter");
      await expect(dir.getByTestId("entry-said").locator("li").first()).toContainText(`✓ Table ${table}:`);
      await expect(dir.locator(`#result-line-${round}`)).toHaveValue("");
    }
  }
  await dir.goto(`/tournaments/${tournamentId}/teams`);
  await dir.getByRole("button", { name: `Close round ${round}` }).click();
  await expect(dir.getByRole("heading", { name: `Round ${round} (closed)` })).toBeVisible();
  if (round < 3) await expect(dir.getByRole("button", { name: `Pair team round ${round + 1}` })).toBeVisible();
}

test("[TEAMS]: a 4-team, 3-board round robin — line-ups (one late), boards online and entered, standings in both orders, the match sheet", { tag: "@deep" }, async ({ page: dir, browser }) => {
  test.setTimeout(420_000);
  const { tournamentId, captains } = await setUp(dir, browser);
  await formTeams(dir, tournamentId);
  const ev = await lineUps(dir, tournamentId, captains);
  const online = await playBoardOnline(tournamentId, ev, captains);
  await enterRound(dir, tournamentId, 1);
  for (const round of [2, 3]) {
    await dir.getByRole("button", { name: `Pair team round ${round}` }).click();
    await dir.getByRole("button", { name: "Set boards from line-ups" }).click();
    await dir.getByRole("button", { name: `Publish round ${round}` }).click();
    await expect(dir.getByRole("button", { name: `Close round ${round}` })).toBeVisible();
    await enterRound(dir, tournamentId, round);
  }

  // Standings by match points (the event's order), then by game points.
  const rows = dir.getByTestId("team-standings").locator("tbody tr");
  await expect(rows).toHaveCount(4);
  const text = async () => (await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, " ").trim());
  expect(await text()).toEqual(["1 Aces 6 6 3–0–0 3", "2 Bees 4 7 2–0–1 3", "3 Dogs 2 3 1–0–2 3", "4 Cats 0 2 0–0–3 3"]);
  await dir.getByText("Why each team is above the next").click();
  await expect(dir.getByTestId("team-why")).toContainText("Aces is above Bees on match points, the event's first score: 6 to 4.");
  await shot(dir, "team-standings");
  await dir.getByRole("button", { name: "Rank by game points" }).click();
  await expect(dir.getByRole("heading", { name: "Team standings by game points" })).toBeVisible();
  expect((await text()).map((r) => r.split(" ")[1])).toEqual(["Bees", "Aces", "Dogs", "Cats"]);
  await expect(dir.getByTestId("team-why")).toContainText("Bees is above Aces on game points, the event's first score: 7 to 6.");

  // The online board's match: its score, and the match sheet in print.
  await dir.goto(`/tournaments/${tournamentId}/teams/${online}`);
  await expect(dir.getByTestId("match-score")).toContainText("match points");
  await expect(dir.getByTestId("match-boards").locator("tbody tr").first()).toContainText("resigned");
  await dir.getByRole("link", { name: "Match sheet (print)" }).click();
  await expect(dir.getByTestId("match-sheet")).toBeVisible();
  await dir.emulateMedia({ media: "print" });
  await expect(dir.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(dir.getByTestId("sheet-score")).toContainText("Match score:");
  await shot(dir, "match-sheet-print");
  await dir.emulateMedia({ media: "screen" });
  // Every match of a round at once, from the print sheets (the newest round, then round 1 by the picker).
  await dir.goto(`/tournaments/${tournamentId}/print`);
  await dir.getByTestId("print-sheets").getByRole("link", { name: "Match sheets" }).click();
  await expect(dir.getByTestId("match-sheets").getByTestId("match-sheet")).toHaveCount(2);
  await expect(dir.getByTestId("match-sheet").first()).toContainText("round 3 · match 1");
  await dir.getByLabel("Round", { exact: true }).selectOption("1");
  await expect(dir.getByTestId("match-sheet").first()).toContainText("round 1 · match 1");
  const first = ev.rounds[0]!.matches[0]!; // the match whose board 1 was played online and resigned
  await expect(dir.getByTestId("match-sheet").first()).toContainText(`${first.home.name} v ${first.away!.name}`);
  await expect(dir.getByTestId("match-sheet").first()).toContainText("resigned");
  await dir.emulateMedia({ media: "print" });
  await shot(dir, "match-sheets-print");
  await dir.emulateMedia({ media: "screen" });

  // Phone size: the captain of Aces reads the team standings and a match.
  const phone = captains[0]!.page;
  await phone.goto(`/tournaments/${tournamentId}/teams`);
  await expect(phone.getByTestId("team-standings").locator("tbody tr").first()).toContainText("Aces");
  await shot(phone, "teams-phone");
  await phone.goto(`/tournaments/${tournamentId}/teams/${online}`);
  await expect(phone.getByTestId("match-boards")).toBeVisible();
  await shot(phone, "match-phone");

  // The CSVs carry the teams: downloaded from the standings page's link, as a director does.
  await dir.goto(`/tournaments/${tournamentId}/standings`);
  const download = dir.waitForEvent("download");
  await dir.getByRole("link", { name: "CSV", exact: true }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^rank,player,team,/);
  for (const c of captains) await c.ctx.close();
});
