import { expect, test, type Page } from "./fixtures";
import { randomBytes } from "node:crypto";
import { adjudicate, bestPlaysAt, formatPosition, getRuleset, playLinesText, squares, type Placement } from "@/engine";
import { signUp, uniqueEmail } from "./helpers";
import { findOpeningPlay } from "../integration/matches.helpers";

/** Calls a tRPC procedure over HTTP as the page's signed-in user (superjson envelope). */
async function api<T>(page: Page, path: string, input: unknown, kind: "mutation" | "query" = "mutation"): Promise<T> {
  const res =
    kind === "mutation"
      ? await page.request.post(`/api/trpc/${path}`, { data: { json: input } })
      : await page.request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = await res.json();
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.result.data.json as T;
}

test("[judge]: a tournament judge loads a match position, rules 4-6+7=5 invalid, records it, and it shows on the match page", { tag: "@deep" }, async ({ page, browser }) => {
  // A director sets up a tournament with two players and a judge, pairs round 1 and starts its game.
  const dirCtx = await browser.newContext();
  const dir = await dirCtx.newPage();
  await signUp(dir, "Dora Director");
  const p1Email = uniqueEmail("paula");
  const p2Email = uniqueEmail("quentin");
  const judgeEmail = uniqueEmail("judge");
  const playerPages = new Map<string, Page>();
  for (const [name, email] of [["Paula Player", p1Email], ["Quentin Player", p2Email]] as const) {
    const ctx = await browser.newContext();
    const pp = await ctx.newPage();
    await signUp(pp, name, email);
    playerPages.set(name, pp);
  }
  await signUp(page, "Jules Judge", judgeEmail);

  const club = await api<{ id: string }>(dir, "clubs.create", { handle: `judged-${randomBytes(3).toString("hex")}`, name: "Judged Club" });
  const t = await api<{ id: string }>(dir, "tournaments.create", { clubId: club.id, name: "Judged Open", startsAt: new Date().toISOString(), ruleset: "equate", rounds: 1 });
  await api(dir, "tournaments.players.add", { tournamentId: t.id, emails: `${p1Email}\n${p2Email}`, checkIn: true });
  await api(dir, "tournaments.staff.add", { tournamentId: t.id, email: judgeEmail, role: "judge" });
  const { roundNumber } = await api<{ roundNumber: number }>(dir, "tournaments.rounds.pair", { tournamentId: t.id });
  await api(dir, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber });
  const overview = await api<{ rounds: { pairings: { id: string; isBye: boolean }[] }[] }>(dir, "tournaments.byId", { tournamentId: t.id }, "query");
  const pairing = overview.rounds[0].pairings.find((p) => !p.isBye)!;
  const { matchId } = await api<{ matchId: string }>(dir, "matches.createFromPairing", { pairingId: pairing.id });

  // The players move until one has played an opening (a rack without one exchanges a tile), so
  // the play's number on the scoresheet is not simply its turn.
  type View = { version: number; players: { name: string }[]; game: { turn: number; rack: string[] | null } };
  for (let played = false, turns = 0; !played && turns < 6; turns++) {
    const seen = await api<View>(dir, "matches.get", { matchId }, "query");
    const mover = playerPages.get(seen.players[seen.game.turn]!.name)!;
    const v = await api<View>(mover, "matches.get", { matchId }, "query");
    const opening = findOpeningPlay(v.game.rack!);
    const action = opening ? { type: "play", placements: opening.placements } : { type: "exchange", tiles: [v.game.rack![0]] };
    await api(mover, "matches.move", { matchId, expectedSeq: v.version, clientId: randomBytes(8).toString("hex"), action });
    played = opening !== null;
  }
  // The play's number on the scoresheet (its # column) is the number the judge types.
  await page.goto(`/play/${matchId}`);
  const playRow = page.getByTestId("scoresheet").locator('[data-testid="sheet-row"][data-type="play"]');
  await expect(playRow).toHaveCount(1);
  const playNumber = (await playRow.locator("td").first().textContent())!;
  const playTiles = await api<{ game: { board: Placement[] } }>(dir, "matches.get", { matchId }, "query").then((v) => v.game.board);

  // The judge opens the desk from the header and loads the game at that move.
  const started = Date.now();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Judge", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Judge's desk" })).toBeVisible();
  await page.getByLabel("Match id", { exact: true }).fill(matchId);
  await page.getByLabel("Move number", { exact: true }).fill(playNumber);
  await page.getByRole("button", { name: "Load match position" }).click();
  await expect(page.getByTestId("setup-note")).toContainText(`Loaded the board before move ${playNumber} of the scoresheet`);
  // that move's play is the disputed play (new tiles), on an empty board
  await expect(page.getByText(`0 position tile(s), ${playTiles.length} new`)).toBeVisible();
  for (const t of playTiles) await expect(page.locator(`[data-square="${squares.name(t.row, t.col)}"]`)).toHaveAccessibleName(/\(new\)$/);

  // Opened from a link with the match and move (as a New York judge would: the server renders in
  // its own zone, the browser in New York), the page hydrates without an error.
  const nyCtx = await browser.newContext({ timezoneId: "America/New_York" });
  const ny = await nyCtx.newPage();
  const consoleErrors: string[] = [];
  ny.on("console", (m) => void (m.type() === "error" && consoleErrors.push(m.text())));
  ny.on("pageerror", (e) => void consoleErrors.push(e.message));
  await ny.goto(`/judge?match=${matchId}&move=${playNumber}`);
  await expect(ny.getByTestId("setup-note")).toContainText(`before move ${playNumber} of the scoresheet`);
  await expect(ny.getByLabel("Move number", { exact: true })).toHaveValue(playNumber);
  expect(consoleErrors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
  await nyCtx.close();

  // The disputed play, typed from its start square.
  await page.getByLabel("Play", { exact: true }).fill("4-6+7=5");
  await page.getByLabel("Start square").fill("F10");
  await page.getByRole("button", { name: "Place play" }).click();
  await expect(page.locator('[data-square="F10"]')).toHaveAccessibleName("F10: 4 (new)");
  await page.getByRole("button", { name: "Get ruling" }).click();

  await expect(page.getByTestId("verdict")).toHaveText(/Invalid play/);
  const negative = page.getByTestId("violation").filter({ hasText: "NEGATIVE" });
  await expect(negative).toContainText("4 − 6 = −2");
  await expect(negative).toContainText("No negative value anywhere");
  await expect(page.getByTestId("line").first()).toContainText("4-6+7=5");

  // Recorded with the game.
  await page.getByLabel("Requested by").fill("Quentin Player");
  await page.getByLabel("Note").fill("Quentin challenged the play.");
  await page.getByRole("button", { name: "Record ruling" }).click();
  await expect(page.getByTestId("recorded")).toContainText("Ruling recorded.");
  expect(Date.now() - started).toBeLessThan(60_000); // a dispute settled in under a minute

  await page.getByRole("link", { name: "See it on the match page" }).click();
  await expect(page).toHaveURL(new RegExp(`/play/${matchId}$`));
  const rulings = page.getByTestId("match-rulings");
  await expect(rulings.getByTestId("recorded-ruling")).toHaveCount(1);
  await expect(rulings).toContainText("Invalid");
  await expect(rulings).toContainText("NEGATIVE");
  await expect(rulings).toContainText("4 − 6 = −2");
  await expect(rulings).toContainText("Asked by Quentin Player");
  await expect(rulings).toContainText("ruled by Jules Judge");

  // The director sees every ruling of the tournament.
  await dir.goto(`/judge/rulings?tournament=${t.id}`);
  await expect(dir.getByTestId("tournament-rulings")).toContainText("Judged Open");
  await expect(dir.getByTestId("recorded-ruling")).toContainText("NEGATIVE");
  await dirCtx.close();
  for (const pp of playerPages.values()) await pp.context().close();
});

