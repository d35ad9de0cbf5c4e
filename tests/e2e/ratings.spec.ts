import { expect, test, type APIRequestContext, type Locator } from "./fixtures";
import { randomBytes } from "node:crypto";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";

/** Calls a tRPC mutation over HTTP (superjson envelope) with the cookies of `request`. */
async function trpc<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data.json as T;
}

test("[ratings]: a director's result rates both players; the leaderboard, player page and club board show it", { tag: "@deep" }, async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(2).toString("hex");
  const winner = `Rhea Win ${tag}`;
  const loser = `Rhea Lose ${tag}`;
  const anon = await playwright.request.newContext({ baseURL });
  const players = await Promise.all(
    [winner, loser].map(async (name) => {
      const email = uniqueEmail("rhea");
      await trpc(anon, "accounts.signUp", { email, name, password: PASSWORD });
      return { email, name };
    }),
  );
  await anon.dispose();

  // A director runs a one-round rated Equate event with the two players.
  await signUp(page, `Dora Director ${tag}`);
  const handle = `rated-${tag}-${randomBytes(2).toString("hex")}`;
  const club = await trpc<{ id: string }>(page.request, "clubs.create", { handle, name: `Rated Club ${tag}` });
  await trpc(page.request, "clubs.bulkAdd", { clubId: club.id, emails: players.map((p) => p.email).join("\n") });
  await page.goto("/tournaments");
  await page.getByRole("link", { name: "Create a tournament" }).click();
  await page.getByLabel("Name").fill("Rated Night");
  await page.getByLabel("Format").selectOption("swiss");
  await page.getByLabel("Rounds (Swiss / King of the Hill)").fill("1");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { name: "Rated Night: director's dashboard" })).toBeVisible();
  await page.getByLabel(/Add players by e-mail/).fill(players.map((p) => p.email).join("\n"));
  await page.getByRole("button", { name: "Add players" }).click();
  await page.getByRole("button", { name: "Check in everyone" }).click();
  await expect(page.getByTestId("entry-status").filter({ hasText: "checked-in" })).toHaveCount(2);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await page.getByRole("button", { name: "Publish round 1" }).click();
  const row = page.getByTestId("results-round-1").getByTestId("result-row").first();
  // Entered the wrong way round first (rated at once), then corrected from the keyboard: every
  // rating below is the corrected one, re-rated in the correction's transaction.
  await row.getByLabel(`Score for ${winner}`).fill("377");
  await row.getByLabel(`Score for ${loser}`).fill("412");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByTestId("saved")).toBeVisible();
  const winnerFirst = (await row.getByTestId("first-player").textContent()) === winner;
  await page.locator("#result-line-1").focus();
  await page.keyboard.type(winnerFirst ? "1 412 377" : "1 377 412");
  await page.keyboard.press("Enter");
  // the table has a result: the desk shows it and asks before replacing it (Enter confirms)
  await expect(page.getByTestId("overwrite-confirm")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("overwrite-confirm")).toBeHidden();
  await expect(page.getByTestId("entry-said").locator("li").first()).toContainText("Table 1 corrected");

  // The global leaderboard: both players, winner first, both provisional after one game.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Ratings" }).click();
  await expect(page.getByRole("heading", { name: "Ratings" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Equate" })).toHaveAttribute("aria-selected", "true");
  const board = page.getByTestId("leaderboard");
  const winRow = board.getByTestId("leaderboard-row").filter({ hasText: winner });
  const loseRow = board.getByTestId("leaderboard-row").filter({ hasText: loser });
  await expect(winRow).toBeVisible();
  await expect(winRow.getByTestId("provisional")).toBeVisible();
  const rankOf = async (r: typeof winRow) => Number(await r.locator("td").first().textContent());
  expect(await rankOf(winRow)).toBeLessThan(await rankOf(loseRow));
  const winRating = Number((await winRow.locator("td").nth(2).textContent())!.replace("?", ""));
  expect(winRating).toBeGreaterThan(1500);

  // Filters: nobody has two games yet; another game has no ratings.
  await page.getByLabel("Minimum games").fill("2");
  await expect(board.getByTestId("leaderboard-row").filter({ hasText: winner })).toHaveCount(0);
  await page.getByLabel("Minimum games").fill("0");
  await page.getByRole("tab", { name: "'SMATH" }).click();
  await expect(board.getByTestId("leaderboard-row").filter({ hasText: winner })).toHaveCount(0);
  await page.getByRole("tab", { name: "Equate" }).click();

  // The player page: ratings per game, history chart and the game against the loser.
  await board.getByRole("link", { name: winner }).click();
  await expect(page.getByTestId("player-name")).toHaveText(winner);
  await expect(page.getByTestId("player-clubs")).toContainText(`Rated Club ${tag}`);
  await expect(page.getByTestId("rating-equate")).toContainText(String(winRating));
  await expect(page.getByTestId("rating-equate")).toContainText("1 rated game");
  // A game never played shows the rating seeding uses, provisional: one presentation everywhere.
  await expect(page.getByTestId("rating-smath")).toContainText("1500?");
  await expect(page.getByTestId("rating-smath")).toContainText("no rated games yet");
  await expect(page.getByTestId("recomputing")).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/ratings-player-page-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId("rating-chart")).toHaveCount(1);
  const recent = page.getByTestId("recent-game");
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText(loser);
  await expect(recent).toContainText("Win");
  // Score and Result read apart ("412  Win", not "412Win"; the headers too): a visible gap between
  // the right-aligned score and the result beside it.
  const gapAfterScore = (row: Locator) =>
    row.evaluate((tr) => {
      const [score, result] = [tr.children[3]!, tr.children[4]!].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect();
      });
      return result!.left - score!.right;
    });
  expect(await gapAfterScore(page.getByTestId("recent-games").locator("thead tr"))).toBeGreaterThanOrEqual(8);
  expect(await gapAfterScore(recent)).toBeGreaterThanOrEqual(8);
  await page.getByTestId("recent-games").screenshot({ path: test.info().outputPath("player-recent-games.png") });

  // The club page's leaderboard ranks its members the same way; names link to player pages.
  await page.goto(`/clubs/${handle}`);
  const clubBoard = page.getByTestId("leaderboard").getByTestId("leaderboard-row");
  await expect(clubBoard).toHaveCount(2);
  await expect(clubBoard.first()).toContainText(winner);
  await page.getByTestId("members").getByRole("link", { name: loser }).click();
  await expect(page.getByTestId("player-name")).toHaveText(loser);
  await expect(page.getByTestId("recent-game")).toContainText("Loss");
});
