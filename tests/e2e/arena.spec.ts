/**
 * [ARENA]: a club night where seven players join and leave and are paired as they free up, in
 * pods of 3 (docs/competitions.md, "Running a club night"). The director opens the night from the
 * club page; Ada (on a 390 px phone) and Ben play through the page; the other five act through the
 * API with their own sessions.
 */
import { expect, test, type Browser, type Page } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

const SHOTS = "test-results/arena";
type NightView = { me: { status: string; gameId: string | null } | null; games: { id: string; tableNo: number; status: string; players: { id: string; name: string }[] }[]; waiting: { name: string; reason: string }[] };

async function person(browser: Browser, name: string, phone = false) {
  const ctx = await browser.newContext(phone ? { viewport: { width: 390, height: 844 } } : {});
  const page = await ctx.newPage();
  const email = uniqueEmail(name.toLowerCase().replace(/\W/g, ""));
  await signUp(page, name, email);
  return { name, email, page };
}

test("[ARENA]: seven players join and leave a club night and are paired in pods of 3 as they free up", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const names = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"];
  const [dir, ...players] = await Promise.all([person(browser, "Dora Director"), ...names.map((n, i) => person(browser, n, i === 0))]);
  const by = Object.fromEntries(players.map((p) => [p.name, p]));
  const club = await api<{ id: string; handle: string }>(dir.page, "clubs.create", { handle: `night-${randomBytes(3).toString("hex")}`, name: "Night Owls" });
  await api(dir.page, "clubs.bulkAdd", { clubId: club.id, emails: players.map((p) => p.email).join("\n") });

  // the director opens a pods-of-3 night from the club page
  await dir.page.goto(`/clubs/${club.handle}`);
  const form = dir.page.getByRole("form", { name: "Open a club night" });
  await form.getByLabel("Name").fill("Thursday night");
  await form.getByLabel("Players per game").selectOption("3");
  await form.getByRole("button", { name: "Open the night" }).click();
  await dir.page.waitForURL(/\/arena\/[0-9a-f-]{36}$/);
  const nightId = dir.page.url().split("/").pop()!;
  const view = (p: Page) => api<NightView>(p, "arena.night", { nightId }, "query");

  // Ada joins from her phone: alone, she gets the sentence
  const ada = by.Ada!.page;
  await ada.goto(`/arena/${nightId}`);
  await ada.getByRole("button", { name: "Join tonight" }).click();
  await expect(ada.getByTestId("waiting-reason")).toHaveText("Ada is the only free player; Ada plays as soon as someone else is free.");
  await ada.screenshot({ path: `${SHOTS}/phone-alone.png`, fullPage: true });
  // Ben joins by keyboard: two free players wait for a pod of 3
  const ben = by.Ben!.page;
  await ben.goto(`/arena/${nightId}`);
  await ben.getByRole("button", { name: "Join tonight" }).focus();
  await ben.keyboard.press("Enter");
  await expect(ben.getByTestId("waiting-reason")).toHaveText("Ben waits for a pod of 3: fewer than 3 players are free.");
  // Cy comes: the first pod sits at table 1 at once
  await api(by.Cy!.page, "arena.join", { nightId });
  await expect(ada.getByTestId("my-table")).toHaveText(/^You play (Ben and Cy|Cy and Ben) at table 1\.$/);
  // Dee, Eve and Fay fill table 2; Gus drops in, waits alone, and leaves again
  for (const n of ["Dee", "Eve", "Fay", "Gus"]) await api(by[n]!.page, "arena.join", { nightId });
  let v = await view(dir.page);
  expect(v.games.filter((g) => g.status === "playing").map((g) => [g.tableNo, g.players.length])).toEqual([
    [2, 3],
    [1, 3],
  ]);
  expect(v.waiting.map((w) => ({ name: w.name, reason: w.reason }))).toEqual([{ name: "Gus", reason: "Gus is the only free player; Gus plays as soon as someone else is free." }]);
  await api(by.Gus!.page, "arena.leave", { nightId });
  await dir.page.reload();
  await expect(dir.page.getByTestId("games").getByTestId("game-row")).toHaveCount(2);
  await dir.page.screenshot({ path: `${SHOTS}/desktop-two-pods.png`, fullPage: true });

  // table 1 ends: Ada reports on her phone, Ben confirms on the page, Cy through the API
  const t1 = v.games.find((g) => g.tableNo === 1)!;
  const report = ada.getByRole("form", { name: "Report the result" });
  await report.getByLabel("Score of Ada").fill("412");
  await report.getByLabel("Score of Ben").fill("350");
  await report.getByLabel("Score of Cy").fill("298");
  await report.getByRole("button", { name: "Report the result" }).click();
  await expect(ben.getByTestId("to-confirm")).toContainText("Ada 412");
  await ben.getByRole("button", { name: "Confirm the result" }).click();
  await api(by.Cy!.page, "arena.confirm", { gameId: t1.id });
  // Ada, Ben and Cy are free; they just met, and table 2 still plays: they wait rather than meet again
  await expect(ada.getByTestId("waiting-reason")).toContainText("rather than meet again at once");
  // Gus comes back: a new table forms with him, never two of table 1 together
  await api(by.Gus!.page, "arena.join", { nightId });
  v = await view(dir.page);
  const t1ids = new Set(t1.players.map((p) => p.id));
  const nowPlaying = v.games.filter((g) => g.status === "playing");
  for (const g of nowPlaying) expect(g.players.filter((p) => t1ids.has(p.id)).length).toBeLessThanOrEqual(1);
  expect(nowPlaying.some((g) => g.players.some((p) => p.name === "Gus"))).toBe(true);

  // table 2 ends (reported and confirmed through the API): everyone free is grouped again, in pods of 2 to 4
  const t2 = v.games.find((g) => g.tableNo === 2 && g.status === "playing")!;
  const page2 = (id: string) => players.find((p) => p.name === t2.players.find((x) => x.id === id)!.name)!.page;
  await api(page2(t2.players[0]!.id), "arena.report", { gameId: t2.id, scores: Object.fromEntries(t2.players.map((p, i) => [p.id, 380 - 40 * i])) });
  for (const p of t2.players.slice(1)) await api(page2(p.id), "arena.confirm", { gameId: t2.id });
  v = await view(dir.page);
  const seated = v.games.filter((g) => g.status === "playing").flatMap((g) => g.players.map((p) => p.name));
  expect(new Set(seated).size).toBe(seated.length);
  expect(seated.length + v.waiting.length).toBe(7);
  for (const g of v.games.filter((x) => x.status === "playing")) expect(g.players.length).toBeGreaterThanOrEqual(2);
  // whoever still waits has a reason the pairing stands by (nobody who could play is left waiting)
  for (const w of v.waiting) expect(w.reason).toMatch(/only free player|rather than meet again|waits for a pod of 3/);

  // the standings on the phone, with the winners on top
  await ada.reload();
  await expect(ada.getByTestId("standings").getByTestId("standing-row").first()).toContainText(/Ada|Dee|Eve|Fay/);
  await ada.screenshot({ path: `${SHOTS}/phone-standings.png`, fullPage: true });
  await dir.page.reload();
  await expect(dir.page.getByTestId("standings").getByTestId("standing-row")).toHaveCount(7);
  await dir.page.screenshot({ path: `${SHOTS}/desktop-after.png`, fullPage: true });

  // the director starts a ladder on the club page, attaches tonight to it, and the ladder counts it
  await dir.page.goto(`/clubs/${club.handle}`);
  await dir.page.getByRole("button", { name: "Start the ladder" }).click();
  await expect(dir.page.getByRole("list", { name: "Ladders" })).toContainText("Club ladder");
  await dir.page.goto(`/arena/${nightId}`);
  await dir.page.getByLabel("This night feeds the ladder").selectOption({ label: "Club ladder" });
  await dir.page.getByRole("link", { name: "the ladder" }).click();
  await expect(dir.page.getByRole("heading", { name: "Club ladder" })).toBeVisible();
  await expect(dir.page.getByTestId("ladder-row")).toHaveCount(6);
  await dir.page.screenshot({ path: `${SHOTS}/desktop-ladder.png`, fullPage: true });
});
