"use client";
/** /play: my games (challenges waiting, games in play, finished) and the "New match" form —
 * challenge a player found by e-mail or name, or open a seat to anyone with the link. */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import { RULESET_DATA } from "@/engine";
import { PlayBot } from "./_components/PlayBot";

const RULESETS = { equate: "Equate", smath: "'SMATH", "number-scrabble": "Number Scrabble" } as const;
const CHALLENGE_RULES = {
  single: "Single (invalid play comes off, turn lost)",
  double: "Double (failed challenge costs a turn)",
  retry: "Retry (invalid play comes off, try again)",
  "5-point": "5-point (failed challenge: +5 to the player challenged)",
  "10-point": "10-point (failed challenge: +10 to the player challenged)",
  void: "Void (invalid plays are refused, no challenges)",
} as const;
type RulesetKey = keyof typeof RULESETS;
/** Each game's own challenge rule (docs/spec/rulesets.md, `challenge` option): the form's default. */
const defaultChallenge = (r: RulesetKey): keyof typeof CHALLENGE_RULES => RULESET_DATA[r].defaultOptions.challenge;
const REASONS: Record<string, string> = { out: "out", passes: "passes", scoreless: "scoreless turns", resign: "resignation", timeout: "time", director: "director's result" };
const select = "w-full rounded border border-slate-300 px-3 py-2 text-sm";

