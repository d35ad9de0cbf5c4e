import { expect, test } from "./fixtures";
import { mkdirSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

const SHOTS = "/tmp/tsh-shots";
const NAMES = ["Ann Lee", "Bo Okafor", "Carla Silva", "Dan Novak", "Eve Haddad", "Finn Tanaka"];

test("[TSH]: a director pastes a .t file into the dashboard, sees the standings and downloads the export", { tag: "@deep" }, async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const emails: string[] = [];
  for (const name of NAMES) {
    const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
    const res = await page.request.post("/api/trpc/accounts.signUp", { data: { json: { email, name, password: PASSWORD } } });
    expect(res.ok()).toBe(true);
    emails.push(email);
  }
  await page.context().clearCookies();
  await signUp(page, "Dana Director");
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `tsh-${randomBytes(3).toString("hex")}`, name: "TSH Club" });
  await api(page, "clubs.bulkAdd", { clubId: club.id, emails: emails.join("\n") });
  const t = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "TSH Open", startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 4 });

  await page.goto(`/tournaments/${t.id}/manage`);
  const section = page.getByTestId("tsh-files");
  await section.getByTestId("tsh-text").fill("Lee, Ann 1712 2 ; 400\nStranger, Sam 1500 1 ; 300\n");
  await section.getByRole("button", { name: "Import" }).click();
  await expect(section.getByTestId("form-error")).toContainText('Line 2: "Stranger, Sam" is not a member of this club');

  await section.getByTestId("tsh-text").fill(readFileSync("tests/fixtures/tsh/club-swiss.t", "utf8"));
  await section.getByRole("button", { name: "Import" }).click();
  await expect(section.getByTestId("tsh-report")).toContainText("Imported 6 players and 3 closed rounds; round 4 is published");
  await section.screenshot({ path: `${SHOTS}/import-desktop.png` });

  const download = page.waitForEvent("download");
  await section.getByTestId("tsh-export").click();
  const file = readFileSync((await (await download).path())!, "utf8");
  expect(file.split("\n")[0]).toMatch(/^Ann Lee\s+1712 4 3 2 6; 412 388 455 ; p12 1 2 1 2$/);

  await page.goto(`/tournaments/${t.id}/standings`);
  await expect(page.getByText("Ann Lee").first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/standings-phone.png`, fullPage: true });
  await page.goto(`/tournaments/${t.id}/manage`);
  await page.getByTestId("tsh-files").scrollIntoViewIfNeeded();
  await page.getByTestId("tsh-files").screenshot({ path: `${SHOTS}/section-phone.png` });
});
