"use client";
/**
 * A director creates a season (docs/competitions.md "Running a season"): name, first day, days a
 * round lasts, the game and format every division plays, the division size, the promotion rule (a
 * number of players or a share of the division), rated or not, and the players (club members,
 * ranked by rating or in the order listed). The server splits them into divisions and creates one
 * event per division.
 */
import { useState } from "react";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import { RULESET_IDS, RULESET_NAMES, type RulesetId } from "@/engine";
import { Section, SelectField, buttonClass } from "@/app/clubs/_components/ui";
import { AmountFields, type AmountForm, amountValue } from "@/app/competitions/_components/amount";

const FORMATS = { "round-robin": "Round robin", "double-round-robin": "Double round robin", swiss: "Swiss" } as const;
type Format = keyof typeof FORMATS;
const today = () => new Date().toISOString().slice(0, 10);

export default function NewSeasonPage() {
  const { handle } = useParams<{ handle: string }>();
  const trpc = useTRPC();
  const router = useRouter();
  const page = useQuery({ ...trpc.clubs.byHandle.queryOptions({ handle }), retry: false });
  const create = useMutation(trpc.competitions.createSeason.mutationOptions({ onSuccess: (s) => router.push(`/competitions/season/${s.id}`) }));
  const [name, setName] = useState("");
  const [starts, setStarts] = useState(today());
  const [roundDays, setRoundDays] = useState("7");
  const [rounds, setRounds] = useState("");
  const [ruleset, setRuleset] = useState<RulesetId | "">("");
  const [format, setFormat] = useState<Format>("round-robin");
  const [podSize, setPodSize] = useState("2");
  const [divisionSize, setDivisionSize] = useState("6");
  const [up, setUp] = useState<AmountForm>({ kind: "fraction", n: "2", num: "1", den: "4", round: "ceil" });
  const [down, setDown] = useState<AmountForm>({ kind: "fraction", n: "2", num: "1", den: "4", round: "ceil" });
  const [rated, setRated] = useState(true);
  // correspondence: days per move and a bank of days (docs/competitions.md "Correspondence")
  const [corr, setCorr] = useState({ on: false, perMove: "2", bank: "5" });
  const [order, setOrder] = useState<"rating" | "given">("rating");
  const [left, setLeft] = useState<Set<string>>(new Set());

  if (page.isPending) return <p className="text-slate-600">Loading…</p>;
  if (page.error) return <FormError message={page.error.message} />;
  const { club, members } = page.data;
  const chosen = members.filter((m) => !left.has(m.userId));
  const errors = formErrors(create.error);
  const game = ruleset || club.defaultRuleset;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    create.mutate({
      clubId: club.id,
      name,
      starts,
      roundDays: Number(roundDays),
      ...(rounds ? { rounds: Number(rounds) } : {}),
      settings: { ruleset: game, format, playersPerGame: Number(podSize), ...(corr.on ? { timeControl: correspondenceClock(Number(corr.perMove), Number(corr.bank)) } : {}) },
      divisionSize: Number(divisionSize),
      promotion: { up: amountValue(up), down: amountValue(down), newPlayers: "bottom" },
      rated,
      players: chosen.map((m) => m.userId),
      order,
    });
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="text-sm">
        <Link href={`/clubs/${club.handle}`} className="text-indigo-700 underline">
          {club.name}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">New season</h1>
      <form onSubmit={submit} className="space-y-6" aria-label="New season">
        <Section title="Dates and rounds">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} required />
            <Field label="First day" name="starts" type="date" value={starts} onChange={(e) => setStarts(e.target.value)} error={errors.fields.starts} required />
            <Field label="Days each round lasts" name="roundDays" type="number" min={1} max={90} value={roundDays} onChange={(e) => setRoundDays(e.target.value)} error={errors.fields.roundDays} hint="Each round's play-by window." />
            <Field label="Rounds (Swiss; leave empty for a round robin)" name="rounds" type="number" min={1} max={60} value={rounds} onChange={(e) => setRounds(e.target.value)} error={errors.fields.rounds} />
          </div>
        </Section>
        <Section title="How divisions play">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Game" name="ruleset" value={game} onChange={(e) => setRuleset(e.target.value as RulesetId)} options={Object.fromEntries(RULESET_IDS.map((id) => [id, RULESET_NAMES[id]]))} />
            <SelectField label="Format" name="format" value={format} onChange={(e) => setFormat(e.target.value as Format)} options={FORMATS} error={errors.fields.format} />
            <SelectField label="Players a game" name="playersPerGame" value={podSize} onChange={(e) => setPodSize(e.target.value)} options={{ 2: "2 (head to head)", 3: "3 (pods)", 4: "4 (pods)" }} error={errors.fields.playersPerGame} />
            <Field label="Division size" name="divisionSize" type="number" min={2} max={64} value={divisionSize} onChange={(e) => setDivisionSize(e.target.value)} error={errors.fields.divisionSize} />
          </div>
          <label className="mt-4 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} /> Rated (games count for ratings)
          </label>
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={corr.on} onChange={(e) => setCorr({ ...corr, on: e.target.checked })} /> Played by correspondence (online, days per move, for players spread across towns)
          </label>
          {corr.on ? (
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <Field label="Days per move" name="corrPerMove" type="number" min={1} max={30} value={corr.perMove} onChange={(e) => setCorr({ ...corr, perMove: e.target.value })} hint="Each move may take this long, refilled every move." />
              <Field label="Bank (days)" name="corrBank" type="number" min={0} max={60} value={corr.bank} onChange={(e) => setCorr({ ...corr, bank: e.target.value })} hint="Extra time for slow moves; a player loses on time when both are spent." error={errors.fields.timeControl} />
            </div>
          ) : null}
        </Section>
        <Section title="Promotion and relegation">
          <div className="grid gap-4 sm:grid-cols-2">
            <AmountFields legend="Go up from each division (the top)" prefix="up" value={up} onChange={setUp} />
            <AmountFields legend="Go down from each division (the bottom)" prefix="down" value={down} onChange={setDown} />
          </div>
          <p className="mt-2 text-xs text-slate-500">New members join the bottom division next season.</p>
        </Section>
        <Section title={`Players (${chosen.length} of ${members.length})`}>
          <SelectField label="Rank players" name="order" value={order} onChange={(e) => setOrder(e.target.value as "rating" | "given")} options={{ rating: "By rating (best first)", given: "In the order listed" }} />
          <ul className="mt-3 grid gap-1 sm:grid-cols-2" data-testid="season-players">
            {members.map((m) => (
              <li key={m.userId}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={!left.has(m.userId)}
                    onChange={(e) => {
                      const next = new Set(left);
                      if (e.target.checked) next.delete(m.userId);
                      else next.add(m.userId);
                      setLeft(next);
                    }}
                  />
                  {m.name}
                </label>
              </li>
            ))}
          </ul>
          {errors.fields.players ? <p role="alert" className="mt-2 text-sm text-red-600">{errors.fields.players}</p> : null}
        </Section>
        <FormError message={errors.message ?? errors.fields.promotion} />
        <button type="submit" className={buttonClass} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create season"}
        </button>
      </form>
    </div>
  );
}

/** A correspondence clock: `perMove` days a move (refilled each move), then a bank of `bank` days;
 * lost on time when both are spent, with no overtime (engine/clock.ts, `moveAllowanceMs`). */
function correspondenceClock(perMove: number, bank: number) {
  const day = 24 * 3_600_000;
  return { moveAllowanceMs: Math.round(perMove * day), initialMs: Math.round(bank * day), incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 0, maxOvertimeMs: 0, leastTimeBonusPoints: 0 };
}
