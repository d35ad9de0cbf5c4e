/**
 * [SEASONS] (issue "A club's year", done-when): a 12-player season in two divisions of 6 over three
 * Swiss rounds. The director creates it by mouse from the club page. In round 1 players agree their
 * times themselves: in Division 1 a player at phone size proposes and the opponent accepts by mouse
 * (the director's season desk shows the proposal waiting meanwhile); in Division 2 a desktop player
 * proposes, the phone player counters and the first accepts the counter; a phone player reports an
 * over-the-board result and the opponent confirms it. Round 3 of Division 2 passes its play-by
 * window with one game unplayed, which the director decides on the season page. The tables colour
 * the promotion and relegation zones, and the next season is created from the placements.
 */
import { expect, test, type Browser, type Page } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { call, person } from "./people";

const SHOTS = "test-results/seasons";
const PHONE = { width: 390, height: 844 };
type Person = Awaited<ReturnType<typeof person>> & { name: string };
type Board = { id: string; isBye: boolean; table: number; players: { userId: string }[] };
type View = { rounds: { number: number; pairings: Board[] }[] };

const get = async <T,>(p: Person, path: string, input: unknown): Promise<T> => {
  const res = await p.ctx.request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = await res.json();
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.result.data.json as T;
};

async function people(browser: Browser, names: string[]): Promise<Person[]> {
  const out: Person[] = [];
  // one at a time: sign-up hashes a password, and twelve at once starve a 2-core machine
  for (const name of names) out.push({ ...(await person(browser, name)), name });
  return out;
}

async function createSeasonByMouse(page: Page, handle: string) {
  await page.goto(`/clubs/${handle}`);
  await page.getByTestId("club-competitions").getByRole("link", { name: "Create a season" }).click();
  // the club page has Name fields of its own (a club night's): fill only once the form is here
  const form = page.getByRole("form", { name: "New season" });
  await expect(form).toBeVisible();
  await form.getByLabel("Name", { exact: true }).fill("Spring League");
  await page.getByLabel("Format").selectOption("swiss");
  await page.getByLabel("Rounds (Swiss; leave empty for a round robin)").fill("3");
  await page.getByLabel("Division size").fill("6");
  await page.getByLabel("Rank players").selectOption("given");
  // the director is a member too: take them out, leaving the twelve players
  await page.getByTestId("season-players").getByLabel("Dana Director").uncheck();
  await page.getByRole("button", { name: "Create season" }).click();
  await expect(page.getByRole("heading", { name: "Spring League" })).toBeVisible();
  await expect(page.getByTestId("division-1").getByTestId("season-row")).toHaveCount(6);
  await expect(page.getByTestId("division-2").getByTestId("season-row")).toHaveCount(6);
}

/** Division 2: Cy (mouse) proposes; Dot (phone) counters by touch; Cy accepts the counter. */
async function counterAndAccept(cy: Person, dot: Person, div2: string) {
  await cy.page.goto(`/tournaments/${div2}`);
  const cyGame = cy.page.getByTestId("my-game");
  await cyGame.getByRole("button", { name: "Propose times" }).click();
  await cyGame.getByRole("button", { name: "Send proposal" }).click();
  await expect(cyGame.getByTestId("my-proposal")).toContainText("waiting for an answer");
  await dot.page.goto(`/tournaments/${div2}`);
  const dotGame = dot.page.getByTestId("my-game");
  await expect(dotGame.getByTestId("their-proposal")).toContainText(`${cy.name} proposes`);
  await dotGame.getByRole("button", { name: "Propose other times" }).click();
  await dotGame.getByRole("button", { name: "Send my times instead" }).click();
  await expect(dotGame.getByTestId("my-proposal")).toContainText("waiting for an answer");
  await dot.page.screenshot({ path: `${SHOTS}/phone-countered.png`, fullPage: true });
  await cy.page.reload();
  await expect(cyGame.getByTestId("their-proposal")).toContainText(`${dot.name} proposes`);
  await cyGame.getByRole("button", { name: "Accept this time" }).click();
  await expect(cyGame.getByTestId("agreed-time")).toContainText("Agreed:");
}

