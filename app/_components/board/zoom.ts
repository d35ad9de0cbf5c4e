/**
 * Where the zoomed board (a phone's scrolling window of 34 px squares) opens: centred on the
 * squares that matter — the last play on the board, else the start square — not at A1. Pure
 * maths over measured boxes, so the page measures and this decides.
 */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The union of the boxes (null for none). */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  return boxes.reduce((u, b) => ({ left: Math.min(u.left, b.left), top: Math.min(u.top, b.top), right: Math.max(u.right, b.right), bottom: Math.max(u.bottom, b.bottom) }));
}

/**
 * The scroll offsets that centre `target` (in the content's coordinates, i.e. relative to the
 * scrolled content's top-left corner) in a window of `view` size, clamped to what can scroll.
 */
export function centredScroll(target: Box, view: { width: number; height: number }, content: { width: number; height: number }): { left: number; top: number } {
  const clamp = (v: number, max: number) => Math.round(Math.max(0, Math.min(Math.max(0, max), v)));
  return {
    left: clamp((target.left + target.right) / 2 - view.width / 2, content.width - view.width),
    top: clamp((target.top + target.bottom) / 2 - view.height / 2, content.height - view.height),
  };
}

/** Scroll `win` so the squares `[row, col]` of the board inside it sit in its middle. */
export function centreOnSquares(win: HTMLElement, cells: readonly { row: number; col: number }[]): void {
  const origin = win.getBoundingClientRect();
  const boxes = cells.flatMap(({ row, col }) => {
    const el = win.querySelector(`[data-row="${row}"][data-col="${col}"]`);
    if (!el) return [];
    const r = el.getBoundingClientRect();
    // in the content's coordinates: the window's position plus what it has scrolled already
    return [{ left: r.left - origin.left + win.scrollLeft, top: r.top - origin.top + win.scrollTop, right: r.right - origin.left + win.scrollLeft, bottom: r.bottom - origin.top + win.scrollTop }];
  });
  const target = unionBox(boxes);
  if (!target) return;
  const to = centredScroll(target, { width: win.clientWidth, height: win.clientHeight }, { width: win.scrollWidth, height: win.scrollHeight });
  win.scrollTo({ left: to.left, top: to.top });
}
