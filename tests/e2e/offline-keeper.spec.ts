/**
 * The scorekeeper station offline (docs/offline.md): opened once online, a station taken offline
 * (`setOffline(true)`) keeps an over-the-board game of 10 moves with a challenge, checked and scored
 * on the device, marked "not yet sent"; a reload offline still shows it; back online it syncs and the
 * server's game equals a control run of the same 10 moves made online. A board another device moved
 * meanwhile makes the queued move a conflict, shown with both sides. Screenshots: /tmp/offline-shots.
 */
import { expect, test, type Page } from "./fixtures";
import { mkdirSync } from "node:fs";
import { signIn, signUp } from "./helpers";
import { api } from "./tournament-setup";

// like offline.spec.ts: the one kind of spec that runs the service worker
test.use({ serviceWorkers: "allow" });

const SHOTS = "/tmp/offline-shots";
const PHONE = { width: 390, height: 844 };

type Station = { view: { version: number; status: string; players: { name: string; score: number }[]; game: { sheet: { text: string; points: number; totals: number[] }[] } | null } };

async function newGame(page: Page, a: string, b: string): Promise<string> {
  await page.goto("/scorekeeper/new");
  await page.getByLabel("Challenge rule").selectOption("single");
  await page.getByLabel("Player 1 (moves first)").fill(a);
  await page.getByLabel("Player 2").fill(b);
  await page.getByRole("button", { name: "Start the game" }).click();
  await expect(page).toHaveURL(/\/scorekeeper\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/** The station opened until the service worker controls it and has kept the page and its data. */
async function openOnceOnline(page: Page, matchId: string) {
  await page.goto(`/scorekeeper/${matchId}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
  await expect(page.getByTestId("station")).toBeVisible();
}

async function play(page: Page, square: string, tiles: string) {
  await page.getByTestId("square").fill(square);
  await page.getByTestId("tiles").fill(tiles);
  await expect(page.getByTestId("preview")).toBeVisible();
  await page.getByTestId("record-play").click();
}
async function exchange(page: Page, n: number) {
  await page.getByLabel("Tiles exchanged").fill(String(n));
  await page.getByRole("button", { name: "Exchange", exact: true }).click();
}

/** The same 10 moves, online or off: two plays, a phony challenged off, a play, exchanges and passes. */
async function tenMoves(page: Page, rows: (n: number) => Promise<void>) {
  await play(page, "10J", "1+2=3"); // 1 Alice
  await rows(1);
  await play(page, "N11", "=4"); // 2 Bob: a phony, stands until challenged
  await rows(2);
  await page.getByTestId("challenge-0").click(); // 3 Alice challenges it off
  await rows(3);
  await play(page, "L11", "=2"); // 4 Alice
  await rows(4);
  await exchange(page, 2); // 5 Bob
  await rows(5);
  await page.getByRole("button", { name: "Pass", exact: true }).click(); // 6 Alice
  await rows(6);
  await exchange(page, 1); // 7 Bob
  await rows(7);
  await exchange(page, 3); // 8 Alice
  await rows(8);
  await page.getByRole("button", { name: "Pass", exact: true }).click(); // 9 Bob
  await rows(9);
  await exchange(page, 1); // 10 Alice
  await rows(10);
}

const serverGame = async (page: Page, matchId: string) => {
  const s = await api<Station>(page, "matches.scorekeeper.get", { matchId }, "query");
  return { version: s.view.version, status: s.view.status, scores: s.view.players.map((p) => p.score), sheet: s.view.game?.sheet.map((l) => [l.text, l.points, l.totals]) };
};

test("[offline-keeper]: a station offline keeps 10 moves with a challenge, survives a reload, and syncs to what an online run records", { tag: "@deep" }, async ({ page, context }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await signUp(page, "Kim Keeper");

  // control run, online
  const control = await newGame(page, "Alice Board", "Bob Board");
  await tenMoves(page, async (n) => expect(page.getByTestId("sheet-row")).toHaveCount(n + 1));
  const expected = await serverGame(page, control);

  // the same moves offline
  const matchId = await newGame(page, "Alice Board", "Bob Board");
  await openOnceOnline(page, matchId);
  await context.setOffline(true);
  await tenMoves(page, async (n) => expect(page.getByTestId("write-pending")).toHaveCount(n));
  await expect(page.getByTestId("sheet-row")).toHaveCount(11);
  await expect(page.getByTestId("scoresheet")).toContainText("play withdrawn");
  await expect(page.getByTestId("station-offline")).toContainText("Offline");
  await page.screenshot({ path: `${SHOTS}/keeper-offline-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/keeper-offline-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // a reload offline: the page, its game and the queued moves are all on the device
  await page.reload();
  await expect(page.getByTestId("write-pending")).toHaveCount(10);
  await expect(page.getByTestId("sheet-row")).toHaveCount(11);
  expect(await serverGame(page, matchId)).toMatchObject({ version: 1 }); // nothing reached the server

  await context.setOffline(false);
  await expect(page.getByTestId("write-pending")).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId("write-conflict")).toHaveCount(0);
  expect(await serverGame(page, matchId)).toEqual(expected);
});

test("[offline-keeper]: a move queued offline on a board another device moved meanwhile is a conflict with both sides", { tag: "@deep" }, async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  const email = await signUp(page, "Kit Keeper");
  const matchId = await newGame(page, "Ann Board", "Ben Board");
  await openOnceOnline(page, matchId);
  await context.setOffline(true);
  await play(page, "10J", "1+2=3");
  await expect(page.getByTestId("write-pending")).toHaveCount(1);
  await exchange(page, 2); // Ben, on top of it: waits behind it
  await expect(page.getByTestId("write-pending")).toHaveCount(2);

  // the same keeper on another device records a pass for Ann first
  const other = await browser.newContext({ serviceWorkers: "block" });
  const p2 = await other.newPage();
  await signIn(p2, email);
  await expect(p2.getByTestId("user-name")).toHaveText("Kit Keeper");
  const before = await serverGame(p2, matchId);
  await api(p2, "matches.scorekeeper.move", { matchId, expectedSeq: before.version, clientId: crypto.randomUUID(), seat: 0, action: { type: "pass" } });

  await context.setOffline(false);
  // the station's own list (the indicator opens its list of writes on a conflict and shows it there too)
  const kept = page.getByRole("region", { name: "Kept on this device" });
  const conflict = kept.getByTestId("write-conflict");
  await expect(conflict).toHaveCount(1, { timeout: 60_000 });
  await expect(conflict).toContainText("This device: Move 1: Ann Board");
  await expect(conflict).toContainText("On the server: Ann Board 0 – Ben Board 0");
  await expect(conflict).toContainText("moved on");
  await expect(kept.getByTestId("write-pending")).toHaveCount(1); // the later one waits, not dropped
  await expect(page.getByText("1 conflict to decide, 1 write not yet sent")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/keeper-conflict-desktop.png`, fullPage: true });
  // the server kept the other device's move and nothing of this one's
  expect((await serverGame(p2, matchId)).sheet?.map((r) => r[0])).toEqual(expect.arrayContaining([expect.stringContaining("pass")]));
  await other.close();
});
