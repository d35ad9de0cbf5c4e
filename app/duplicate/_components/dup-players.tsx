"use client";
/**
 * The players by table number, and who has submitted this turn (not what). The view names a few
 * (all of a small field); a large field pages through `duplicate.players`.
 */
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { DUP_PAGE, Pager } from "./pager";
import type { DupView } from "./types";

export function PlayerList({ v }: { v: DupView }) {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const all = v.playerCount === v.players.length;
  const q = useQuery({ ...trpc.duplicate.players.queryOptions({ gameId: v.id, offset, limit: DUP_PAGE }), enabled: !all, placeholderData: keepPreviousData });
  const list = all ? v.players.map((p) => ({ ...p, submitted: v.submitted.includes(p.userId) })) : (q.data?.players ?? []);
  return (
    <div className="space-y-2">
      <ul className="text-sm">
        {list.map((p) => (
          <li key={p.userId}>
            Table {p.table}: {p.name}
            {p.joinedTurn > 1 ? ` (from turn ${p.joinedTurn})` : ""}
            {p.submitted ? " — submitted" : ""}
          </li>
        ))}
      </ul>
      {v.turn && !all ? (
        <p className="text-sm text-slate-600">
          {v.submittedCount} of {v.playerCount} submitted this turn.
        </p>
      ) : null}
      {all ? null : <Pager offset={offset} shown={list.length} total={v.playerCount} what="Players" onPage={setOffset} />}
    </div>
  );
}
