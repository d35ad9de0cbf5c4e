"use client";
/**
 * The dashboard's prize section (docs/prizes.md): the prize table (add, remove), how ties share,
 * one prize per player, and the prize hold (Mark results final / Reopen). The server checks every
 * row and says why it refuses one; this form only converts "12.50" into cents.
 */
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { Section, buttonClass, dangerButtonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { formatMoney, ordinal, PRIZE_CATEGORIES, PRIZE_SPLITS, type PrizeCategory, type PrizeKind, type PrizeSplit } from "@/server/domain";

const SPLIT_LABELS: Record<PrizeSplit, string> = { none: "None: tiebreaks decide", equal: "Equal shares", hort: "Hort system (half by place, half shared)" };
const CATEGORY_LABELS: Record<PrizeCategory, string> = { junior: "Best junior", senior: "Best senior", unrated: "Best unrated", club: "Best club", "least-time": "Least time used" };
const input = "rounded border border-slate-300 px-2 py-1 text-sm";

/** "12.50" → 1250 cents; "" → null; anything else → undefined (refused here, with a sentence). */
export function parseCents(text: string): number | null | undefined {
  const t = text.trim().replace(",", ".");
  if (t === "") return null;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

type Row = { id: string; kind: PrizeKind; place: number; classValue: string | null; ratingMin: number | null; ratingMax: number | null; category: PrizeCategory | null; amount: number | null; item: string };

function rowLabel(r: Row): string {
  if (r.kind === "place") return `${ordinal(r.place)} place`;
  if (r.kind === "category") return `${ordinal(r.place)} · ${CATEGORY_LABELS[r.category!]}`;
  if (r.classValue) return `${ordinal(r.place)} · class ${r.classValue}`;
  return `${ordinal(r.place)} · rated ${r.ratingMin ?? "any"}–${r.ratingMax ?? "any"}`;
}

export function PrizesSection({ tournamentId, finished }: { tournamentId: string; finished: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const table = useQuery(trpc.tournaments.prizes.table.queryOptions({ tournamentId }));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.tournaments.pathKey() });
  const save = useMutation(trpc.tournaments.prizes.save.mutationOptions());
  const remove = useMutation(trpc.tournaments.prizes.remove.mutationOptions({ onSuccess: refresh }));
  const settings = useMutation(trpc.tournaments.prizes.settings.mutationOptions({ onSuccess: refresh }));
  const final = useMutation(trpc.tournaments.prizes.markFinal.mutationOptions({ onSuccess: refresh }));
  const [kind, setKind] = useState<PrizeKind>("place");
  const [problem, setProblem] = useState<string | null>(null);
  if (!table.data) return <Section title="Prizes" testId="prizes"><p className="text-sm">Loading…</p></Section>;
  const t = table.data;
  const cur = t.currency;
  const isFinal = !!t.resultsFinalAt;

  function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setProblem(null);
    const f = new FormData(e.currentTarget);
    const amount = parseCents(String(f.get("amount") ?? ""));
    if (amount === undefined) return setProblem("Enter the amount like 25 or 12.50 (leave it empty for a non-cash prize).");
    const num = (k: string) => (String(f.get(k) ?? "").trim() === "" ? null : Number(f.get(k)));
    save.mutate(
      {
        tournamentId,
        kind,
        place: Number(f.get("place") || 1),
        classValue: kind === "class" ? String(f.get("classValue") ?? "") || null : null,
        ratingMin: kind === "class" ? num("ratingMin") : null,
        ratingMax: kind === "class" ? num("ratingMax") : null,
        category: kind === "category" ? (f.get("category") as PrizeCategory) : null,
        amount,
        item: String(f.get("item") ?? ""),
      },
      {
        // the form empties before the table reloads, so what is typed next is never wiped
        onSuccess: () => {
          (e.target as HTMLFormElement).reset();
          return refresh();
        },
      },
    );
  }

  return (
    <Section title="Prizes" testId="prizes">
      <p className="mb-2 text-sm" role="status" data-testid="prize-hold">
        {isFinal ? <strong className="text-emerald-800">Results final: the payout is published.</strong> : <strong className="text-amber-800">Provisional: only directors see the payout.</strong>} Prize fund {formatMoney(t.total, cur)}.
      </p>
      <div className="mb-3 flex flex-wrap gap-2">
        {isFinal ? (
          <button type="button" className={secondaryButtonClass} onClick={() => final.mutate({ tournamentId, final: false })} data-testid="prizes-reopen">Reopen results</button>
        ) : (
          <button type="button" className={buttonClass} disabled={!finished} title={finished ? undefined : "Close the last round first"} onClick={() => final.mutate({ tournamentId, final: true })} data-testid="prizes-final">
            Mark results final
          </button>
        )}
        <Link className={secondaryButtonClass} href={`/tournaments/${tournamentId}/print/payout`} data-testid="payout-link">Payout sheet</Link>
        <a className={secondaryButtonClass} href={`/tournaments/${tournamentId}/payout.csv`}>payout.csv</a>
      </div>
      <FormError message={errorSentence(final.error)} />

      <table className="mb-3 w-full text-sm" data-testid="prize-rows">
        <tbody>
          {t.rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100" data-testid="prize-row">
              <td className="py-1">{rowLabel(r)}</td>
              <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">{r.amount !== null ? formatMoney(r.amount, cur) : ""}</td>
              <td className="px-2 py-1">{r.item}</td>
              <td className="py-1 text-right">
                <button type="button" className={dangerButtonClass} disabled={isFinal} aria-label={`Remove ${rowLabel(r)}`} onClick={() => remove.mutate({ tournamentId, prizeId: r.id })}>Remove</button>
              </td>
            </tr>
          ))}
          {t.rows.length === 0 ? (
            <tr>
              <td className="py-1 text-slate-500">No prizes yet.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <FormError message={errorSentence(remove.error)} />

      <form onSubmit={add} className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Add a prize" data-testid="prize-form">
        <label className="text-xs">Kind
          <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as PrizeKind)} className={`${input} block w-full`}>
            <option value="place">Place</option>
            <option value="class">Class</option>
            <option value="category">Category</option>
          </select>
        </label>
        <label className="text-xs">Place
          <input name="place" type="number" min={1} max={1000} defaultValue={1} className={`${input} block w-full`} />
        </label>
        {kind === "class" ? (
          <>
            <label className="text-xs">Class name
              <input name="classValue" placeholder="e.g. B" maxLength={40} className={`${input} block w-full`} />
            </label>
            <label className="text-xs">or rating from
              <input name="ratingMin" type="number" min={0} max={4000} className={`${input} block w-full`} />
            </label>
            <label className="text-xs">rating to
              <input name="ratingMax" type="number" min={0} max={4000} className={`${input} block w-full`} />
            </label>
          </>
        ) : null}
        {kind === "category" ? (
          <label className="text-xs">Category
            <select name="category" className={`${input} block w-full`}>
              {PRIZE_CATEGORIES.map((c) => <option key={c} value={c}>{CATEGORY_LABELS[c]}</option>)}
            </select>
          </label>
        ) : null}
        <label className="text-xs">Amount ({cur})
          <input name="amount" inputMode="decimal" placeholder="e.g. 50.00" className={`${input} block w-full`} />
        </label>
        <label className="text-xs">Item (optional)
          <input name="item" placeholder="e.g. trophy" maxLength={80} className={`${input} block w-full`} />
        </label>
        <div className="col-span-2 sm:col-span-3">
          <button type="submit" className={buttonClass} disabled={isFinal || save.isPending} data-testid="prize-add">Add prize</button>
        </div>
      </form>
      <FormError message={problem ?? errorSentence(save.error)} />

      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        key={`${t.split}:${t.onePrizePerPlayer}`}
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          settings.mutate({ tournamentId, split: f.get("split") as PrizeSplit, onePrizePerPlayer: f.get("one") === "on" });
        }}
      >
        <label className="text-xs">Ties share
          <select name="split" defaultValue={t.split} className={`${input} block`}>
            {PRIZE_SPLITS.map((s) => <option key={s} value={s}>{SPLIT_LABELS[s]}</option>)}
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="one" defaultChecked={t.onePrizePerPlayer} /> One prize per player (the larger)
        </label>
        <button type="submit" className={secondaryButtonClass} disabled={isFinal}>Save prize rules</button>
      </form>
      <FormError message={errorSentence(settings.error)} />
    </Section>
  );
}
