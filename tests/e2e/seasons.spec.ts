/**
 * [SEASONS]: a director creates a 12-player season in two divisions by mouse, sees both tables,
 * has the results of the one-round divisions entered (through the API, as the director's result
 * entry would), sees the promotion and relegation zones in words, and creates the next season;
 * then the phone-size page.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes, randomUUID } from "node:crypto";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";
import { api } from "./tournament-setup";

const SHOTS = "test-results/seasons";

/** Twelve accounts, signed up through the API (each from its own address, so no rate limit trips). */
async function twelvePlayers(request: APIRequestContext): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 1; i <= 12; i++) {
    const email = uniqueEmail(`season${i}`);
    const res = await request.post("/api/trpc/accounts.signUp", {
      headers: { "x-forwarded-for": `e2e-${randomUUID()}` },
      data: { json: { email, name: `Player ${String(i).padStart(2, "0")}`, password: PASSWORD } },
    });
    expect(res.ok()).toBeTruthy();
    emails.push(email);
  }
  return emails;
}

async function createSeasonByMouse(page: Page, handle: string) {
  await page.goto(`/clubs/${handle}`);
  await page.getByTestId("club-competitions").getByRole("link", { name: "Create a season" }).click();
  // the club page has Name fields of its own (a club night's): fill only once the form is here
  const form = page.getByRole("form", { name: "New season" });
  await expect(form).toBeVisible();
  await form.getByLabel("Name", { exact: true }).fill("Spring League");
  await page.getByLabel("Format").selectOption("swiss");
  await page.getByLabel("Rounds (Swiss; leave empty for a round robin)").fill("1");
  await page.getByLabel("Division size").fill("6");
  await page.getByLabel("Rank players").selectOption("given");
  // the director is a member too: take them out, leaving the twelve players
  await page.getByTestId("season-players").getByLabel("Director Dee").uncheck();
  await page.getByRole("button", { name: "Create season" }).click();
  await expect(page.getByRole("heading", { name: "Spring League" })).toBeVisible();
  await expect(page.getByTestId("division-1").getByTestId("season-row")).toHaveCount(6);
  await expect(page.getByTestId("division-2").getByTestId("season-row")).toHaveCount(6);
}

/** Round 1 of each division paired, published, every board won by the first-listed player, closed. */
async function playDivisions(page: Page, seasonId: string) {
  const season = await api<{ divisions: { tournamentId: string }[] }>(page, "competitions.season", { competitionId: seasonId }, "query");
  for (const { tournamentId } of season.divisions) {
    const { roundNumber } = await api<{ roundNumber: number }>(page, "tournaments.rounds.pair", { tournamentId });
    await api(page, "tournaments.rounds.publish", { tournamentId, roundNumber });
    const view = await api<{ rounds: { number: number; pairings: { id: string; isBye: boolean; players: { userId: string }[] }[] }[] }>(page, "tournaments.byId", { tournamentId }, "query");
    for (const p of view.rounds.find((r) => r.number === roundNumber)!.pairings.filter((x) => !x.isBye)) {
      const [a, b] = p.players;
      await api(page, "tournaments.enterResult", { tournamentId, pairingId: p.id, scores: { [a!.userId]: 400, [b!.userId]: 300 } });
    }
    await api(page, "tournaments.rounds.close", { tournamentId, roundNumber });
  }
}

test("[SEASONS]: a director creates a season of two divisions, sees the zones and creates the next season", async ({ page, request }) => {
  test.setTimeout(60_000);
  const emails = await twelvePlayers(request);
  await signUp(page, "Director Dee", uniqueEmail("dee"));
  const handle = `seasons-${randomBytes(3).toString("hex")}`;
  const club = await api<{ id: string }>(page, "clubs.create", { handle, name: "Season Club" });
  await api(page, "clubs.bulkAdd", { clubId: club.id, emails: emails.join("\n") });

  await createSeasonByMouse(page, handle);
  const seasonId = page.url().split("/").at(-1)!;
  await playDivisions(page, seasonId);
  await page.reload();
  await expect(page.getByTestId("division-2").getByTestId("zone").filter({ hasText: "↑ promotion" })).toHaveCount(2);
  await expect(page.getByTestId("division-1").getByTestId("zone").filter({ hasText: "↓ relegation" })).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/season-desktop.png`, fullPage: true });

  await page.getByLabel("Next season's name").fill("Autumn League");
  await page.getByRole("button", { name: "Create next season" }).click();
  await expect(page.getByRole("heading", { name: "Autumn League" })).toBeVisible();
  // shared 1st place (one round, equal spreads): both who came up say so
  await expect(page.getByTestId("division-1").getByText(/up from Division 2, placed 1st of 6/)).toHaveCount(2);
  await page.getByRole("link", { name: "Season Club" }).click();
  await expect(page.getByTestId("club-competitions").getByRole("link", { name: "Autumn League" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/competitions/season/${seasonId}`);
  await expect(page.getByTestId("division-1")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/season-phone.png`, fullPage: true });
});
