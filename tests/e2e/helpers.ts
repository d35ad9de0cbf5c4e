/** Shared steps for e2e specs. */
import { expect, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";

export const PASSWORD = "tiles-and-42";

export function uniqueEmail(prefix = "player"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.test`;
}

/** Signs up through the form and waits until the header shows the name (the form's own specs: accounts.spec.ts). */
export async function signUpByForm(page: Page, name: string, email = uniqueEmail()): Promise<string> {
  await page.goto("/signup");
  await page.getByLabel("Display name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByTestId("user-name")).toHaveText(name);
  return email;
}

/**
 * A signed-in new account for a spec about something else: `accounts.signUp` and Auth.js's
 * credentials callback over HTTP in the page's cookie jar (what the form's script sends), then the
 * home page with the name in its header — where signUpByForm ends, without loading, hydrating and
 * filling the form (a few seconds a sign-up on a busy machine, ~50 sign-ups a run).
 */
export async function signUp(page: Page, name: string, email = uniqueEmail()): Promise<string> {
  const up = await page.request.post("/api/trpc/accounts.signUp", { data: { json: { email, name, password: PASSWORD } } });
  expect(up.ok(), `accounts.signUp: ${up.status()} ${await up.text()}`).toBe(true);
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: PASSWORD }, headers: { "x-auth-return-redirect": "1" } });
  const { url } = (await res.json()) as { url: string };
  expect(new URL(url).searchParams.get("code"), "sign-in refused").toBeNull();
  await page.goto("/");
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
