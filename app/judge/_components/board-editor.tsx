"use client";
/**
 * The desk's board: every square a button (named like the scoresheet, "J10"), premium squares
 * coloured and labelled, position tiles in cream, the disputed play's new tiles in amber, and the
 * squares a violation names outlined in red. Clicking a square hands it to the desk, which puts
 * the chosen tile there, or removes one, on the active layer.
 */
import { premiumAt, RULESET_DATA, type Premium, type RulesetId } from "@/engine";
import { keyOf, squareName, type Tiles } from "./editor-model";

export const PREMIUM_LABELS: Record<RulesetId, Record<Exclude<Premium, ".">, string>> = {
  equate: { d: "2S", t: "3S", D: "2E", T: "3E" },
  smath: { d: "2S", t: "3S", D: "2E", T: "3E" },
  "number-scrabble": { d: "DL", t: "TL", D: "DW", T: "TW" },
};

const PREMIUM_CLASS: Record<Premium, string> = {
  ".": "bg-emerald-50",
  d: "bg-sky-200",
  t: "bg-blue-400 text-white",
  D: "bg-rose-200",
  T: "bg-red-500 text-white",
};

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function BoardEditor({
  ruleset,
  board,
  play,
  marked,
  onSquare,
}: {
  ruleset: RulesetId;
  board: Tiles;
  play: Tiles;
  /** keys of squares to outline (cells of violations) */
  marked?: ReadonlySet<string>;
  onSquare?: (row: number, col: number) => void;
}) {
  const layout = RULESET_DATA[ruleset].layout;
  const size = layout.size;
  const labels = PREMIUM_LABELS[ruleset];
  const cell = size > 15 ? "h-7 w-7 text-[11px]" : "h-8 w-8 text-xs";
  return (
    <div className="overflow-x-auto">
      <div className="inline-grid gap-px rounded bg-slate-300 p-px" style={{ gridTemplateColumns: `1.25rem repeat(${size}, auto)` }} role="grid" aria-label="Board" data-testid="judge-board">
        <div />
        {Array.from({ length: size }, (_, c) => (
          <div key={`h${c}`} className="bg-slate-100 text-center text-[10px] text-slate-500">
            {COLS[c]}
          </div>
        ))}
        {Array.from({ length: size }, (_, r) => (
          <div key={`r${r}`} role="row" className="contents">
            <div className="flex items-center justify-center bg-slate-100 text-[10px] text-slate-500">{r + 1}</div>
            {Array.from({ length: size }, (_, c) => {
              const k = keyOf(r, c);
              const old = board[k];
              const nw = play[k];
              const t = nw ?? old;
              const p = premiumAt(layout, r, c);
              const start = layout.start[0] === r && layout.start[1] === c;
              const name = squareName(r, c);
              const desc = t ? `${name}: ${t.tile}${t.blank ? " (blank)" : ""}${nw ? " (new)" : ""}` : `${name}${p !== "." ? ` ${labels[p]}` : ""}${start ? " start" : ""}`;
              return (
                <button
                  key={k}
                  type="button"
                  role="gridcell"
                  aria-label={desc}
                  title={desc}
                  data-square={name}
                  onClick={() => onSquare?.(r, c)}
                  className={`${cell} flex items-center justify-center font-semibold leading-none ${
                    t ? (nw ? "bg-amber-300 text-slate-900 ring-2 ring-inset ring-amber-600" : "bg-amber-50 text-slate-900") : PREMIUM_CLASS[p]
                  } ${marked?.has(k) ? "outline outline-2 -outline-offset-2 outline-red-600" : ""}`}
                >
                  {t ? (
                    <span className={t.blank ? "italic underline decoration-dotted" : ""}>{t.tile}</span>
                  ) : p !== "." ? (
                    <span className="text-[9px] font-normal">{labels[p]}</span>
                  ) : start ? (
                    <span aria-hidden>★</span>
                  ) : null}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
