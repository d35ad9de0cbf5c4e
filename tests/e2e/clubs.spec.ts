import { expect, test } from "./fixtures";
import { randomBytes } from "node:crypto";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";

test("[clubs]: an owner creates a club, invites a player who becomes director, and a join request is approved", { tag: "@deep" }, async ({ page, browser }) => {
  const handle = `sums-${randomBytes(3).toString("hex")}`;

  // 1. The owner creates a public club.
  await signUp(page, "Olive Owner");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clubs", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Clubs" })).toBeVisible();
  await page.getByRole("link", { name: "Create a club" }).click();
  await page.getByLabel("Club name").fill("Sums & Squares");
  await page.getByLabel("Handle").fill(handle);
  await page.getByLabel("Location").fill("Lyon");
  await page.getByLabel("Default game").selectOption("smath");
  await page.getByRole("button", { name: "Create club" }).click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${handle}$`));
  await expect(page.getByRole("heading", { name: "Sums & Squares" })).toBeVisible();
  await expect(page.getByTestId("my-role")).toHaveText("You are an owner");
  await expect(page.getByTestId("upcoming-tournaments")).toContainText("No tournaments yet");

  // A second club with the same handle is refused inline.
  await page.goto("/clubs/new");
  await page.getByLabel("Club name").fill("Copycat Club");
  await page.getByLabel("Handle").fill(handle);
  await page.getByRole("button", { name: "Create club" }).click();
  await expect(page.getByText(/is taken; please choose another/)).toBeVisible();

  // 2. The owner makes an invite link.
  await page.goto(`/clubs/${handle}/settings`);
  await page.getByRole("button", { name: "Create invite link" }).click();
  const link = (await page.getByTestId("invite-link").first().textContent())!.trim();
  expect(link).toMatch(/\/clubs\/join\/[a-z0-9]{12}$/);

  // 3. A second player, new to the site, opens the link, creates an account from it and lands
  // back on the invite, which joins them.
  const ctx2 = await browser.newContext();
  const page2 = await ctx2.newPage();
  await page2.goto(link);
  await page2.getByRole("link", { name: "create an account" }).click();
  await expect(page2).toHaveURL(/\/signup\?next=%2Fclubs%2Fjoin%2F[a-z0-9]{12}$/);
  await page2.getByLabel("Display name").fill("Dana Director");
  await page2.getByLabel("E-mail").fill(uniqueEmail("dana"));
  await page2.getByLabel("Password").fill(PASSWORD);
  await page2.getByRole("button", { name: "Sign up" }).click();
  await expect(page2).toHaveURL(link);
  await expect(page2.getByTestId("join-result")).toHaveText("You joined Sums & Squares. Welcome!");
  await expect(page2.getByTestId("user-name")).toHaveText("Dana Director");
  await page2.getByRole("link", { name: "Go to Sums & Squares" }).click();
  await expect(page2.getByTestId("my-role")).toHaveText("You are a member");

  // 4. The owner promotes them to director.
  await page.reload();
  await page.getByLabel("Role of Dana Director").selectOption("director");
  await expect(page.getByText("Role saved.")).toBeVisible();
  await page.goto(`/clubs/${handle}`);
  await expect(page.getByTestId("member-row").filter({ hasText: "Dana Director" })).toContainText("Director");

  // 5. A third player finds the club in the directory and asks to join.
  const ctx3 = await browser.newContext();
  const page3 = await ctx3.newPage();
  await signUp(page3, "Remy Requester");
  await page3.goto("/clubs");
  await page3.getByLabel("Search clubs").fill("squares");
  await page3.getByRole("link", { name: "Sums & Squares" }).click();
  await page3.getByRole("button", { name: "Request to join" }).click();
  await expect(page3.getByText(/Request pending/)).toBeVisible();

  // 6. The new director approves the request.
  await page2.reload();
  await expect(page2.getByTestId("my-role")).toHaveText("You are a director");
  await page2.getByRole("link", { name: "Settings" }).click();
  const row = page2.getByTestId("join-request-row").filter({ hasText: "Remy Requester" });
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page2.getByText("No pending requests.")).toBeVisible();

  // 7. The third player is now a member, and sees the club under "My clubs".
  await page3.reload();
  await expect(page3.getByTestId("my-role")).toHaveText("You are a member");
  await page3.getByRole("link", { name: "My clubs" }).click();
  await expect(page3.getByTestId("my-clubs")).toContainText("Sums & Squares");
  await expect(page3.getByTestId("my-clubs")).toContainText("Member");

  // 8. Calendars: the club page offers its events feed; the profile, a private feed of one's own.
  await page3.goto(`/clubs/${handle}`);
  await expect(page3.getByRole("link", { name: "Subscribe to the club's events" })).toHaveAttribute("href", new RegExp(`^webcal://.+/clubs/${handle}/calendar\\.ics$`));
  const clubFeed = await page3.request.get(`/clubs/${handle}/calendar.ics`);
  expect(clubFeed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await clubFeed.text()).toContain("BEGIN:VCALENDAR");
  await page3.goto("/profile");
  const mine = page3.getByRole("region", { name: "Calendar" }).getByRole("link", { name: "download .ics" });
  const feed = await page3.request.get((await mine.getAttribute("href"))!);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("X-WR-CALNAME:Remy Requester");

  await ctx2.close();
  await ctx3.close();
});

test("[clubs]: a signed-out visitor sees the directory but must sign in to create a club", { tag: "@deep" }, async ({ page }) => {
  await page.goto("/clubs");
  await expect(page.getByRole("heading", { name: "Clubs" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a club" })).toHaveCount(0);
  await page.goto("/clubs/new");
  await expect(page.getByRole("link", { name: "sign in", exact: true })).toHaveAttribute("href", "/signin?next=%2Fclubs%2Fnew");
  await page.goto("/clubs/no-such-club-here");
  await expect(page.getByRole("heading", { name: "Club not found" })).toBeVisible();
});
