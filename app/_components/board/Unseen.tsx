/** Unseen-tile tracker: tiles the viewer cannot see (the bag plus the other racks), by face. */
import { showFace } from "./squares";

export function Unseen({ unseen, bagCount }: { unseen: readonly { face: string; count: number }[]; bagCount: number }) {
  const total = unseen.reduce((s, u) => s + u.count, 0);
  return (
    <div data-testid="unseen">
      <p className="mb-1 text-xs text-slate-600">
        {total} unseen · {bagCount} in the bag
      </p>
      <div className="flex flex-wrap gap-1 text-xs">
        {unseen.map((u) => (
          <span key={u.face} className="rounded bg-slate-100 px-1.5 py-0.5 tabular-nums">
            {showFace(u.face)}
            <span className="text-slate-600">×{u.count}</span>
          </span>
        ))}
      </div>
    </div>
  );
}
