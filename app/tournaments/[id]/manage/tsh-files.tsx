"use client";
/**
 * The dashboard's "TSH files" section (docs/records.md "TSH files"): download the event as a TSH
 * `.t` file and as a ratings submission; before round 1 of a Swiss or King of the Hill event,
 * bring a division's `.t` file in (paste it, or open the file). The server checks everything and
 * answers each problem with its line; this form only shows what it says.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormError } from "@/app/_components/form";
import { errorSentence } from "@/app/_trpc/errors";
import { useTRPC } from "@/app/_trpc/client";
import { Section, buttonClass } from "@/app/clubs/_components/ui";
import type { TournamentData } from "./use-dashboard";

export function TshFiles({ id, data, onImported }: { id: string; data: TournamentData; onImported: () => unknown }) {
  const t = data.tournament;
  const trpc = useTRPC();
  // Held here, not in the form: after an import the event is running and the form goes away,
  // while its report stays.
  const run = useMutation(trpc.tournaments.tsh.importFile.mutationOptions({ onSuccess: () => void onImported() }));
  const r = run.data;
  const canImport = t.status === "registration" && (t.format === "swiss" || t.format === "king-of-the-hill") && t.playersPerGame === 2;
  return (
    <Section title="TSH files" testId="tsh-files">
      <p className="text-sm">
        <a href={`/tournaments/${id}/tsh.t`} className="text-indigo-700 underline" data-testid="tsh-export" download>Download the .t file</a>
        {" · "}
        <a href={`/tournaments/${id}/ratings-submission.csv`} className="text-indigo-700 underline" data-testid="tsh-ratings" download>Download the ratings submission</a>
      </p>
      {canImport ? <TshImport id={id} run={run} /> : null}
      {r ? (
        <p role="status" className="mt-2 text-sm text-emerald-800" data-testid="tsh-report">
          Imported {r.players} players and {r.closedRounds} closed round{r.closedRounds === 1 ? "" : "s"}
          {r.publishedRound ? `; round ${r.publishedRound} is published and waits for its results` : ""}
          {r.withdrawn.length ? `; withdrawn: ${r.withdrawn.join(", ")}` : ""}
          {r.finished ? "; the event is finished" : ""}. {r.matched.filter((m) => m.includes("→")).join("; ")}
        </p>
      ) : null}
    </Section>
  );
}

interface ImportRun {
  mutate: (input: { tournamentId: string; text: string }) => void;
  isPending: boolean;
  error: Parameters<typeof errorSentence>[0];
}

function TshImport({ id, run }: { id: string; run: ImportRun }) {
  const [text, setText] = useState("");
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        run.mutate({ tournamentId: id, text });
      }}
    >
      <label className="block text-sm font-medium" htmlFor="tsh-text">Import a TSH .t file (one division)</label>
      <p className="text-xs text-slate-500">Every name must be a member of the club. Players, ratings, pairings and scores come in; rounds already scored are closed.</p>
      <input
        type="file"
        accept=".t,text/plain"
        aria-label="Open a .t file"
        className="block text-sm"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void f.text().then(setText);
        }}
      />
      <textarea id="tsh-text" value={text} onChange={(e) => setText(e.target.value)} rows={6} spellCheck={false} className="w-full rounded border border-slate-300 p-2 font-mono text-xs" data-testid="tsh-text" placeholder="Lee, Ann   1712 4 3 ; 412 388" />
      <button type="submit" className={buttonClass} disabled={run.isPending || !text.trim()}>Import</button>
      <div className="whitespace-pre-line"><FormError message={errorSentence(run.error)} /></div>
    </form>
  );
}
