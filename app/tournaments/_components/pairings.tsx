"use client";
/** One round's boards: table, first and second player, result, and the pairing engine's reason. */
import type { LossReason } from "@/server/domain";
import { PairingMatchLink } from "@/app/play/_components/pairing-match-link";
import { LOSS_REASON_LABELS } from "@/app/_lib/labels";

export function PairingsTable({ round, highlight }: { round: { number: number; pairings: { id: string; table: number; isBye: boolean; players: { userId: string; name: string; score: number | null }[]; forfeitUserId: string | null; doubleForfeit?: boolean; lossReason?: LossReason | null; reason: string }[] }; highlight?: string | null }) {
  return (
    <table className="w-full text-sm" data-testid={`pairings-round-${round.number}`}>
      <thead>
        <tr className="border-b text-left text-slate-500">
          <th className="py-1 pr-2">Table</th>
          <th className="py-1 pr-2">First</th>
          <th className="py-1 pr-2">Second</th>
          <th className="py-1 pr-2">Result</th>
          <th className="py-1 pr-2 no-print">Game</th>
          <th className="py-1 no-print">Why</th>
        </tr>
      </thead>
      <tbody>
        {round.pairings.map((p) => {
          const [a, b] = p.players;
          const mine = highlight && p.players.some((x) => x.userId === highlight);
          const result = p.isBye ? "bye" : p.doubleForfeit ? "double forfeit" : p.forfeitUserId ? `${p.players.find((x) => x.userId === p.forfeitUserId)?.name} ${LOSS_REASON_LABELS[p.lossReason ?? "forfeit"]}` : a?.score !== null && a?.score !== undefined ? `${a.score}–${b?.score}` : "";
          return (
            <tr key={p.id} className={`border-b border-slate-100 align-top ${mine ? "bg-amber-50" : ""}`} data-testid="pairing-row">
              <td className="py-1 pr-2">{p.isBye ? "–" : p.table}</td>
              <td className="py-1 pr-2" data-testid="first-player">{a?.name}</td>
              <td className="py-1 pr-2" data-testid="second-player">{p.isBye ? "(bye)" : b?.name}</td>
              <td className="py-1 pr-2 tabular-nums">{result}</td>
              <td className="py-1 pr-2 no-print">{p.isBye ? null : <PairingMatchLink pairingId={p.id} playerIds={p.players.map((x) => x.userId)} hasResult={!!result} />}</td>
              <td className="py-1 no-print">
                <details>
                  <summary className="cursor-pointer text-xs text-indigo-700">why?</summary>
                  <p className="max-w-md text-xs text-slate-600">{p.reason}</p>
                </details>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
