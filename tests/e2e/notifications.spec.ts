/**
 * Notifications (docs/notifications.md): a director pairs and publishes a round in one browser;
 * the paired players' header bells count it without a reload (SSE over the LISTEN/NOTIFY bus).
 * One player is on a phone (390×844) and uses the keyboard, the other a mouse on a desktop.
 */
import { expect, test, type Page } from "./fixtures";
import { randomBytes } from "node:crypto";
import { signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/l-notify-shots";

test("[NOTIFICATIONS]: a paired player sees the round's notification appear live, by keyboard on a phone and by mouse", { tag: "@deep" }, async ({ browser }) => {
  // three people sign up and act in turn on a busy 2-core machine: more than the default minute
  test.setTimeout(240_000);
  const director = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  const desk = await (await browser.newContext()).newPage();
  const [pia, bo] = [uniqueEmail("pia"), uniqueEmail("bo")];
  await signUp(director, "Dana Director");
  await signUp(phone, "Pia Longname-Player", pia); // a long name must not push the bell off a phone
  await signUp(desk, "Bo", bo);

  const club = await api<{ id: string }>(director, "clubs.create", { handle: `ntf-${randomBytes(3).toString("hex")}`, name: "Bell Club" });
  const name = `Bell Open ${randomBytes(2).toString("hex")}`;
  const t = await api<{ id: string }>(director, "tournaments.create", { clubId: club.id, name, startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 1 });
  await api(director, "tournaments.players.add", { tournamentId: t.id, emails: `${pia}\n${bo}`, checkIn: true });

  // the players wait on other pages; a marker on window proves no reload happens
  for (const p of [phone, desk]) {
    await p.goto("/tournaments");
    await expect(bell(p)).toHaveAccessibleName("Notifications");
    await p.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  }

  await director.goto(`/tournaments/${t.id}/manage`);
  await director.getByRole("button", { name: "Pair round 1" }).click();
  await director.getByRole("button", { name: "Publish round 1" }).click();
  await expect(director.getByTestId("round-state")).toHaveText("Round 1: published");

  for (const p of [phone, desk]) {
    await expect(bell(p)).toHaveAccessibleName("Notifications, 1 unread");
    await expect(p.getByTestId("notification-count")).toHaveText("1");
    expect(await p.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  }
  await expect(bell(director)).toHaveAccessibleName("Notifications");
  await phone.screenshot({ path: `${SHOTS}/phone-count.png` });

  // phone, keyboard: Tab to the bell, Enter opens the panel, Escape closes it and gives focus back
  await phone.locator("body").click({ position: { x: 200, y: 600 } });
  await tabTo(phone, bell(phone));
  await phone.keyboard.press("Enter");
  const panel = phone.getByTestId("notification-panel");
  await expect(panel).toBeVisible();
  const item = panel.getByTestId("notification").first();
  await expect(item).toContainText(new RegExp(`Round 1 of ${name} is paired: table 1 against Bo \\(you move (first|second)\\)\\.`));
  await expect(item).toHaveAttribute("data-unread", "true");
  await phone.screenshot({ path: `${SHOTS}/phone-panel.png` });
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await phone.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell(phone)).toBeFocused();
  // open again and follow the link by keyboard: it leads to the round's pairings and counts as read
  await phone.keyboard.press("Enter");
  await tabTo(phone, panel.getByRole("link", { name: /Round 1 of/ }));
  await phone.keyboard.press("Enter");
  await expect(phone).toHaveURL(new RegExp(`/tournaments/${t.id}$`));
  await expect(bell(phone)).toHaveAccessibleName("Notifications");
  await phone.screenshot({ path: `${SHOTS}/phone-after.png` });
  const header = await phone.getByRole("banner").boundingBox();
  expect(header!.width).toBeLessThanOrEqual(390);
  expect((await bell(phone).boundingBox())!.x + 40).toBeLessThanOrEqual(390);
  await phone.goto("/notifications");
  await expect(phone.getByTestId("notification").first()).toHaveAttribute("data-unread", "false");
  await phone.screenshot({ path: `${SHOTS}/phone-page.png` });

  // desktop, mouse: open the panel, mark all read
  await bell(desk).click();
  await expect(desk.getByTestId("notification-panel").getByTestId("notification").first()).toContainText(`Round 1 of ${name} is paired: table 1 against Pia`);
  await desk.screenshot({ path: `${SHOTS}/desk-panel.png` });
  await desk.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell(desk)).toHaveAccessibleName("Notifications");
  await expect(desk.getByTestId("notification-count")).toHaveCount(0);
  // the full list keeps it, read
  await desk.getByRole("link", { name: "See all" }).click();
  await expect(desk.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expect(desk.getByTestId("notification").first()).toHaveAttribute("data-unread", "false");
  await desk.screenshot({ path: `${SHOTS}/desk-page.png` });
});

const bell = (p: Page) => p.getByTestId("notification-bell");

/** Presses Tab until `target` has focus (at most 40 times): the way a keyboard user gets there. */
async function tabTo(p: Page, target: ReturnType<Page["locator"]>) {
  for (let i = 0; i < 40; i++) {
    await p.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("could not reach the element with Tab");
}
