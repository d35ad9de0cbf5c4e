"use client";
/** A game's record: the engine's notation (finished games), or the scoresheet so far for its
 * players; the event JSON on request. */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";

export default function MatchRecordPage() {
  const { matchId } = useParams<{ matchId: string }>();
  const trpc = useTRPC();
  const [format, setFormat] = useState<"text" | "json">("text");
  const record = useQuery({ ...trpc.matches.record.queryOptions({ matchId, format }), retry: false });
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold">Game record</h1>
      <p className="flex gap-3 text-sm">
        <button className="text-indigo-700 underline" onClick={() => setFormat(format === "text" ? "json" : "text")}>
          Show as {format === "text" ? "event JSON" : "notation"}
        </button>
        <Link className="text-indigo-700 underline" href={`/play/${matchId}`}>
          Back to the board
        </Link>
      </p>
      {record.error ? <FormError message={record.error.message} /> : null}
      {record.data ? (
        <>
          {!record.data.complete ? <p className="text-sm text-slate-600">The game is still in play: secrets (racks, the seed) are withheld.</p> : null}
          <pre className="overflow-x-auto rounded border border-slate-200 bg-white p-3 text-xs" data-testid="record">
            {record.data.text}
          </pre>
        </>
      ) : null}
    </div>
  );
}
