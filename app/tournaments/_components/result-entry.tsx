"use client";
/**
 * Keyboard result entry for one round, TSH style: type `table score score` (scores in seat order,
 * first mover first), Enter, and the next table. Each line is read with the domain's own rule
 * (`parseResultLine`, server/domain/director-entry.ts), so a typo is refused with a sentence before
 * anything is sent; a saved line is said back in words ("Ann beat Bo 412–380, by 32.") and the box
 * clears, keeping the focus. A table that already has a result is corrected only once the director
 * confirms it (a dialog showing the stored result and the new one: Enter replaces, Escape keeps it);
 * the audit log keeps the old value, and the board's version goes with the request, so a result
 * changed meanwhile is refused.
 */
import { useRef, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { describeResult, MAX_RESULT_LINE, parseResultLine, scoreLine } from "@/server/domain";
import { secondaryButtonClass } from "@/app/clubs/_components/ui";
import { ConfirmDialog } from "./confirm-dialog";
import { useSync } from "@/app/_offline/sync";
import { isTransient } from "@/app/_offline/senders";
import { WritesList } from "@/app/_offline/writes-list";

type Board = { id: string; table: number; isBye: boolean; players: { userId: string; name: string; score: number | null }[]; forfeitUserId: string | null; version: number; hasResult: boolean };
type Reading = { board: Board; scores: Record<string, number> };

export function ResultEntry({ tournamentId, round, onSaved }: { tournamentId: string; round: { number: number; pairings: Board[] }; onSaved: () => unknown }) {
  const trpc = useTRPC();
  const input = useRef<HTMLInputElement>(null);
  const [line, setLine] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<{ key: number; text: string }[]>([]);
  // A line for a table that already has a result, waiting for the director's yes.
  const [overwrite, setOverwrite] = useState<Reading | null>(null);
  const save = useMutation(trpc.tournaments.enterResult.mutationOptions());
  const sync = useSync();
  const boards = round.pairings.filter((p) => !p.isBye);
  // this round's writes still on the device (offline, docs/offline.md): shown, and their tables count as entered
  const queued = sync.writes.filter((w) => w.scope === `tournament:${tournamentId}` && boards.some((b) => w.target === `pairing:${b.id}`));
  const missing = boards.filter((b) => !b.hasResult && !queued.some((w) => w.target === `pairing:${b.id}`)).map((b) => b.table);
  const id = `result-line-${round.number}`;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    const read = parseResultLine(line, boards, round.number);
    if (!read.ok) return setProblem(read.error);
    const board = boards.find((b) => b.table === read.value.table)!;
    setProblem(null);
    if (board.hasResult) return setOverwrite({ board, scores: read.value.scores });
    take();
    send({ board, scores: read.value.scores }, line);
  }

  /** The line is taken at once, so a fast typist's next line is never wiped when this one's
   * answer (or the device's storage) comes back; a refused line comes back if the box is empty. */
  function take() {
    setLine("");
    input.current?.focus();
  }

  function said1(text: string) {
    setSaid((s) => [{ key: Date.now() + s.length, text }, ...s].slice(0, 8));
  }

  /** Offline (or no server answered): the write waits on the device, with its client id and base version. */
  async function queue({ board, scores }: Reading) {
    await sync.enqueue({
      clientId: crypto.randomUUID(),
      kind: "result",
      target: `pairing:${board.id}`,
      scope: `tournament:${tournamentId}`,
      label: `Round ${round.number}, table ${board.table}: ${scoreLine(board.players, scores)}`,
      input: { tournamentId, pairingId: board.id, scores, forfeitUserId: null },
      baseVersion: board.version,
    });
    said1(`Table ${board.table}${board.hasResult ? " corrected" : ""}: ${describeResult(board.players, scores)} Kept on this device, not yet sent.`);
  }

  function send(reading: Reading, typed: string) {
    const { board, scores } = reading;
    if (!navigator.onLine) return void queue(reading);
    save.mutate(
      { tournamentId, pairingId: board.id, scores, forfeitUserId: null, expectedVersion: board.version },
      {
        onSuccess: async () => {
          said1(`Table ${board.table}${board.hasResult ? " corrected" : ""}: ${describeResult(board.players, scores)}`);
          await onSaved();
        },
        onError: (err) => {
          if (isTransient(err)) return void queue(reading);
          setProblem(`Table ${board.table}: ${errorSentence(err)}`);
          setLine((cur) => cur || typed);
        },
      },
    );
  }

  const stored = (b: Board) => scoreLine(b.players, Object.fromEntries(b.players.map((p) => [p.userId, p.score ?? 0])), b.forfeitUserId);
  return (
    <form onSubmit={submit} noValidate className="space-y-2" data-testid={`result-entry-${round.number}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Enter results: table, then each score in seat order (e.g. “3 412 380”), then Enter
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          value={line}
          onChange={(e) => setLine(e.target.value)}
          maxLength={MAX_RESULT_LINE}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="enter"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-help`}
          className="w-full max-w-xs rounded border border-slate-300 px-2 py-2 font-mono text-base"
          placeholder="table score score"
        />
        <button type="submit" className={secondaryButtonClass} disabled={save.isPending}>
          Enter
        </button>
      </div>
      <p id={`${id}-help`} className="text-xs text-slate-500" data-testid="tables-left">
        {missing.length === 0 ? "Every table of this round has a result; a line for a table corrects it." : `Tables without a result: ${missing.join(", ")}.`}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-red-700" data-testid="entry-problem">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={!!overwrite}
        title={`Table ${overwrite?.board.table ?? ""} already has a result`}
        confirmLabel="Replace it"
        testId="overwrite-confirm"
        onConfirm={() => {
          const o = overwrite!;
          setOverwrite(null);
          take();
          send(o, line);
        }}
        onCancel={() => {
          setOverwrite(null);
          input.current?.focus();
        }}
      >
        {overwrite ? (
          <p className="text-sm">
            Stored: <strong>{stored(overwrite.board)}</strong>.<br />
            Replace it with <strong>{scoreLine(overwrite.board.players, overwrite.scores)}</strong>?
          </p>
        ) : null}
      </ConfirmDialog>
      <WritesList writes={queued} />
      <ol role="status" aria-live="polite" className="space-y-0.5 text-sm" data-testid="entry-said">
        {said.map((s, i) => (
          <li key={s.key} className={i === 0 ? "font-medium text-emerald-800" : "text-slate-500"}>
            ✓ {s.text}
          </li>
        ))}
      </ol>
    </form>
  );
}
