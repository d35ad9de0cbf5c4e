"use client";
/**
 * A ruling as a judge reads it out: the verdict and score; every line formed with its kind and
 * exact value; every violation with the engine's working (its message) and the rule it breaks
 * (rules-text.ts); and the score broken down tile by tile (points, tile premiums, equation
 * multipliers, bonuses). When the engine had to assume something the request did not say (an
 * 'SMATH bracket owner), its notes come first, so the judge can settle that and rule again.
 */
import type { inferRouterOutputs } from "@trpc/server";
import { squares, type BonusKind, type Ruling, type RulesetId } from "@/engine";
import type { AppRouter } from "@/server/routers/_app";
import { PREMIUM_LABELS } from "@/app/_components/board/squares";
import { BONUS_LABELS } from "@/app/_lib/labels";

/** The contract's ruling as it comes over the wire (codes as plain strings). */
type Flagged = { code: string; message: string; cells: [number, number][] };
export type RulingJson = Omit<Ruling, "violations" | "notes"> & { violations: Flagged[]; notes?: Flagged[] };

/** The explanation as `adjudication.explain` sends it (pages see the server only through tRPC). */
type Explanation = inferRouterOutputs<AppRouter>["adjudication"]["explain"]["explanation"];

export function RulingView({ ruleset, ruling, explanation }: { ruleset: RulesetId; ruling: RulingJson; explanation: Explanation }) {
  const labels = PREMIUM_LABELS[ruleset];
  return (
    <div className="space-y-4" data-testid="ruling">
      <p
        role="status"
        data-testid="verdict"
        className={`rounded px-3 py-2 text-lg font-semibold ${ruling.valid ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
      >
        {ruling.valid
          ? `Valid ${ruling.kind === "expression" ? "expression-only play" : "play"} — ${ruling.score} point${ruling.score === 1 ? "" : "s"}`
          : "Invalid play — it does not stand (0 points)"}
      </p>

      {ruling.notes?.length ? (
        <section className="rounded border border-amber-300 bg-amber-50 p-2 text-sm" data-testid="ruling-notes">
          <h3 className="font-semibold text-amber-900">The engine had to guess</h3>
          <ul className="mt-1 space-y-1">
            {ruling.notes.map((n, i) => (
              <li key={i} data-testid="ruling-note">
                {n.message}
                {n.cells.length ? <span className="text-slate-600"> ({squares.names(n.cells)})</span> : null}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-slate-600">If that is not the line the brackets were played in, set it under “Bracket owners” and rule again.</p>
        </section>
      ) : null}

      {explanation.violations.length > 0 ? (
        <section>
          <h3 className="mb-1 font-semibold">Why</h3>
          <ul className="space-y-2" data-testid="violations">
            {explanation.violations.map((v, i) => (
              <li key={i} className="rounded border border-red-200 bg-white p-2" data-testid="violation">
                <p>
                  <span className="mr-2 rounded bg-red-100 px-1.5 py-0.5 font-mono text-xs text-red-800">{v.code}</span>
                  <span className="font-medium">{v.message}</span>
                </p>
                <p className="mt-1 text-sm text-slate-600">Rule: {v.rule}</p>
                {ruling.violations[i]?.cells.length ? (
                  <p className="mt-1 text-xs text-slate-500">Squares: {squares.names(ruling.violations[i].cells)}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {ruling.lines.length > 0 ? (
        <section>
          <h3 className="mb-1 font-semibold">Lines formed</h3>
          <table className="w-full text-sm" data-testid="lines">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1">Line</th>
                <th>Where</th>
                <th>Reads as</th>
                <th>Value</th>
                <th className="text-right">Points</th>
              </tr>
            </thead>
            <tbody>
              {ruling.lines.map((l, i) => (
                <tr key={i} className="border-t border-slate-100" data-testid="line">
                  <td className="py-1 font-mono">
                    {l.text}
                    {l.main ? <span className="ml-1 text-xs text-slate-500">(main)</span> : null}
                  </td>
                  <td>
                    {squares.line(l.cells[0][0], l.cells[0][1], l.direction)}
                  </td>
                  <td>{l.kind}</td>
                  <td className="font-mono">{l.value ?? "—"}</td>
                  {/* what the line earns, its Number Scrabble value bonus included (the breakdown's
                      total), so the rows and the headline add up */}
                  <td className="text-right">{explanation.lines.find((x) => x.line === i)?.total ?? l.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {ruling.valid && (explanation.lines.length > 0 || explanation.bonuses.length > 0) ? (
        <section>
          <h3 className="mb-1 font-semibold">Score breakdown</h3>
          <div className="space-y-2 text-sm" data-testid="breakdown">
            {explanation.lines.map((l) => (
              <div key={l.line} className="rounded border border-slate-200 bg-white p-2">
                <p className="font-mono font-medium">{l.text}</p>
                <p className="mt-1 flex flex-wrap gap-1">
                  {l.tiles.map((t, i) => (
                    <span key={i} className={`rounded px-1.5 py-0.5 ${t.counted === 0 && !t.isNew ? "bg-slate-50 text-slate-400" : t.isNew ? "bg-amber-100" : "bg-slate-100"}`}>
                      {t.face}
                      {t.blank ? " (blank)" : ""}: {t.points}
                      {t.premium === "d" || t.premium === "t" ? ` × ${t.premium === "d" ? 2 : 3} (${labels[t.premium]})` : ""}
                    </span>
                  ))}
                </p>
                <p className="mt-1">
                  {l.valueBonus ? "(" : ""}
                  {l.sum} point{l.sum === 1 ? "" : "s"}
                  {l.valueBonus ? ` + value bonus ${l.valueBonus.formula} = ${l.valueBonus.points})` : ""}
                  {l.multiplier > 1
                    ? ` × ${l.multiplier} (${l.tiles
                        .filter((t) => t.premium === "D" || t.premium === "T")
                        .map((t) => labels[t.premium as "D" | "T"])
                        .join(" × ")})`
                    : ""}{" "}
                  = <strong>{l.total}</strong>
                </p>
              </div>
            ))}
            {explanation.bonuses.map((b, i) => (
              <p key={i}>
                {BONUS_LABELS[b.kind as BonusKind] ?? b.kind}
                {b.line !== undefined ? ` (line ${ruling.lines[b.line]?.text})` : ""}: <strong>+{b.points}</strong>
              </p>
            ))}
            <p className="font-semibold">Total: {ruling.score}</p>
          </div>
        </section>
      ) : null}
    </div>
  );
}