export default function PlayPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const mine = useQuery({ ...trpc.matches.mine.queryOptions(), enabled: !!me.data, refetchInterval: 10_000 });
  const [query, setQuery] = useState("");
  const [opponent, setOpponent] = useState<{ id: string; name: string } | null>(null);
  const found = useQuery({ ...trpc.matches.findPlayers.queryOptions({ query }), enabled: query.trim().length >= 2 && !opponent });
  const create = useMutation(
    trpc.matches.create.mutationOptions({
      onSuccess: async (m) => {
        await queryClient.invalidateQueries({ queryKey: trpc.matches.mine.queryKey() });
        router.push(`/play/${m.id}`);
      },
    }),
  );
  const errors = formErrors(create.error);
  const [opponentError, setOpponentError] = useState<string | null>(null);
  // The challenge rule follows the chosen game's own rule until the player picks another game.
  const [challengeRule, setChallengeRule] = useState<keyof typeof CHALLENGE_RULES>(defaultChallenge("equate"));

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data)
    return (
      <p>
        Please{" "}
        <Link href="/signin?next=/play" className="text-indigo-700 underline">
          sign in
        </Link>{" "}
        to play.
      </p>
    );

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    // Text typed in the opponent box but no suggestion picked: the player meant someone, so find
    // them (an exact e-mail matches one account) rather than silently make an open-link game.
    let invitee = opponent;
    const typed = query.trim();
    setOpponentError(null);
    if (!invitee && typed) {
      const matches = typed.length >= 2 ? await queryClient.fetchQuery(trpc.matches.findPlayers.queryOptions({ query: typed })) : [];
      const exact = matches.filter((u) => u.name.toLowerCase() === typed.toLowerCase());
      if (matches.length === 1) invitee = matches[0]!;
      else if (exact.length === 1) invitee = exact[0]!;
      else {
        setOpponentError(
          matches.length === 0
            ? `No player matches “${typed}”. Check the e-mail or name, or clear the box to make a link anyone can use.`
            : `Several players match “${typed}”: pick one from the list.`,
        );
        return;
      }
      setOpponent(invitee);
    }
    const minutes = Number(f.get("minutes"));
    const timed = String(f.get("timed")) === "yes";
    create.mutate({
      ruleset: String(f.get("ruleset")) as keyof typeof RULESETS,
      rulesetOptions: {},
      challengeRule: String(f.get("challengeRule")) as keyof typeof CHALLENGE_RULES,
      timeControl: timed
        ? {
            initialMs: Math.round(minutes * 60_000),
            incrementMs: Math.round(Number(f.get("increment") || 0) * 1000),
            perMoveLimitMs: null,
            overtimePenaltyPoints: 10,
            maxOvertimeMs: 600_000,
            leastTimeBonusPoints: 0,
          }
        : null,
      rated: f.get("rated") === "on",
      seats: Number(f.get("seats")),
      invite: invitee ? [invitee.id] : [],
      firstMover: String(f.get("firstMover")) as "creator" | "random",
    });
  }

  const rows = mine.data ?? [];
  const groups = [
    { title: "Waiting to start", rows: rows.filter((m) => m.status === "open") },
    { title: "In play", rows: rows.filter((m) => m.status === "active") },
    { title: "Finished", rows: rows.filter((m) => m.status === "finished") },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold">My games</h1>
        <PlayBot />
        {mine.isPending ? <p>Loading…</p> : null}
        {rows.length === 0 && !mine.isPending ? <p className="text-slate-600">No games yet: challenge someone with the form.</p> : null}
        {groups.map((g) =>
          g.rows.length ? (
            <section key={g.title}>
              <h2 className="mb-2 text-lg font-semibold">{g.title}</h2>
              <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white" data-testid={`games-${g.title}`}>
                {g.rows.map((m) => (
                  <li key={m.id} className="flex items-center justify-between px-3 py-2 text-sm">
                    <span>
                      <span className="font-medium">{RULESETS[m.ruleset]}</span> vs {m.opponents.join(", ") || "(open seat)"}
                      {m.tournamentId ? <span className="ml-1 text-xs text-slate-500">tournament</span> : null}
                      {m.status === "active" ? <span className="ml-2 text-slate-600">{m.scores.join(" – ")}</span> : null}
                      {m.result ? (
                        <span className="ml-2 text-slate-600">
                          {Object.values(m.result.scores).join(" – ")} ({REASONS[m.result.reason]})
                        </span>
                      ) : null}
                    </span>
                    <span className="flex items-center gap-2">
                      {m.myTurn ? <span className="rounded bg-indigo-100 px-2 py-0.5 text-xs text-indigo-800">your turn</span> : null}
                      {m.awaitingMe ? <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-800">challenge for you</span> : null}
                      <Link href={`/play/${m.id}`} className="text-indigo-700 underline">
                        {m.status === "finished" ? "Review" : "Open"}
                      </Link>
                      {m.status !== "open" && m.status !== "cancelled" ? (
                        <Link href={`/matches/${m.id}`} className="text-indigo-700 underline">
                          Replay
                        </Link>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null,
        )}
      </div>

      <section className="h-fit rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="mb-3 text-lg font-semibold">New match</h2>
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <FormError message={errors.message} />
          <div className="space-y-1">
            <label htmlFor="opponent" className="block text-sm font-medium text-slate-700">
              Opponent (e-mail or name; leave empty for a link anyone can use)
            </label>
            {opponent ? (
              <p className="flex items-center justify-between rounded border border-slate-300 px-3 py-2 text-sm">
                {opponent.name}
                <button type="button" className="text-indigo-700 underline" onClick={() => setOpponent(null)}>
                  change
                </button>
              </p>
            ) : (
              <>
                <input id="opponent" value={query} onChange={(e) => setQuery(e.target.value)} className={select} autoComplete="off" aria-describedby="opponent-hint" />
                <p id="opponent-hint" className="text-xs text-slate-500">
                  Pick a suggestion, or type the player&apos;s exact e-mail.
                </p>
                {found.data?.length ? (
                  <ul className="rounded border border-slate-200 text-sm">
                    {found.data.map((u) => (
                      <li key={u.id}>
                        <button type="button" className="w-full px-3 py-1 text-left hover:bg-slate-50" onClick={() => setOpponent(u)}>
                          {u.name}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            )}
            {errors.fields.invite ?? opponentError ? (
              <p className="text-sm text-red-600" role="alert" data-testid="opponent-error">
                {errors.fields.invite ?? opponentError}
              </p>
            ) : null}
          </div>
          <div className="space-y-1">
            <label htmlFor="ruleset" className="block text-sm font-medium text-slate-700">
              Game
            </label>
            <select id="ruleset" name="ruleset" className={select} defaultValue="equate" onChange={(e) => setChallengeRule(defaultChallenge(e.target.value as RulesetKey))}>
              {Object.entries(RULESETS).map(([k, t]) => (
                <option key={k} value={k}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="seats" className="block text-sm font-medium text-slate-700">
              Players
            </label>
            <select id="seats" name="seats" className={select} defaultValue="2">
              {[2, 3, 4].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="challengeRule" className="block text-sm font-medium text-slate-700">
              Challenge rule
            </label>
            <select id="challengeRule" name="challengeRule" className={select} value={challengeRule} onChange={(e) => setChallengeRule(e.target.value as keyof typeof CHALLENGE_RULES)}>
              {Object.entries(CHALLENGE_RULES).map(([k, t]) => (
                <option key={k} value={k}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="timed" className="block text-sm font-medium text-slate-700">
              Clock
            </label>
            <select id="timed" name="timed" className={select} defaultValue="yes">
              <option value="yes">Timed</option>
              <option value="no">Untimed</option>
            </select>
          </div>
          <Field label="Minutes per player" name="minutes" type="number" step="any" min="0.02" defaultValue="25" error={errors.fields.timeControl} />
          <Field label="Increment (seconds per move)" name="increment" type="number" step="1" min="0" defaultValue="0" />
          <div className="space-y-1">
            <label htmlFor="firstMover" className="block text-sm font-medium text-slate-700">
              Who moves first
            </label>
            <select id="firstMover" name="firstMover" className={select} defaultValue="random">
              <option value="random">Drawn at random</option>
              <option value="creator">Me</option>
            </select>
          </div>
          <div className="space-y-1">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="rated" aria-describedby="rated-hint" /> Rated
            </label>
            <p id="rated-hint" className="text-xs text-slate-500" data-testid="rated-hint">
              A rated game never previews validity: before a play is submitted the board shows only its tile points, so a phony stays a risk.
            </p>
          </div>
          <button type="submit" disabled={create.isPending} className="w-full rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
            {create.isPending ? "Please wait…" : "Create match"}
          </button>
        </form>
      </section>
    </div>
  );
}
