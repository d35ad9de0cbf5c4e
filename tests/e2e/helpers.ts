/** Shared steps for e2e specs. */
import { expect, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";

export const PASSWORD = "tiles-and-42";

export function uniqueEmail(prefix = "player"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.test`;
}

/** Signs up through the form and waits until the header shows the name. */
export async function signUp(page: Page, name: string, email = uniqueEmail()): Promise<string> {
  await page.goto("/signup");
  await page.getByLabel("Display name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByTestId("user-name")).toHaveText(name);
  return email;
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  // The header's own link: pages may show other "Sign in" links while the sign-out is in flight.
  await expect(page.getByTestId("account").getByRole("link", { name: "Sign in" })).toBeVisible();
}
