import { expect, test, type Page } from "./fixtures";
import { signUp } from "./helpers";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/k-api-shots";
const TOKEN = /^eqt_[A-Za-z0-9_-]{43}$/;

async function tokenSection(page: Page) {
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "API tokens" });
  await expect(section).toBeVisible();
  return section;
}

test("[api-tokens]: make a token with the mouse, a script uses it, it is shown once, revoke it and the script is refused", { tag: "@deep" }, async ({ page, request }) => {
  await signUp(page, "Script Writer");
  const section = await tokenSection(page);
  await section.getByLabel("Token name").fill("standings board");
  await section.getByLabel(/^Read and write/).check();
  await section.getByRole("button", { name: "Create token" }).click();

  const shown = section.getByTestId("new-token");
  await expect(shown).toContainText("it will not be shown again");
  const token = await shown.getByLabel("Your new API token").inputValue();
  expect(token).toMatch(TOKEN);
  await expect(section.getByTestId("api-token")).toContainText(["standings board"]);
  await expect(section.getByTestId("api-token").first()).toContainText("last used never");

  // a script with the token: who am I, and the REST view
  const me = await request.get(`/api/trpc/accounts.me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { result: { data: { json: { name: string } } } }).result.data.json.name).toBe("Script Writer");
  expect((await request.get(`/api/v1/tournaments`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  // shown once: gone after "I have copied it" and after a reload; the list now says it was used
  await shown.getByRole("button", { name: "I have copied it" }).click();
  await expect(section.getByTestId("new-token")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "API tokens" }).getByTestId("api-token").first()).not.toContainText("last used never");
  expect(await page.content()).not.toContain(token);

  // revoke, in two steps
  const row = page.getByTestId("api-token").filter({ hasText: "standings board" });
  await row.getByRole("button", { name: "Revoke standings board" }).click();
  await row.getByRole("button", { name: "Revoke now" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  const refused = await request.get(`/api/trpc/accounts.me`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  await page.screenshot({ path: `${SHOTS}/desktop-revoked.png`, fullPage: true });
});

test("[api-tokens]: at phone size, by keyboard: make a read token and revoke it", { tag: "@deep" }, async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, "Phone Scripter");
  const section = await tokenSection(page);
  await section.getByLabel("Token name").focus();
  await page.keyboard.type("pocket results");
  await page.keyboard.press("Tab"); // the scope radios: "Read" is chosen
  await expect(section.getByLabel(/^Read —/)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(section.getByRole("button", { name: "Create token" })).toBeFocused();
  await page.keyboard.press("Enter");
  const shown = section.getByTestId("new-token");
  await expect(shown).toBeVisible();
  const token = await shown.getByLabel("Your new API token").inputValue();
  expect(token).toMatch(TOKEN);
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-token-shown.png` });
  // nothing runs off the side of a phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // a read token may read but not write
  const write = await request.post(`/api/trpc/accounts.updateProfile`, { headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, data: { json: { name: "Changed By Script" } } });
  expect(write.status()).toBe(403);

  await shown.getByRole("button", { name: "I have copied it" }).focus();
  await page.keyboard.press("Enter");
  const row = section.getByTestId("api-token").filter({ hasText: "pocket results" });
  await row.getByRole("button", { name: "Revoke pocket results" }).focus();
  await page.keyboard.press("Enter");
  await row.getByRole("button", { name: "Revoke now" }).focus();
  await page.keyboard.press("Enter");
  await expect(row).toContainText("Revoked");
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-revoked.png` });
  expect((await request.get(`/api/v1/tournaments`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});
