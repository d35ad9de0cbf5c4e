import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { bestPlay, getRuleset } from "@/engine";
import { signUp, uniqueEmail } from "./helpers";
import { api, pairedSwiss } from "./tournament-setup";

/**
 * The public event page (issue 30): signed-out spectators, on a desktop and on a phone, watch the
 * round's boards, pairings and standings while the players play in other contexts (through the
 * API, as their pages would); every change arrives by push, without a reload.
 */

const equate = getRuleset("equate");

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

interface View {
  version: number;
  viewerSeat: number | null;
  game: { turn: number; rack: string[] | null; board: { row: number; col: number; tile: string }[] } | null;
}

test("[WATCH]: a signed-out spectator (desktop and phone) sees a board appear, a move land and the standings change, all without reloading", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(120_000);
  const [dirCtx, pCtx, qCtx, deskCtx, phoneCtx] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
    browser.newContext({ viewport: { width: 390, height: 844 } }),
  ]);
  const [dir, p, q, desk, phone] = await Promise.all([dirCtx, pCtx, qCtx, deskCtx, phoneCtx].map((c) => c.newPage()));
  const players = [
    { page: p!, name: "Wanda Watched", email: uniqueEmail("wanda") },
    { page: q!, name: "Xavi Watched", email: uniqueEmail("xavi") },
  ];
  await signUp(dir!, "Yara Director");
  for (const pl of players) await signUp(pl.page, pl.name, pl.email);
  const { tournamentId } = await pairedSwiss(dir!, { name: "Spectator Open", emails: players.map((pl) => pl.email), timeControl: { initialMs: 10 * 60_000 } });

  // The spectators come from the tournament page's navigation, signed out.
  await desk!.goto(`/tournaments/${tournamentId}`);
  await desk!.getByRole("navigation", { name: "Tournament" }).getByRole("link", { name: "Watch live" }).click();
  await expect(desk!).toHaveURL(new RegExp(`/tournaments/${tournamentId}/watch$`));
  await phone!.goto(`/tournaments/${tournamentId}/watch`);
  for (const s of [desk!, phone!]) {
    await expect(s.getByRole("heading", { name: "Spectator Open" })).toBeVisible();
    await expect(s.getByTestId("watch-connection")).toHaveText("live");
    await expect(s.getByTestId("watch-pairings")).toContainText("Wanda Watched");
    await expect(s.getByTestId("watch-pairings")).toContainText("Xavi Watched");
    await expect(s.getByTestId("watch-standings")).toContainText("Wanda Watched");
    await expect(s.getByText("No game of this round is on a board yet.")).toBeVisible();
  }

  // The players open their game: a board appears for the spectators, clocks and all.
  const overview = await api<{ rounds: { pairings: { id: string; isBye: boolean }[] }[] }>(p!, "tournaments.byId", { tournamentId }, "query");
  const pairing = overview.rounds[0]!.pairings.find((x) => !x.isBye)!;
  const { matchId } = await api<{ matchId: string }>(p!, "matches.createFromPairing", { pairingId: pairing.id });
  await api(q!, "matches.createFromPairing", { pairingId: pairing.id });
  for (const pl of players) await api(pl.page, "matches.checkIn", { matchId });
  for (const s of [desk!, phone!]) {
    const board = s.getByTestId("watch-board");
    await expect(board).toHaveCount(1);
    await expect(board.getByTestId("watch-clock")).toHaveCount(2);
    await expect(board.getByTestId("watch-tile")).toHaveCount(0);
  }
  // the running clock ticks down locally, between updates
  const clock = desk!.getByTestId("watch-board").locator('[data-testid="watch-clock"].text-indigo-700');
  const before = await clock.textContent();
  await expect(clock).not.toHaveText(before!, { timeout: 5_000 });

  // Whoever is on move plays the engine's best play for their rack.
  const views = await Promise.all(players.map((pl) => api<View>(pl.page, "matches.get", { matchId }, "query")));
  const moverIdx = views.findIndex((v) => v.viewerSeat === v.game!.turn);
  const mover = views[moverIdx]!;
  const play = bestPlay(equate, [], mover.game!.rack!, { firstPlay: true });
  if (play) {
    await api(players[moverIdx]!.page, "matches.move", { matchId, expectedSeq: mover.version, clientId: randomUUID(), action: { type: "play", placements: play.placements } });
    for (const s of [desk!, phone!]) {
      await expect(s.getByTestId("watch-board").getByTestId("watch-tile")).toHaveCount(play.placements.length);
      await expect(s.getByTestId("watch-board").getByTestId("watch-score").nth(mover.game!.turn)).toHaveText(String(play.score));
    }
  }
  await shot(desk!, "watch-desktop");
  await shot(phone!, "watch-phone");

  // The other player resigns: the game is over on the board and the standings count the win.
  const resigner = players[1 - moverIdx]!;
  const now = await api<View>(resigner.page, "matches.get", { matchId }, "query");
  await api(resigner.page, "matches.move", { matchId, expectedSeq: now.version, clientId: randomUUID(), action: { type: "resign" } });
  for (const s of [desk!, phone!]) {
    await expect(s.getByTestId("watch-board")).toContainText("finished");
    const top = s.getByTestId("watch-standings").locator("tbody tr").first();
    await expect(top).toContainText(players[moverIdx]!.name);
    await expect(top.locator("td").nth(2)).toHaveText("1");
  }
  await shot(phone!, "watch-phone-finished");
  // no page reload happened: the stream was the only way in
  expect(await desk!.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
});
