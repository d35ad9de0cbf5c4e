import { expect, test } from "./fixtures";
import { signIn, signOut, signUp, signUpByForm } from "./helpers";

test("[accounts]: sign up, sign out, sign in again and see my name", async ({ page }) => {
  const email = await signUpByForm(page, "Ada Lovelace");
  await signOut(page);
  await expect(page.getByTestId("user-name")).toHaveCount(0);
  await signIn(page, email);
  await expect(page.getByTestId("user-name")).toHaveText("Ada Lovelace");
});

test("[accounts]: a wrong password shows a clear error", async ({ page }) => {
  const email = await signUp(page, "Grace Hopper");
  await signOut(page);
  await signIn(page, email, "not-the-password-1");
  await expect(page.getByTestId("form-error")).toHaveText(/do not match an account/);
  await expect(page.getByTestId("user-name")).toHaveCount(0);
});

test("[accounts]: bad sign-up input gets inline messages, never a stack trace", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Display name").fill("X");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(page.getByText(/at least 10 characters/)).toBeVisible();
  await expect(page.getByText(/at least 2 characters/)).toBeVisible();
  await expect(page.locator("body")).not.toContainText("at Object");
});

test("[shell]: an unknown address shows the 404 page", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("This page is not on the board")).toBeVisible();
});