test("[judge]: a visitor without an account pastes a position, clicks a play onto the board and reads the score breakdown", { tag: "@deep" }, async ({ page }) => {
  const board = [
    { row: 9, col: 9, tile: "7" },
    { row: 9, col: 10, tile: "=" },
    { row: 9, col: 11, tile: "7" },
  ];
  const notation = formatPosition({ ruleset: "equate", board, racks: [["=", "7"], 9], scores: [0, 0], turn: 0, bag: 80 });
  const expected = adjudicate({ ruleset: "equate", board, play: [{ row: 10, col: 9, tile: "=" }, { row: 11, col: 9, tile: "7" }] });
  expect(expected.valid).toBe(true);

  await page.goto("/judge");
  await page.getByLabel("Position notation").fill(notation);
  await page.getByRole("button", { name: "Load notation" }).click();
  await expect(page.getByTestId("setup-note")).toContainText("3 tiles");
  await expect(page.locator('[data-square="J10"]')).toHaveAccessibleName("J10: 7");

  await page.getByRole("button", { name: "Tile =", exact: true }).click();
  await page.locator('[data-square="J11"]').click();
  await page.getByRole("button", { name: "Tile 7", exact: true }).click();
  await page.locator('[data-square="J12"]').click();
  await page.getByRole("button", { name: "Get ruling" }).click();

  await expect(page.getByTestId("verdict")).toHaveText(`Valid play — ${expected.score} points`);
  await expect(page.getByTestId("breakdown")).toContainText(`Total: ${expected.score}`);
  await expect(page.getByTestId("sign-in-to-record")).toContainText("to record this ruling with a game");

  // "Best play here" names each play by the whole line it makes on the board (7=7 and more), not
  // its new tiles alone ("=7 from J11")
  const rs = getRuleset("equate");
  const top = bestPlaysAt(rs, board, ["=", "7"], { top: 5 }).plays[0]!;
  const line = playLinesText(rs, board, top.placements);
  expect(line).toMatch(/^\S*7=7\S* at [A-Z]\d+ (across|down)/);
  await page.getByRole("button", { name: "Best play here" }).click();
  await expect(page.getByTestId("best-here-plays").locator("li").first()).toHaveText(`${line} — ${top.score}`);
  // clicked, the play is drawn on the board; clicked again, it goes
  const first = top.placements[0]!;
  const bestSquare = page.locator(`[data-square="${squares.name(first.row, first.col)}"]`);
  await page.getByTestId("best-here-plays").getByRole("button").first().click();
  await expect(page.getByTestId("best-here-plays").getByRole("button").first()).toHaveAttribute("aria-pressed", "true");
  await expect(bestSquare).toHaveAccessibleName(`${squares.name(first.row, first.col)}: ${first.tile} (best play)`);
  if (process.env.JUDGE_SHOTS) await page.getByTestId("judge-board").screenshot({ path: `${process.env.JUDGE_SHOTS}/best-here-drawn.png` });
  await page.getByTestId("best-here-plays").getByRole("button").first().click();
  await expect(bestSquare).not.toHaveAccessibleName(/best play/);

  // A wrong tile is removed and replaced: the ruling follows.
  await page.getByRole("button", { name: "Remove" }).click();
  await page.locator('[data-square="J12"]').click();
  await page.getByRole("button", { name: "Tile 8", exact: true }).click();
  await page.locator('[data-square="J12"]').click();
  await page.getByRole("button", { name: "Get ruling" }).click();
  await expect(page.getByTestId("verdict")).toHaveText(/Invalid play/);
  await expect(page.getByTestId("violation").filter({ hasText: "NOT_EQUAL" })).toBeVisible();

  // Typed tiles go to the selected layer: with "Position tiles" selected they join the position.
  await page.getByLabel("Position tiles").check();
  await page.getByLabel("Play", { exact: true }).fill("3=3");
  await page.getByLabel("Start square").fill("A1");
  await page.getByRole("button", { name: "Place play" }).click();
  await expect(page.locator('[data-square="A1"]')).toHaveAccessibleName("A1: 3");
  await expect(page.getByText("6 position tile(s), 2 new")).toBeVisible();
  await page.getByLabel("Disputed play (new)").check();

  // Number Scrabble reads left to right: 2+3×4=20 across the star (a double-equation square) adds
  // the value bonus ⌈√20⌉ = 5 before the ×2, and the "Lines formed" row says what the headline says
  await page.getByLabel("Position notation").fill(formatPosition({ ruleset: "number-scrabble", board: [], racks: [[], []], scores: [0, 0], turn: 0, bag: 80 }));
  await page.getByRole("button", { name: "Load notation" }).click();
  const play = (text: string) => [...text].map((tile, i) => ({ row: 7, col: 4 + i, tile }));
  const ns = adjudicate({ ruleset: "number-scrabble", board: [], play: play("2+3×4=20") });
  expect(ns.valid).toBe(true);
  await page.getByLabel("Play", { exact: true }).fill("2+3×4=20");
  await page.getByLabel("Start square").fill("E8");
  await page.getByRole("button", { name: "Place play" }).click();
  await page.getByRole("button", { name: "Get ruling" }).click();
  await expect(page.getByTestId("verdict")).toHaveText(`Valid play — ${ns.score} points`);
  await expect(page.getByTestId("line").first().locator("td").last()).toHaveText(String(ns.score));
  await expect(page.getByTestId("breakdown")).toContainText("+ value bonus ⌈√20⌉ = 5) × 2");
  await expect(page.getByTestId("breakdown")).not.toContainText("Value bonus");
  if (process.env.JUDGE_SHOTS) await page.getByTestId("ruling").screenshot({ path: `${process.env.JUDGE_SHOTS}/number-scrabble-ruling.png` });
  // 2+3×4=14: the ruling says the game reads strictly left to right
  await page.getByLabel("Play", { exact: true }).fill("2+3×4=14");
  await page.getByRole("button", { name: "Place play" }).click();
  await page.getByRole("button", { name: "Get ruling" }).click();
  await expect(page.getByTestId("violation").filter({ hasText: "NOT_EQUAL" })).toContainText("Number Scrabble reads strictly left to right");
  await expect(page.getByTestId("violation").filter({ hasText: "NOT_EQUAL" })).toContainText("2 + 3 = 5, then 5 × 4 = 20");
});

