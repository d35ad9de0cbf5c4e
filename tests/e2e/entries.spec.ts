/**
 * Entries (docs/entries.md): a director opens entries for a 6-player event with a class field;
 * eight players enter (six through the API, two on the page: one with a mouse on a desktop, one by
 * keyboard on a 390 px phone), so two wait on the waitlist; one withdraws on the page (keyboard), and the
 * first waitlisted player is promoted and sees the notification. Players are signed up and signed
 * in through the API, each from an address of their own (rate limits are per client).
 */
import { expect, test } from "./fixtures";
import { randomBytes } from "node:crypto";
import { call, person } from "./people";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "test-results";
const PHONE = { width: 390, height: 844 };

test("[ENTRIES]: a capped event fills, two players wait, a withdrawal promotes the first and tells them", { tag: "@deep" }, async ({ browser }) => {
  test.setTimeout(120_000);
  const dir = await person(browser, "Dana Director");
  const club = await call<{ id: string }>(dir.ctx.request, "clubs.create", { handle: `ent-${randomBytes(3).toString("hex")}`, name: "Entry Club" });
  const name = `Capped Open ${randomBytes(2).toString("hex")}`;
  const t = await call<{ id: string }>(dir.ctx.request, "tournaments.create", { clubId: club.id, name, startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), ruleset: "equate", format: "swiss", rounds: 3 });

  // The director opens entries on the dashboard: 6 places, a class field, anyone signed in.
  await dir.page.goto(`/tournaments/${t.id}/manage`);
  const settings = dir.page.getByTestId("settings");
  await settings.getByLabel("Most players").fill("6");
  await settings.getByLabel("Rating class").check();
  await settings.getByLabel("Who may enter").selectOption("anyone");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(dir.page.getByTestId("settings-saved")).toBeVisible();

  // Five enter through the API; the sixth (Uma) on the page with a mouse.
  const api = [];
  for (const n of ["Ann", "Bo", "Cy", "Dee", "Eve"]) {
    const p = await person(browser, `${n} Entrant`);
    expect(await call(p.ctx.request, "tournaments.entries.enter", { tournamentId: t.id, details: { class: "B" } })).toEqual({ status: "registered", position: null });
    api.push(p);
  }
  const uma = await person(browser, "Uma Mouse");
  await uma.page.goto(`/tournaments/${t.id}`);
  await expect(uma.page.getByTestId("entry-places")).toHaveText("5 of 6 places taken.");
  await uma.page.getByLabel("Rating class").fill("A");
  await uma.page.getByRole("button", { name: "Enter", exact: true }).click();
  await expect(uma.page.getByTestId("my-entry-status")).toHaveText("You are entered.");

  // The field is full: Walt (API) and Pia (phone, keyboard) go to the waitlist.
  const walt = await person(browser, "Walt Waiting");
  expect(await call(walt.ctx.request, "tournaments.entries.enter", { tournamentId: t.id, details: { class: "C" } })).toEqual({ status: "waitlisted", position: 1 });
  const pia = await person(browser, "Pia Phone", PHONE);
  await pia.page.goto(`/tournaments/${t.id}`);
  await expect(pia.page.getByRole("button", { name: "Join the waitlist" })).toBeVisible();
  await pia.page.getByLabel("Rating class").focus();
  await pia.page.keyboard.type("C");
  await pia.page.keyboard.press("Enter");
  await expect(pia.page.getByTestId("my-entry-status")).toContainText("number 2 in line");
  await expect(pia.page.getByTestId("waitlist")).toContainText("1. Walt Waiting");
  await expect(pia.page.getByTestId("entries")).toContainText("Players (6)");
  // names only: nobody's e-mail or answers on the public page
  const text = await pia.page.locator("body").innerText();
  for (const who of [...api, uma, walt]) expect(text).not.toContain(who.email);
  expect(text).not.toContain("class B");
  expect((await pia.page.getByTestId("entry-panel").boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  await pia.page.screenshot({ path: `${SHOTS}/entries-phone-waitlist.png`, fullPage: true });

  // Uma withdraws on the page, by keyboard (the question's focus starts on the safe answer, and
  // saying no gives it back to the button); Walt moves into the field and is told.
  await uma.page.getByRole("button", { name: "Withdraw my entry" }).focus();
  await uma.page.keyboard.press("Enter");
  await expect(uma.page.getByRole("button", { name: "Keep my entry" })).toBeFocused();
  await uma.page.keyboard.press("Enter");
  await expect(uma.page.getByRole("button", { name: "Withdraw my entry" })).toBeFocused();
  await uma.page.keyboard.press("Enter");
  await uma.page.keyboard.press("Shift+Tab");
  await expect(uma.page.getByRole("button", { name: "Yes, withdraw" })).toBeFocused();
  await uma.page.keyboard.press("Enter");
  await expect(uma.page.getByRole("button", { name: "Join the waitlist" })).toBeVisible();
  await uma.page.screenshot({ path: `${SHOTS}/entries-desktop-after-withdraw.png`, fullPage: true });

  await walt.page.goto("/notifications");
  await expect(walt.page.getByTestId("notification").first()).toContainText(`A place came free in ${name}: you are in the field now.`);
  await walt.page.goto(`/tournaments/${t.id}`);
  await expect(walt.page.getByTestId("my-entry-status")).toHaveText("You are entered.");
  await pia.page.reload();
  await expect(pia.page.getByTestId("my-entry-status")).toContainText("number 1 in line");

  // The director sees the waitlist with the answers, and the start step.
  await dir.page.goto(`/tournaments/${t.id}/manage`);
  await expect(dir.page.getByTestId("registration").getByText("waitlisted #1")).toBeVisible();
  await expect(dir.page.getByTestId("entry-details").first()).toContainText("class:");
  await expect(dir.page.getByTestId("start-step-summary")).toContainText("6 players have not checked in");
  await dir.page.screenshot({ path: `${SHOTS}/entries-dashboard.png`, fullPage: true });
});
