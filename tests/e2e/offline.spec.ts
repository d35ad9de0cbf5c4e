/**
 * The venue's Wi-Fi fails (docs/offline.md): the director's dashboard, opened once online, keeps
 * working with the browser context taken offline (`setOffline(true)`): results typed by keyboard
 * wait on the device marked "not yet sent", survive a reload, and reach the server exactly once when
 * the network returns; the server then holds what an online run would. A result changed on another
 * device meanwhile is a conflict shown with both values, decided in the page. A 500 in the middle of
 * a batch, an answer lost after the server applied a write, and the server killed (kill -9) in the
 * middle of a sync lose nothing and apply nothing twice. Screenshots of the indicator and the
 * conflict at desktop and phone size go to /tmp/offline-shots.
 */
import { expect, request as playwrightRequest, test, type Page } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { freePort, startApp, stopAll, type AppInstance } from "./faults-helpers";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

// the one spec that runs the service worker (playwright.config.ts blocks it everywhere else)
test.use({ serviceWorkers: "allow" });

const SHOTS = "/tmp/offline-shots";
const PHONE = { width: 390, height: 844 };

type Overview = { rounds: { number: number; pairings: { id: string; table: number; isBye: boolean; version: number; players: { userId: string; name: string; score: number | null }[] }[] }[] };

/** Eight players; as the signed-in director, a two-round Swiss with round 1 paired and published. */
async function eventWithRound1(page: Page, baseURL: string | undefined, name: string) {
  const anon = await playwrightRequest.newContext({ baseURL });
  const emails = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const email = uniqueEmail(`off${i + 1}`);
      const res = await anon.post("/api/trpc/accounts.signUp", { data: { json: { email, name: `Player ${String.fromCharCode(65 + i)}`, password: PASSWORD } } });
      expect(res.ok()).toBe(true);
      return email;
    }),
  );
  await anon.dispose();
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `off-${randomBytes(3).toString("hex")}`, name: `${name} Club` });
  const t = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name, startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 2 });
  await api(page, "tournaments.players.add", { tournamentId: t.id, emails: emails.join("\n"), checkIn: true });
  await api(page, "tournaments.rounds.pair", { tournamentId: t.id });
  await api(page, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber: 1 });
  return t.id;
}

/** Opens the dashboard until the service worker controls it and has stored it with its data. */
async function openOnceOnline(page: Page, tournamentId: string) {
  await page.goto(`/tournaments/${tournamentId}/manage`);
  // the worker is installed (precache done) and active
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // a load in its scope now goes through it (claiming the first page may lag on a busy machine),
  // and it keeps the page and its query answers
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
  await expect(page.locator("#result-line-1")).toBeVisible();
  await expect(page.getByTestId("sync-indicator")).toContainText("Online");
}

