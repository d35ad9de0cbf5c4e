import type { Page } from "./fixtures";
import type { Placement } from "@/engine";

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
