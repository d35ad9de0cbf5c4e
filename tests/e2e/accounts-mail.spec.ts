/**
 * Accounts with real e-mail: the app sends through a real SMTP server started here (`smtp-server`),
 * on the port playwright.config.ts gives the app as SMTP_URL, and the spec reads each message back.
 */
import { expect, test, type Page } from "./fixtures";
import { linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { PASSWORD, signIn, signOut, signUp, uniqueEmail } from "./helpers";

// the same port as playwright.config.ts's SMTP_URL
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 20000);
const NEW_PASSWORD = "fresh-tiles-77";
const PHONE = { width: 390, height: 844 };
const shots = (name: string) => `test-results/accounts-${name}.png`;

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp(SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

const region = (page: Page, name: string) => page.getByRole("region", { name });

test("[accounts]: I forgot my password: the e-mailed link sets a new one and signs me in; my other session and the old password stop working", { tag: "@deep" }, async ({ page, browser }) => {
  const email = await signUp(page, "Rosa Reset");
  // the same account signed in on another device
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signIn(elsewhere, email);
  await expect(elsewhere.getByTestId("user-name")).toHaveText("Rosa Reset");

  await signOut(page);
  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // the sign-in page has an "E-mail" field too: wait for the new page before filling
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("we have sent it a link");
  await page.screenshot({ path: shots("forgot-desktop") });

  const mail = await smtp.next((m) => m.to.includes(email) && /Reset your/.test(m.subject));
  const link = linkIn(mail, "/reset-password");
  expect(link.startsWith(`http://localhost:${process.env.E2E_PORT ?? 3100}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set my new password" }).click();
  await expect(page.getByText(/at least 10 characters/).first()).toBeVisible();
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.screenshot({ path: shots("reset-desktop") });
  await page.getByRole("button", { name: "Set my new password" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("user-name")).toHaveText("Rosa Reset");

  // the other device's session ended with the reset
  await elsewhere.reload();
  await expect(elsewhere.getByTestId("account").getByRole("link", { name: "Sign in" })).toBeVisible();
  await other.close();

  // the link was single-use
  await page.goto(link);
  await page.getByLabel("New password").fill("another-pass-99");
  await page.getByRole("button", { name: "Set my new password" }).click();
  await expect(page.getByTestId("form-error")).toContainText("expired or has already been used");

  // the old password no longer works; the new one does
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByTestId("form-error")).toHaveText(/do not match an account/);
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByTestId("user-name")).toHaveText("Rosa Reset");
});

test("[accounts]: on a phone, asking for a reset link for an unknown address reads the same as for mine", { tag: "@deep" }, async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/forgot-password");
  const unknown = uniqueEmail("nobody");
  await page.getByLabel("E-mail").fill(unknown);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${unknown}, we have sent it a link`);
  await page.screenshot({ path: shots("forgot-phone") });
});

test("[accounts]: signing up with a taken address gives no hint on the page; its owner gets an e-mail", { tag: "@deep" }, async ({ page, browser }) => {
  const email = await signUp(page, "Olga Owner");
  const other = await browser.newPage();
  await other.goto("/signup");
  await other.getByLabel("Display name").fill("Second");
  await other.getByLabel("E-mail").fill(email);
  await other.getByLabel("Password").fill("another-pass-9");
  await other.getByRole("button", { name: "Sign up" }).click();
  await expect(other.getByTestId("form-error")).toContainText("If this address already has an account, we have e-mailed its owner");
  const notice = await smtp.next((m) => m.to.includes(email) && /tried to create/.test(m.subject));
  expect(notice.text).toContain("/forgot-password");
  await other.close();
});

test("[accounts]: on my profile I change my password (other sessions end), pick the dark theme, download my data and delete my account", { tag: "@deep" }, async ({ page, browser }) => {
  const email = await signUp(page, "Pia Profile");
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signIn(elsewhere, email);
  await expect(elsewhere.getByTestId("user-name")).toHaveText("Pia Profile");

  await page.goto("/profile");
  const password = region(page, "Password");
  await password.getByLabel("Current password").fill("not-my-password-1");
  await password.getByLabel("New password").fill(NEW_PASSWORD);
  await password.getByRole("button", { name: "Change my password" }).click();
  await expect(password.getByText("That is not your current password.")).toBeVisible();
  await password.getByLabel("Current password").fill(PASSWORD);
  await password.getByRole("button", { name: "Change my password" }).click();
  await expect(password.getByRole("status")).toHaveText(/Password changed/);
  await expect(page.getByTestId("user-name")).toHaveText("Pia Profile");
  await elsewhere.reload();
  await expect(elsewhere.getByTestId("account").getByRole("link", { name: "Sign in" })).toBeVisible();
  await other.close();

  // theme: saved at once, applied to the page, kept on reload
  await region(page, "Appearance").getByLabel("Dark").check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(region(page, "Appearance").getByLabel("Dark")).toBeChecked();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shots("profile-dark-desktop"), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: shots("profile-dark-phone") });
  // another page in the dark theme: the board keeps its light squares and tiles
  await page.goto("/judge");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shots("judge-dark-desktop"), fullPage: true });
  await page.goto("/profile");
  await region(page, "Appearance").getByLabel("Follow my device").check();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);

  // notification e-mails
  const notes = region(page, "E-mail me when…");
  await notes.getByLabel("A round is paired (my table and opponent)").check();
  await notes.getByRole("button", { name: "Save my choices" }).click();
  await expect(notes.getByRole("status")).toHaveText("Saved.");

  // the data download
  const [download] = await Promise.all([page.waitForEvent("download"), region(page, "Your data").getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toBe("equalis-my-data.json");
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const data = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  expect(data.account).toMatchObject({ email, name: "Pia Profile", notificationPrefs: { "round-paired": true } });

  // deletion, confirmed by the password and a tick
  const del = region(page, "Delete your account");
  await expect(del.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await del.getByLabel("Password").fill(NEW_PASSWORD);
  await del.getByLabel("I understand: delete my account").check();
  await del.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByTestId("account").getByRole("link", { name: "Sign in" })).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByTestId("form-error")).toHaveText(/do not match an account/);
});

test("[accounts]: I change my e-mail address and confirm it from the link sent to the new one", { tag: "@deep" }, async ({ page }) => {
  const email = await signUp(page, "Ezra Email");
  const moved = uniqueEmail("moved");
  await page.goto("/profile");
  const section = region(page, "E-mail address");
  await section.getByLabel("New e-mail").fill(moved);
  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(section.getByRole("status")).toContainText("Check the new address");
  await smtp.next((m) => m.to.includes(email) && /being changed/.test(m.subject));
  const link = linkIn(await smtp.next((m) => m.to.includes(moved)), "/confirm-email");
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my new address" }).click();
  await expect(page.getByRole("status")).toContainText(moved);
  await page.goto("/profile");
  await expect(page.getByTestId("signed-in-as")).toHaveText(`Signed in as ${moved}`);
});
