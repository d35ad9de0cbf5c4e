"use client";
/**
 * Previous / Next through a long list (a duplicate game's table, a turn's plays, its players):
 * real buttons (keyboard, screen readers), large enough to tap on a phone, and where the reader is.
 */
import { secondaryButtonClass } from "@/app/clubs/_components/ui";

export const DUP_PAGE = 50;

export function Pager({ offset, shown, total, what, onPage }: { offset: number; shown: number; total: number; what: string; onPage: (offset: number) => void }) {
  return (
    <nav className="flex flex-wrap items-center gap-2 text-sm" aria-label={`Pages of ${what}`}>
      <button type="button" className={`${secondaryButtonClass} min-h-10`} disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - DUP_PAGE))}>
        Previous
      </button>
      <button type="button" className={`${secondaryButtonClass} min-h-10`} disabled={offset + shown >= total} onClick={() => onPage(offset + DUP_PAGE)}>
        Next
      </button>
      <span className="text-slate-600" aria-live="polite">
        {what} {shown ? `${offset + 1}–${offset + shown}` : "none"} of {total}
      </span>
    </nav>
  );
}