/** Screenshots show the header, where the indicator is. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function typeLine(page: Page, line: string) {
  await page.locator("#result-line-1").focus();
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

async function scoresOnServer(page: Page, tournamentId: string) {
  const t = await api<Overview>(page, "tournaments.byId", { tournamentId }, "query");
  return t.rounds[0].pairings.filter((p) => !p.isBye).map((p) => ({ table: p.table, scores: p.players.map((pl) => pl.score) }));
}

test("the director enters four results offline, reloads offline, and they reach the server once", async ({ page, baseURL, context }) => {
  // two events, a reload and a sync: past the default minute on a loaded 2-core box (timeouts catch hangs)
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await signUp(page, "Olga Offline");
  const id = await eventWithRound1(page, baseURL, "Wi-Fi Down Open");
  // the control run: the same four lines, online, on a second event of the same shape
  const controlId = await eventWithRound1(page, baseURL, "Control Open");
  const lines = ["1 410 380", "2 355 402", "3 390 390", "4 444 321"];
  for (const line of lines) {
    const [table, a, b] = line.split(" ").map(Number);
    const t = await api<Overview>(page, "tournaments.byId", { tournamentId: controlId }, "query");
    const board = t.rounds[0].pairings.find((p) => p.table === table)!;
    await api(page, "tournaments.enterResult", { tournamentId: controlId, pairingId: board.id, scores: { [board.players[0].userId]: a, [board.players[1].userId]: b }, expectedVersion: board.version });
  }

  await openOnceOnline(page, id);
  // the other pages a venue needs, opened once online: a print sheet and the event's public page
  await page.goto(`/tournaments/${id}/print/find-your-table?round=1`);
  await expect(page.getByTestId("table-line")).toHaveCount(8);
  await page.goto(`/tournaments/${id}`);
  await expect(page.getByRole("heading", { name: /Wi-Fi Down Open/ }).first()).toBeVisible();
  await page.goto(`/tournaments/${id}/manage`);
  await expect(page.locator("#result-line-1")).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId("sync-indicator")).toContainText("Offline");
  for (const line of lines) await typeLine(page, line);
  await expect(page.getByTestId("write-pending")).toHaveCount(4);
  await expect(page.getByTestId("entry-said")).toContainText("Kept on this device, not yet sent.");
  await expect(page.getByTestId("tables-left")).toHaveText("Every table of this round has a result; a line for a table corrects it.");
  await expect(page.getByTestId("sync-status")).toContainText("Offline · 4 writes not yet sent");
  await shot(page, "offline-indicator-desktop");

  // a reload with no network: the page comes from the device, the four writes from IndexedDB
  await page.reload();
  await expect(page.locator("#result-line-1")).toBeVisible();
  await expect(page.getByTestId("write-pending")).toHaveCount(4);
  await expect(page.getByTestId("write-pending").first()).toContainText(/Round 1, table 1: Player \w 410 – Player \w 380 · not yet sent/);
  // the page truly came from the device: the network is gone for the service worker too
  expect(await page.evaluate(() => fetch("/api/health", { cache: "no-store" }).then(() => "reached", () => "no network"))).toBe("no network");
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId("sync-indicator")).toContainText("Offline · 4");
  await shot(page, "offline-indicator-phone");
  // the indicator opens by keyboard
  await page.getByRole("button", { name: /Offline · 4/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sync-panel").getByTestId("write-pending")).toHaveCount(4);
  await shot(page, "offline-panel-phone");
  await page.keyboard.press("Enter");
  await page.setViewportSize({ width: 1280, height: 800 });
  expect((await scoresOnServer(page, id)).every((b) => b.scores.every((s) => s === null))).toBe(true);

  // still offline: the print sheet and the event page open from the device; a page never opened says so
  await page.goto(`/tournaments/${id}/print/find-your-table?round=1`);
  await expect(page.getByTestId("table-line")).toHaveCount(8);
  await page.goto(`/tournaments/${id}`);
  await expect(page.getByRole("heading", { name: /Wi-Fi Down Open/ }).first()).toBeVisible();
  await page.goto("/ratings");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await page.goto(`/tournaments/${id}/manage`);
  await expect(page.getByTestId("write-pending")).toHaveCount(4);

  // round 2 paired on the device from the four results it holds, printed, and still there after a reload
  const devicePanel = page.getByTestId("device-round");
  await devicePanel.getByRole("button", { name: "Pair round 2 on this device" }).click();
  const sheet = page.getByTestId("device-round-sheet");
  await expect(sheet.getByRole("row")).toHaveCount(5); // the header and four boards
  const deviceBoards = await sheet.locator("tbody tr").evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, " ").trim()));
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await devicePanel.getByRole("button", { name: "Print" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // the print holds the pairing sheet alone, not the dashboard around it (the stub never closes the dialog)
  await page.emulateMedia({ media: "print" });
  await expect(sheet).toBeVisible();
  await expect(devicePanel.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/device-round-print.png` });
  await page.emulateMedia({ media: "screen" });
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await shot(page, "device-round-desktop");
  await page.reload();
  await expect(page.getByTestId("device-round-sheet").locator("tbody tr")).toHaveText(deviceBoards.map((b) => new RegExp(`^${b.replace(/ /g, "\\s+")}$`)), { useInnerText: true });
  await page.setViewportSize(PHONE);
  await page.getByTestId("device-round").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/device-round-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // back online: everything is sent, once, and the server equals the control run
  await context.setOffline(false);
  await expect(page.getByTestId("write-pending")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("sync-status")).toContainText(/Online · last synced at/);
  expect(await scoresOnServer(page, id)).toEqual(await scoresOnServer(page, controlId));
  const audit = await api<{ action: string }[]>(page, "tournaments.audit", { tournamentId: id }, "query");
  expect(audit.filter((a) => a.action.startsWith("result."))).toHaveLength(4);
  await shot(page, "online-indicator-desktop");

  // publish the device's round 2: the server closes round 1 and holds exactly the device's boards
  await page.getByTestId("device-round").getByRole("button", { name: "Publish round 2" }).click();
  await expect(page.getByTestId("device-round")).toHaveCount(0);
  const after = await api<{ rounds: (Overview["rounds"][number] & { status: string })[] }>(page, "tournaments.byId", { tournamentId: id }, "query");
  expect(after.rounds.map((r) => r.status)).toEqual(["closed", "published"]);
  const serverBoards = after.rounds[1].pairings.filter((p) => !p.isBye).map((p) => `${p.table} ${p.players.map((pl) => pl.name).join(" vs ")}`);
  expect(serverBoards).toEqual(deviceBoards);
});

test("a result changed on another device while this one was offline is a conflict, decided in the page", { tag: "@deep" }, async ({ page, baseURL, context }) => {
  mkdirSync(SHOTS, { recursive: true });
  await signUp(page, "Olga Offline");
  const id = await eventWithRound1(page, baseURL, "Conflict Open");
  await openOnceOnline(page, id);
  await context.setOffline(true);
  await typeLine(page, "1 400 300");
  await typeLine(page, "2 350 360");
  await expect(page.getByTestId("write-pending")).toHaveCount(2);

  // another director's device (same account, its own connection) enters table 1 differently
  const other = await playwrightRequest.newContext({ baseURL, storageState: await context.storageState() });
  const t = (await (await other.get(`/api/trpc/tournaments.byId?input=${encodeURIComponent(JSON.stringify({ json: { tournamentId: id } }))}`)).json()).result.data.json as Overview;
  const board1 = t.rounds[0].pairings.find((p) => p.table === 1)!;
  const [first, second] = board1.players;
  const res = await other.post("/api/trpc/tournaments.enterResult", { data: { json: { tournamentId: id, pairingId: board1.id, scores: { [first.userId]: 333, [second.userId]: 444 }, expectedVersion: board1.version } } });
  expect(res.ok()).toBe(true);
  await other.dispose();

  await context.setOffline(false);
  const conflict = page.getByTestId("sync-panel").getByTestId("write-conflict");
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  await expect(conflict).toContainText(`This device: Round 1, table 1: ${first.name} 400 – ${second.name} 300`);
  await expect(conflict).toContainText(`On the server: ${first.name} 333 – ${second.name} 444`);
  // table 2 had no rival: it went through
  await expect(page.getByTestId("write-pending")).toHaveCount(0);
  await expect(page.getByTestId("sync-status")).toContainText("1 conflict to decide");
  await shot(page, "conflict-desktop");
  await page.setViewportSize(PHONE);
  await shot(page, "conflict-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  // nothing overwritten while undecided
  expect((await scoresOnServer(page, id)).find((b) => b.table === 1)?.scores).toEqual([333, 444]);

  await conflict.getByRole("button", { name: "Send this device's" }).click();
  await expect(page.getByTestId("write-conflict")).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await scoresOnServer(page, id)).find((b) => b.table === 1)?.scores).toEqual([400, 300]);
  expect((await scoresOnServer(page, id)).find((b) => b.table === 2)?.scores).toEqual([350, 360]);
});

test("an answer lost after the server applied a write, and a 500 in the middle of the batch: shown, retried, nothing applied twice", { tag: "@deep" }, async ({ page, baseURL, context }) => {
  await signUp(page, "Olga Offline");
  const id = await eventWithRound1(page, baseURL, "Flaky Server Open");
  await openOnceOnline(page, id);
  await context.setOffline(true);
  for (const line of ["1 401 301", "2 402 302", "3 403 303"]) await typeLine(page, line);
  await expect(page.getByTestId("write-pending")).toHaveCount(3);

  // the server's side of the sync: the first write is applied but its answer is lost (as when the
  // server is killed after its commit); the next write's first attempt answers 500
  let attempts = 0;
  await context.route("**/api/trpc/tournaments.enterResult**", async (route) => {
    attempts++;
    if (attempts === 1) {
      await route.fetch();
      return route.abort("connectionreset");
    }
    if (attempts === 3) return route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" });
    return route.continue();
  });
  await context.setOffline(false);
  // stopped at the first write: it and the later ones wait, in order, and the page says why
  await expect(page.getByTestId("sync-status")).toContainText("Online · 3 writes waiting", { timeout: 30_000 });
  await expect(page.getByTestId("write-pending").first()).toContainText("Last try:");
  expect((await scoresOnServer(page, id)).find((b) => b.table === 1)?.scores).toEqual([401, 301]);

  await page.getByTestId("sync-indicator").getByRole("button", { name: /waiting to send/ }).click();
  await page.getByRole("button", { name: "Send now" }).click();
  // table 1 is recognised as already applied; table 2 meets the 500 and the flush stops again
  await expect(page.getByTestId("sync-status")).toContainText("Online · 2 writes waiting", { timeout: 30_000 });
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByTestId("sync-status")).toContainText(/Online · last synced at/, { timeout: 30_000 });
  await expect(page.getByTestId("write-pending")).toHaveCount(0);

  expect((await scoresOnServer(page, id)).slice(0, 3)).toEqual([
    { table: 1, scores: [401, 301] },
    { table: 2, scores: [402, 302] },
    { table: 3, scores: [403, 303] },
  ]);
  // each result entered once: three entries, no correction
  const audit = await api<{ action: string }[]>(page, "tournaments.audit", { tournamentId: id }, "query");
  expect(audit.filter((a) => a.action.startsWith("result.")).map((a) => a.action)).toEqual(["result.recorded", "result.recorded", "result.recorded"]);
});

