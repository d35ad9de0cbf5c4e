/** Where the zoomed board opens (app/_components/board/zoom.ts): pure maths, no browser. */
import { describe, expect, it } from "vitest";
import { centredScroll, unionBox } from "@/app/_components/board/zoom";

describe("zoomed board: where it opens", () => {
  const view = { width: 358, height: 358 };
  const content = { width: 19 * 34 + 24, height: 19 * 34 + 20 };

  it("centres the target in the window", () => {
    // J10 on a 19×19 board of 34 px squares after a 20 px coordinate column and header
    const j10 = { left: 20 + 9 * 34, top: 16 + 9 * 34, right: 20 + 10 * 34, bottom: 16 + 10 * 34 };
    const to = centredScroll(j10, view, content);
    expect(to.left + view.width / 2).toBeCloseTo((j10.left + j10.right) / 2, 0);
    expect(to.top + view.height / 2).toBeCloseTo((j10.top + j10.bottom) / 2, 0);
  });

  it("clamps at the edges: A1 stays at 0, the far corner at the most the window can scroll", () => {
    expect(centredScroll({ left: 20, top: 16, right: 54, bottom: 50 }, view, content)).toEqual({ left: 0, top: 0 });
    const far = { left: content.width - 34, top: content.height - 34, right: content.width, bottom: content.height };
    expect(centredScroll(far, view, content)).toEqual({ left: content.width - view.width, top: content.height - view.height });
    // a window larger than the content does not scroll
    expect(centredScroll(far, { width: 2000, height: 2000 }, content)).toEqual({ left: 0, top: 0 });
  });

  it("a play's squares are one box", () => {
    expect(unionBox([])).toBeNull();
    expect(unionBox([{ left: 1, top: 5, right: 3, bottom: 7 }, { left: 2, top: 1, right: 9, bottom: 4 }])).toEqual({ left: 1, top: 1, right: 9, bottom: 7 });
  });
});
