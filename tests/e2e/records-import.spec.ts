import { expect, test, type Page } from "./fixtures";
import { formatGameRecord, selfPlay } from "@/engine";
import { signUp } from "./helpers";

/**
 * Importing a game record (/matches/import, docs/records.md): a finished game's record pasted into
 * the form opens its replay page; a record with an illegal move shows the line at fault and
 * stores nothing. By mouse (reached from the header), by keyboard, and at phone size.
 */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/m-records-shots";
// the bots' game is made in the test, and screenshots are slow on a busy machine
test.describe.configure({ timeout: 180_000 });

/** A finished Equate game between two bots, as the text notation. */
function finishedRecord(seed: string): string {
  const g = selfPlay("equate", seed, { maxNodes: 20_000 });
  expect(g.state.phase).toBe("over");
  return formatGameRecord(g.events);
}

/** The record with the move after the first play replaced by that play again, by the next
 * player at that move's time: its squares are taken, so the engine refuses it on that line. */
function brokenRecord(text: string): { text: string; line: number } {
  const lines = text.split("\n");
  const k = lines.findIndex((l) => l.startsWith(">") && l.includes(": play "));
  const j = lines.findIndex((l, i) => i > k && l.startsWith(">"));
  // ">Name: play 10H … @t": players are named by display name, which may hold spaces
  const play = lines[k]!.split(" ; ")[0]!;
  const next = lines[j]!.split(" ; ")[0]!;
  const args = play.slice(play.indexOf(": play ") + 2).split(" ").slice(0, -1);
  lines[j] = `${next.slice(0, next.indexOf(": "))}: ${args.join(" ")} ${next.split(" ").at(-1)}`;
  return { text: lines.join("\n"), line: j + 1 };
}

async function expectReplay(page: Page) {
  await page.waitForURL(/\/matches\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("game-page")).toBeVisible();
  await expect(page.getByTestId("imported-note")).toBeVisible();
  await expect(page.getByText(/^Finished: /)).toBeVisible();
  expect(await page.getByTestId("move-row").count()).toBeGreaterThan(4);
}

test("[records]: I paste a record by mouse and see its replay; a bad one shows the line at fault", { tag: "@deep" }, async ({ page }) => {
  await signUp(page, `Importer ${Date.now() % 100_000}`);
  await page.goto("/");
  await page.getByRole("link", { name: "Import a game" }).first().click();
  await expect(page.getByRole("heading", { name: "Import a game record" })).toBeVisible();

  const good = finishedRecord("e2e-mouse");
  const bad = brokenRecord(good);
  await page.getByLabel("Record").fill(bad.text);
  await page.getByRole("button", { name: "Import the game" }).click();
  await expect(page.getByTestId("record-error")).toHaveText(new RegExp(`^Line ${bad.line}: .*already holds`));
  await expect(page).toHaveURL(/\/matches\/import$/);
  await page.screenshot({ path: `${SHOTS}/import-error-desktop.png`, fullPage: true });

  await page.getByLabel("Record").fill(good);
  await page.getByRole("button", { name: "Import the game" }).click();
  await expectReplay(page);
  // the replay steps back through the game
  const pos = page.getByTestId("replay-pos");
  const total = Number((await pos.textContent())!.split("/")[1]);
  await page.getByRole("button", { name: "First" }).click();
  await expect(pos).toHaveText(`1 / ${total}`);
  await page.screenshot({ path: `${SHOTS}/import-replay-desktop.png`, fullPage: true });
});

test("[records]: I import a JSON record by keyboard alone", { tag: "@deep" }, async ({ page }) => {
  await signUp(page, `Keyboard Importer ${Date.now() % 100_000}`);
  await page.goto("/matches/import");
  const g = selfPlay("equate", "e2e-keys", { maxNodes: 20_000 });
  await page.getByLabel("Record").focus();
  await page.keyboard.insertText(JSON.stringify(g.events, null, 1));
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Format")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Import the game" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectReplay(page);
  await page.keyboard.press("Home");
  await expect(page.getByTestId("replay-pos")).toHaveText(/^1 \/ /);
});

test.describe("at phone size", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("[records]: on a phone I open the import from the menu, see an error, then the replay", { tag: "@deep" }, async ({ page }) => {
    await signUp(page, `Phone Importer ${Date.now() % 100_000}`);
    await page.goto("/");
    await page.getByTestId("phone-menu").locator("summary").click();
    await page.getByTestId("phone-menu").getByRole("link", { name: "Import a game" }).click();
    const good = finishedRecord("e2e-phone");
    const cut = good.split("\n").slice(0, 12).join("\n");
    await page.getByLabel("Record").fill(cut);
    await page.getByRole("button", { name: "Import the game" }).click();
    await expect(page.getByTestId("record-error")).toHaveText(/^Line 12: The record ends before the game is over/);
    await page.screenshot({ path: `${SHOTS}/import-error-phone.png`, fullPage: true });
    await page.getByLabel("Record").fill(good);
    await page.getByRole("button", { name: "Import the game" }).click();
    await expectReplay(page);
    await page.screenshot({ path: `${SHOTS}/import-replay-phone.png`, fullPage: true });
  });
});