test.afterAll(async () => {
  await stopAll();
});

test("kill -9 of the server in the middle of a sync: after the restart nothing is lost or applied twice", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(240_000);
  // a server of our own (the same build, its own embedded database), so it can be killed
  const dir = `.data/e2e-offline-kill-${randomBytes(4).toString("hex")}`;
  const port = await freePort(3420);
  let app: AppInstance = await startApp({ name: "offline-kill9", port, db: { pgliteDir: dir } });
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  try {
    await signUp(page, "Olga Offline");
    const id = await eventWithRound1(page, app.url, "Power Cut Open");
    await openOnceOnline(page, id);
    await context.setOffline(true);
    const lines = ["1 411 311", "2 412 312", "3 413 313", "4 414 314"];
    for (const line of lines) await typeLine(page, line);
    await expect(page.getByTestId("write-pending")).toHaveCount(4);

    // the second write reaches the server, which commits it and is killed before it answers
    let attempts = 0;
    await context.route("**/api/trpc/tournaments.enterResult**", async (route) => {
      attempts++;
      if (attempts !== 2) return route.continue();
      // the write goes through; whether its answer arrives does not matter (a reset of this fetch
      // on a busy machine was seen once): the server dies before the page hears anything, and the
      // write stays queued either way
      await route.fetch().catch(() => undefined);
      await app.kill9();
      return route.abort("connectionreset");
    });
    await context.setOffline(false);
    await expect(page.getByTestId("sync-status")).toContainText("Online · 3 writes waiting", { timeout: 30_000 });
    await expect(page.getByTestId("write-pending")).toHaveCount(3);

    app = await startApp({ name: "offline-kill9-restarted", port, db: { pgliteDir: dir } });
    // send now (unless the 20 s retry got there first)
    const waiting = page.getByTestId("sync-indicator").getByRole("button", { name: /waiting to send/ });
    if (await waiting.isVisible()) {
      await waiting.click();
      await page.getByRole("button", { name: "Send now" }).click({ timeout: 5_000 }).catch(() => undefined);
    }
    await expect(page.getByTestId("sync-status")).toContainText(/Online · last synced at/, { timeout: 60_000 });
    await expect(page.getByTestId("write-pending")).toHaveCount(0);

    expect((await scoresOnServer(page, id)).slice(0, 4)).toEqual(lines.map((l) => l.split(" ").map(Number)).map(([table, a, b]) => ({ table, scores: [a, b] })));
    const audit = await api<{ action: string }[]>(page, "tournaments.audit", { tournamentId: id }, "query");
    expect(audit.filter((a) => a.action.startsWith("result.")).map((a) => a.action)).toEqual(Array(4).fill("result.recorded"));
  } finally {
    await context.close();
    await app.stop();
  }
});
