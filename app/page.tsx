import { HomeActions } from "./_components/home-actions";
import { RULESET_NAMES } from "@/engine";

const GAMES = [
  { name: RULESET_NAMES.equate, text: "19×19 board, multi-digit numbers and fraction tiles; no negative value, ever." },
  { name: RULESET_NAMES.smath, text: "Numbers 0–12 on single tiles, brackets and implied multiplication." },
  { name: RULESET_NAMES["number-scrabble"], text: "Left-to-right arithmetic with squares, roots and a value bonus." },
];

export default function HomePage() {
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h1 className="text-4xl font-bold tracking-tight">Tournaments for equation crossword games</h1>
        <p className="max-w-2xl text-lg text-slate-700">
          Equalis is where clubs run events of Equate, &apos;SMATH and Number Scrabble: directors pair rounds and
          publish standings, players play timed matches in the browser or keep score over the board, judges settle
          disputed plays with an engine that explains every ruling, and everyone follows their ratings.
        </p>
        <HomeActions />
      </section>
      <section className="grid gap-4 sm:grid-cols-3">
        {GAMES.map((g) => (
          <article key={g.name} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold">{g.name}</h2>
            <p className="mt-1 text-sm text-slate-600">{g.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