test("[SEASONS]: a 12-player season of two divisions over three rounds, self-scheduled, one game unplayed and decided, zones, next season", { tag: "@deep" }, async ({ browser }) => {
  // thirteen sign-ups and 18 games on a busy 2-core machine
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const dana = { ...(await person(browser, "Dana Director")), name: "Dana Director" };
  const players = await people(browser, Array.from({ length: 12 }, (_, i) => `Player ${String(i + 1).padStart(2, "0")}`));
  const byId = new Map<string, Person>();
  const handle = `season-${randomBytes(3).toString("hex")}`;
  const club = await call<{ id: string }>(dana.ctx.request, "clubs.create", { handle, name: "Season Club" });
  await call(dana.ctx.request, "clubs.bulkAdd", { clubId: club.id, emails: players.map((p) => p.email).join("\n") });
  for (const p of players) {
    const me = await get<{ id: string }>(p, "accounts.me", undefined);
    byId.set(me.id, p);
  }

  await createSeasonByMouse(dana.page, handle);
  const seasonId = dana.page.url().split("/").at(-1)!;
  const season = await get<{ divisions: { tournamentId: string }[] }>(dana, "competitions.season", { competitionId: seasonId });
  const [div1, div2] = season.divisions.map((d) => d.tournamentId) as [string, string];

  const pair = async (tournamentId: string) => {
    const { roundNumber } = await call<{ roundNumber: number }>(dana.ctx.request, "tournaments.rounds.pair", { tournamentId });
    await call(dana.ctx.request, "tournaments.rounds.publish", { tournamentId, roundNumber });
    const view = await get<View>(dana, "tournaments.byId", { tournamentId });
    return { roundNumber, boards: view.rounds.find((r) => r.number === roundNumber)!.pairings.filter((b) => !b.isBye) };
  };
  /** The first-listed player wins, by a margin that differs by table and round (so places are not shared). */
  const enter = (tournamentId: string, b: Board, round: number) =>
    call(dana.ctx.request, "tournaments.enterResult", { tournamentId, pairingId: b.id, scores: { [b.players[0]!.userId]: 400 + 10 * b.table + round, [b.players[1]!.userId]: 300 } });
  const close = (tournamentId: string, roundNumber: number) => call(dana.ctx.request, "tournaments.rounds.close", { tournamentId, roundNumber });
  const seat = (b: Board, i: number) => byId.get(b.players[i]!.userId)!;

  // ---- round 1: the players agree their times
  const r1 = [await pair(div1), await pair(div2)] as const;
  const [pia, bo] = [seat(r1[0].boards[0]!, 0), seat(r1[0].boards[0]!, 1)];
  const [cy, dot] = [seat(r1[1].boards[0]!, 0), seat(r1[1].boards[0]!, 1)];
  await pia.page.setViewportSize(PHONE);
  await dot.page.setViewportSize(PHONE);

  // Division 1: Pia (phone) proposes; the director's desk shows it waiting; Bo (mouse) accepts
  await pia.page.goto(`/tournaments/${div1}`);
  const miaGame = pia.page.getByTestId("my-game");
  await expect(miaGame).toContainText(`against ${bo.name}`);
  await miaGame.getByRole("button", { name: "Propose times" }).click();
  await miaGame.getByLabel("Note for your opponent (only the two of you and the directors see it)").fill("Tuesday evening?");
  await miaGame.getByRole("button", { name: "Send proposal" }).click();
  await expect(miaGame.getByTestId("my-proposal")).toContainText("waiting for an answer");
  await pia.page.screenshot({ path: `${SHOTS}/phone-proposed.png`, fullPage: true });

  await dana.page.reload();
  const desk1 = dana.page.getByRole("region", { name: "Division 1: the director's desk" });
  await expect(desk1.getByTestId("desk-pending")).toContainText(`${pia.name} proposed`);
  await expect(desk1.getByTestId("desk-pending")).toContainText("Tuesday evening?");
  await expect(desk1.getByTestId("desk-silent").getByRole("listitem")).toHaveCount(2);

  await bo.page.goto(`/tournaments/${div1}`);
  const boGame = bo.page.getByTestId("my-game");
  await expect(boGame.getByTestId("their-proposal")).toContainText(`${pia.name} proposes`);
  await boGame.getByRole("button", { name: "Accept this time" }).click();
  await expect(boGame.getByTestId("agreed-time")).toContainText("Agreed:");
  await pia.page.reload();
  await expect(miaGame.getByTestId("agreed-time")).toContainText("Agreed:");

  await counterAndAccept(cy, dot, div2);

  // played over the board: Pia reports from her phone, Bo confirms; the other boards by the director
  await miaGame.getByRole("button", { name: "Report the result (played over the board)" }).click();
  const report = miaGame.getByTestId("report-form");
  await report.getByLabel(pia.name).fill("431");
  await report.getByLabel(bo.name).fill("300");
  await report.getByRole("button", { name: "Send the result" }).click();
  await expect(miaGame.getByTestId("my-report")).toContainText("waiting for your opponent");
  await bo.page.reload();
  await boGame.getByRole("button", { name: "Confirm this result" }).click();
  await expect(bo.page.getByTestId("my-games")).toHaveCount(0);
  for (const [k, t] of [div1, div2].entries()) {
    for (const b of r1[k]!.boards) if (!(k === 0 && b === r1[0].boards[0])) await enter(t, b, 1);
    await close(t, 1);
  }

  // ---- round 2: results entered by the director
  for (const t of [div1, div2]) {
    const { roundNumber, boards } = await pair(t);
    for (const b of boards) await enter(t, b, roundNumber);
    await close(t, roundNumber);
  }

  // ---- round 3: Division 2's window passes with table 1 unplayed
  const r3 = [await pair(div1), await pair(div2)] as const;
  for (const b of r3[0].boards) await enter(div1, b, 3);
  await close(div1, 3);
  for (const b of r3[1].boards.slice(1)) await enter(div2, b, 3);
  const day = 86_400_000;
  await call(dana.ctx.request, "schedule.setWindow", { tournamentId: div2, roundNumber: 3, playFrom: new Date(Date.now() - 8 * day).toISOString(), playBy: new Date(Date.now() - 3_600_000).toISOString() });
  const absent = seat(r3[1].boards[0]!, 1);
  await dana.page.reload();
  const desk2 = dana.page.getByRole("region", { name: "Division 2: the director's desk" });
  const unplayed = desk2.getByTestId("unplayed-board");
  await expect(unplayed).toContainText("unplayed");
  await expect(unplayed).toContainText("No times were proposed.");
  await unplayed.getByLabel(`Decision for table ${r3[1].boards[0]!.table}`).selectOption({ label: `${absent.name} forfeits` });
  await unplayed.getByLabel("Reason (the players read it)").fill("did not answer any proposal");
  await dana.page.screenshot({ path: `${SHOTS}/desk-unplayed.png`, fullPage: true });
  await unplayed.getByRole("button", { name: "Decide" }).click();
  await expect(desk2.getByTestId("unplayed-board")).toHaveCount(0);
  await expect(desk2).toContainText("No game is waiting for a decision.");
  await expect(desk2.getByTestId("desk-silent")).toHaveCount(0);
  await close(div2, 3);

  // ---- the tables: zones coloured and said in words
  await dana.page.reload();
  const up = dana.page.getByTestId("division-2").getByTestId("season-row").filter({ hasText: "↑ promotion" });
  const down = dana.page.getByTestId("division-1").getByTestId("season-row").filter({ hasText: "↓ relegation" });
  await expect(up).toHaveCount(2);
  await expect(down).toHaveCount(2);
  const colour = (row: typeof up) => row.first().evaluate((el) => getComputedStyle(el).backgroundColor);
  const [upColour, downColour, plain] = [await colour(up), await colour(down), await colour(dana.page.getByTestId("division-1").getByTestId("season-row").filter({ hasNotText: "↓ relegation" }))];
  expect(new Set([upColour, downColour, plain]).size).toBe(3);
  await dana.page.screenshot({ path: `${SHOTS}/season-desktop.png`, fullPage: true });

  // ---- the next season from the placements
  await dana.page.getByLabel("Next season's name").fill("Autumn League");
  await dana.page.getByRole("button", { name: "Create next season" }).click();
  await expect(dana.page.getByRole("heading", { name: "Autumn League" })).toBeVisible();
  await expect(dana.page.getByTestId("division-1").getByText(/up from Division 2, placed (1st|2nd) of 6/)).toHaveCount(2);
  await expect(dana.page.getByTestId("division-2").getByText(/down from Division 1, placed (5th|6th) of 6/)).toHaveCount(2);
  await dana.page.getByRole("link", { name: "Season Club" }).click();
  await expect(dana.page.getByTestId("club-competitions").getByRole("link", { name: "Autumn League" })).toBeVisible();

  // the finished season at phone size, as a player reads it
  await pia.page.goto(`/competitions/season/${seasonId}`);
  await expect(pia.page.getByTestId("division-1")).toBeVisible();
  await expect(pia.page.getByTestId("season-desk")).toHaveCount(0);
  await pia.page.screenshot({ path: `${SHOTS}/season-phone.png`, fullPage: true });
});