test("[judge]: a judge sets the line of a pasted 'SMATH position's bracket tile, with the mouse and the keyboard, after the engine says it guessed", { tag: "@deep" }, async ({ page }) => {
  // (2+3)=5 down column H, crossed across by the longer 1+2×3=7 through the 3) tile; no owners given
  const board = [
    ...["(2", "+", "3)", "=", "5"].map((tile, i) => ({ row: 3 + i, col: 7, tile })),
    ...["1", "+", "2", "×", "=", "7"].map((tile, i) => ({ row: 5, col: i < 4 ? 3 + i : 4 + i, tile })),
  ];
  const notation = formatPosition({ ruleset: "smath", board, racks: [[], []], scores: [0, 0], turn: 0, bag: 0 });

  await page.goto("/judge");
  await page.getByLabel("Position notation").fill(notation);
  await page.getByRole("button", { name: "Load notation" }).click();
  await expect(page.getByTestId("setup-note")).toContainText("11 tiles");
  await page.getByLabel("Play", { exact: true }).fill("=10÷2");
  await page.getByLabel("Start square").fill("H9");
  await page.getByLabel("Direction").selectOption("down");
  await page.getByRole("button", { name: "Place play" }).click();
  await expect(page.locator('[data-square="H10"]')).toHaveAccessibleName("H10: 10 (new)");

  // The engine guesses the longer (across) line for 3) and says so; the down line does not read.
  const owners = page.getByTestId("bracket-owners");
  const three = owners.getByRole("radiogroup", { name: "Brackets of 3) on H6" });
  await expect(three.getByRole("radio", { name: "guess" })).toBeChecked();
  await expect(owners.getByRole("radiogroup")).toHaveCount(2); // (2 and 3)
  await page.getByRole("button", { name: "Get ruling" }).click();
  await expect(page.getByTestId("verdict")).toHaveText(/Invalid play/);
  await expect(page.getByTestId("ruling-notes")).toContainText("The engine had to guess");
  await expect(page.getByTestId("ruling-note")).toHaveText("3) on H6: the request does not say which line its brackets were played in; guessed across, the longer of its two lines (H6)");

  // Mouse: the brackets of 3) were played down.
  await three.getByText("down", { exact: true }).click();
  await expect(three.getByRole("radio", { name: "down" })).toBeChecked();
  await expect(page.getByTestId("request-json")).toContainText(`{"row":5,"col":7,"tile":"3)","brackets":"down"}`);
  await page.getByRole("button", { name: "Get ruling" }).click();
  await expect(page.getByTestId("verdict")).toHaveText(/^Valid play — \d+ points$/);
  await expect(page.getByTestId("line").first()).toContainText("(2+3)=5=10÷2");
  await expect(page.getByTestId("ruling-notes")).toHaveCount(0);

  // Keyboard: arrow keys move the choice within the group; the ruling follows.
  await three.getByRole("radio", { name: "down" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(three.getByRole("radio", { name: "across" })).toBeChecked();
  await expect(three.getByRole("radio", { name: "across" })).toBeFocused();
  await page.getByRole("button", { name: "Get ruling" }).click();
  await expect(page.getByTestId("verdict")).toHaveText(/Invalid play/);
  await expect(page.getByTestId("ruling-notes")).toHaveCount(0); // told, not guessed
  await three.getByRole("radio", { name: "across" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(three.getByRole("radio", { name: "down" })).toBeChecked();
  await page.getByRole("button", { name: "Get ruling" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("verdict")).toHaveText(/^Valid play/);
});
