/**
 * [desk]: players open their entry pages; the desk scans their QR codes with the camera, checks one
 * in by search, records fees and downloads the ledger.
 *
 * The camera is real Chromium camera capture fed a fake video: each player's entry page is
 * screenshotted, the QR in it is decoded here (jsqr, to know what the desk should read), and the
 * screenshot is turned into a Y4M video (raw I420 frames) that a second Chromium plays as its
 * camera (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`). The desk
 * page then decodes the frames itself (BarcodeDetector where the browser has it, else jsqr).
 */
import { expect, test } from "./fixtures";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { PASSWORD, signIn, signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";
import { cameraBrowser, decodePng, y4mOf } from "./camera";

const SHOTS = "/tmp/desk-shots";
const NAMES = ["Ada Lovelace", "Bo Diddley", "Cy Twombly", "Di Prima", "Ed Ruscha", "Flo Jo"];

test("[desk]: five players are checked in by scanning their entry pages' QR codes, one by search; fees are recorded and the ledger adds up", { tag: "@deep" }, async ({ page, browser, baseURL, playwright }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const anon = await playwright.request.newContext({ baseURL });
  const emails = await Promise.all(
    NAMES.map(async (name, i) => {
      const email = uniqueEmail(`desk${i + 1}`);
      expect((await anon.post("/api/trpc/accounts.signUp", { data: { json: { email, name, password: PASSWORD } } })).ok()).toBe(true);
      return email;
    }),
  );
  await anon.dispose();

  await signUp(page, "Desk Director");
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `desk-${randomBytes(3).toString("hex")}`, name: "Desk Club" });
  const t = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "Desk Open", startsAt: new Date(Date.now() + 20 * 60_000).toISOString(), ruleset: "equate", format: "swiss", rounds: 3 });
  await api(page, "tournaments.players.add", { tournamentId: t.id, emails: emails.join("\n"), checkIn: false });
  await api(page, "tournaments.desk.configure", { tournamentId: t.id, entryFee: 1500, currency: "EUR", checkInMinutes: 30 });

  // Each of the first five players opens their entry page (a phone); its screenshot becomes the desk's camera feed.
  const videos: { name: string; code: string; file: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const ctx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const p = await ctx.newPage();
    await signIn(p, emails[i]!);
    await expect(p.getByTestId("user-name")).toHaveText(NAMES[i]!);
    await p.goto(`/tournaments/${t.id}`);
    await p.getByTestId("my-entry-link").click();
    await expect(p.getByTestId("entry-qr")).toBeVisible();
    await expect(p.getByTestId("entry-fee")).toHaveText("Fee owed (15.00 EUR)");
    const shot = await p.screenshot({ path: `${SHOTS}/entry-${i + 1}.png` });
    const code = await decodePng(shot);
    expect(code).toBe(await p.getByTestId("entry-code").textContent());
    const file = `${SHOTS}/camera-${i + 1}.y4m`;
    await y4mOf(shot, file);
    videos.push({ name: NAMES[i]!, code, file });
    await ctx.close();
  }

  const state = await page.context().storageState();
  for (const [i, v] of videos.entries()) {
    const cam = await cameraBrowser(v.file, state, baseURL!);
    await cam.page.goto(`/tournaments/${t.id}/desk`);
    await cam.page.getByTestId("desk-camera").click();
    await expect(cam.page.getByTestId("desk-banner")).toHaveText(`${v.name} is checked in. ✓`, { timeout: 20_000 });
    await expect(cam.page.getByTestId("desk-card-fee")).toHaveText("Fee owed · 15.00 EUR");
    if (i === 0) {
      await cam.page.screenshot({ path: `${SHOTS}/desk-scan-phone.png` });
      // the same code typed again (a hand scanner): nothing doubles, the time is kept
      await cam.page.getByTestId("desk-camera").click();
      await cam.page.getByTestId("desk-code").fill(v.code);
      await cam.page.getByRole("button", { name: "Check", exact: true }).click();
      await expect(cam.page.getByTestId("desk-banner")).toHaveText(new RegExp(`^${v.name} is already checked in at \\d\\d:\\d\\d`));
      // Ada pays cash at the desk
      await cam.page.getByTestId("desk-fee-open").click();
      await cam.page.getByRole("button", { name: "Cash", exact: true }).click();
      await cam.page.getByRole("button", { name: "Save fee" }).click();
      await expect(cam.page.getByTestId("desk-banner")).toHaveText("Ada Lovelace: fee paid.");
      await cam.page.screenshot({ path: `${SHOTS}/desk-fee-phone.png` });
    }
    await cam.browser.close();
  }

  // Flo has no phone: the desk finds her by name (on a laptop) and records a transfer
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tournaments/${t.id}/desk`);
  await page.getByTestId("desk-search").fill("flo");
  await page.getByTestId("desk-results").getByRole("button", { name: /Flo Jo/ }).click();
  await page.getByTestId("desk-check-in").click();
  await expect(page.getByTestId("desk-banner")).toHaveText("Flo Jo is checked in. ✓");
  await page.getByTestId("desk-fee-open").click();
  await page.getByLabel("Amount (EUR)").fill("12");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await page.getByLabel("Note (only the desk sees it)").fill("student rate");
  await page.getByRole("button", { name: "Save fee" }).click();
  await expect(page.getByTestId("desk-banner")).toHaveText("Flo Jo: fee paid.");
  await page.screenshot({ path: `${SHOTS}/desk-search-desktop.png` });

  // a forged code is refused with its sentence
  const forged = videos[1]!.code.slice(0, -4) + "AAAA";
  await page.getByTestId("desk-code").fill(forged);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByTestId("desk-banner")).toContainText("This code is not genuine");

  // the ledger: 6 entries, 5 scanned + 1 searched checked in, 27.00 EUR received
  await page.goto(`/tournaments/${t.id}/manage`);
  await page.getByTestId("dashboard-ledger").click();
  await expect(page.getByTestId("ledger-received")).toHaveText("27.00 EUR");
  await page.screenshot({ path: `${SHOTS}/ledger-desktop.png`, fullPage: true });
  const csv = await (await page.request.get(`/tournaments/${t.id}/ledger.csv`)).text();
  expect(csv).toContain("total paid,2,,27.00,EUR");
  expect(csv).toContain("total owed,4,,60.00,EUR");
  expect(csv).toContain("Flo Jo,checked-in,paid,12.00,EUR,transfer,student rate,");
  const overview = await api<{ entries: { name: string; status: string }[] }>(page, "tournaments.byId", { tournamentId: t.id }, "query");
  expect(overview.entries.filter((e) => e.status === "checked-in").map((e) => e.name).sort()).toEqual(NAMES);

  // a player cannot open the ledger
  const other = await browser.newContext({ baseURL });
  const op = await other.newPage();
  await signIn(op, emails[5]!);
  await expect(op.getByTestId("user-name")).toHaveText("Flo Jo");
  expect((await op.request.get(`/tournaments/${t.id}/ledger.csv`)).status()).toBe(403);
  await other.close();
});
