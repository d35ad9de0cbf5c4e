import { expect, type Page } from "./fixtures";
import type { Placement } from "@/engine";

export interface DupViewLite {
  board: Placement[];
  turn: { number: number; rack: string[] } | null;
}

/** The game as the player's own page reads it (board with its blanks, the shared rack). */
export async function viewOf(page: Page, gameId: string): Promise<DupViewLite> {
  const res = await page.request.get(`/api/trpc/duplicate.get?input=${encodeURIComponent(JSON.stringify({ json: { gameId } }))}`);
  expect(res.ok(), `duplicate.get: ${res.status()}`).toBe(true);
  return ((await res.json()) as { result: { data: { json: DupViewLite } } }).result.data.json;
}

/** Tab from wherever the focus is until `pred` (evaluated in the page) holds. */
export async function tabTo(page: Page, pred: string, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(pred)) return;
  }
  throw new Error(`Tab never reached ${pred}`);
}

/**
 * Lay a play on a duplicate player's board by mouse or tap: a rack tile (or one of the supply's,
 * Equate's `=`), then its square. A blank is the rack's "?" tile, its face picked in the dialog
 * once it is on its square. Shared by the duplicate specs.
 */
export async function lay(page: Page, placements: readonly Placement[]) {
  for (const p of placements) {
    const fromRack = page.locator(`[data-testid="rack-tile"][data-face="${p.blank ? "?" : p.tile}"]:not([disabled])`).first();
    if (await fromRack.count()) await fromRack.click();
    else await page.locator(`[data-testid="supply-tile"][data-face="${p.tile}"]`).click();
    await page.getByTestId(`sq-${p.row}-${p.col}`).click();
    if (p.blank) await page.getByTestId("blank-dialog").getByRole("button", { name: `Blank as ${p.tile}`, exact: true }).click();
  }
}
