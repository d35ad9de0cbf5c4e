"use client";
/**
 * The club page's club nights (arena) and ladders: the list for every member, and for directors
 * the forms to open a night and to start a ladder (docs/competitions.md, "Running a club night").
 */
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/app/_trpc/client";
import { Field, FormError } from "@/app/_components/form";
import { Section, SelectField, buttonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { RULESET_NAMES } from "@/engine";

const GROUP = { "2": "Pairs (2 players)", "3": "Pods of 3", "4": "Pods of 4" };
const MODES = { "over-the-board": "Over the board (players report results)", online: "Online (games on Equalis)" };
const LADDER_RULES = { sum: "Every night's points count", best: "Best nights count", average: "Average per night" };

export function ClubNights({ clubId }: { clubId: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.arena.club.queryOptions({ clubId }));
  if (!list.data) return null;
  const { nights, ladders, canDirect } = list.data;
  return (
    <Section title="Club nights and ladders" testId="club-nights">
      {nights.length ? (
        <ul className="divide-y divide-slate-100">
          {nights.map((n) => (
            <li key={n.id} className="flex flex-wrap justify-between gap-2 py-1 text-sm">
              <Link href={`/arena/${n.id}`} className="text-indigo-700 hover:underline">{n.name}</Link>
              <span className="text-xs text-slate-500">
                {new Date(n.startsAt).toLocaleDateString()} · {n.groupSize === 2 ? "pairs" : `pods of ${n.groupSize}`} · {n.status === "open" ? "open now" : "closed"}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No club night yet.</p>
      )}
      {ladders.length ? (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Ladders">
          {ladders.map((l) => (
            <li key={l.id}>
              <Link href={`/arena/ladders/${l.id}`} className="text-indigo-700 hover:underline">{l.name}</Link> <span className="text-xs text-slate-500">{l.rule}{l.rated ? "" : " · unrated"}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {canDirect ? <DirectorForms clubId={clubId} ladders={ladders} /> : null}
    </Section>
  );
}

function DirectorForms({ clubId, ladders }: { clubId: string; ladders: { id: string; name: string }[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ name: "Club night", ruleset: "equate", groupSize: "2", mode: "over-the-board", win: "2", draw: "1", loss: "0", streak: false, ladderId: "", rated: true });
  const [ladder, setLadder] = useState({ name: "Club ladder", kind: "sum", n: "3", rated: true });
  const open = useMutation(trpc.arena.open.mutationOptions({ onSuccess: (r) => router.push(`/arena/${r.id}`) }));
  const make = useMutation(trpc.arena.createLadder.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.arena.club.pathKey() }) }));
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    open.mutate({
      clubId,
      name: form.name,
      ruleset: form.ruleset as "equate",
      groupSize: Number(form.groupSize),
      mode: form.mode as "online",
      scoring: { win: Number(form.win), draw: Number(form.draw), loss: Number(form.loss), streak: form.streak ? { after: 2, multiplier: 2 } : null },
      ladderId: form.ladderId || null,
      rated: form.rated,
    });
  };
  const submitLadder = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(ladder.n);
    make.mutate({ clubId, name: ladder.name, rule: ladder.kind === "best" ? { kind: "best", nights: n } : ladder.kind === "average" ? { kind: "average", minNights: n } : { kind: "sum" }, rated: ladder.rated });
  };
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      <form onSubmit={submit} className="space-y-2 rounded border border-slate-200 p-3" aria-label="Open a club night">
        <h3 className="font-medium">Open a club night</h3>
        <Field label="Name" name="night-name" value={form.name} onChange={set("name")} />
        <SelectField label="Game" name="night-ruleset" value={form.ruleset} onChange={set("ruleset")} options={RULESET_NAMES} />
        <SelectField label="Players per game" name="night-group" value={form.groupSize} onChange={set("groupSize")} options={GROUP} />
        <SelectField label="Played" name="night-mode" value={form.mode} onChange={set("mode")} options={MODES} />
        <div className="grid grid-cols-3 gap-2">
          <Field label="Win" name="night-win" type="number" min={0} max={100} value={form.win} onChange={set("win")} />
          <Field label="Draw" name="night-draw" type="number" min={0} max={100} value={form.draw} onChange={set("draw")} />
          <Field label="Loss" name="night-loss" type="number" min={0} max={100} value={form.loss} onChange={set("loss")} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.streak} onChange={(e) => setForm({ ...form, streak: e.target.checked })} /> Streak bonus: double points after two wins in a row
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.rated} onChange={(e) => setForm({ ...form, rated: e.target.checked })} /> Rated: the games change the players&apos; ratings
        </label>
        {ladders.length ? <SelectField label="Feeds the ladder" name="night-ladder" value={form.ladderId} onChange={set("ladderId")} options={{ "": "No ladder", ...Object.fromEntries(ladders.map((l) => [l.id, l.name])) }} /> : null}
        <FormError message={open.error?.message} />
        <button type="submit" className={buttonClass} disabled={open.isPending}>Open the night</button>
      </form>
      <form onSubmit={submitLadder} className="space-y-2 rounded border border-slate-200 p-3" aria-label="Start a ladder">
        <h3 className="font-medium">Start a ladder</h3>
        <Field label="Ladder name" name="ladder-name" value={ladder.name} onChange={(e) => setLadder({ ...ladder, name: e.target.value })} />
        <SelectField label="Counts" name="ladder-kind" value={ladder.kind} onChange={(e) => setLadder({ ...ladder, kind: e.target.value })} options={LADDER_RULES} />
        {ladder.kind !== "sum" ? (
          <Field label={ladder.kind === "best" ? "Best nights counted" : "Nights needed to be ranked"} name="ladder-n" type="number" min={1} max={366} value={ladder.n} onChange={(e) => setLadder({ ...ladder, n: e.target.value })} />
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={ladder.rated} onChange={(e) => setLadder({ ...ladder, rated: e.target.checked })} /> Rated ladder: its nights&apos; games change ratings
        </label>
        <FormError message={make.error?.message} />
        <button type="submit" className={secondaryButtonClass} disabled={make.isPending}>Start the ladder</button>
      </form>
    </div>
  );
}
