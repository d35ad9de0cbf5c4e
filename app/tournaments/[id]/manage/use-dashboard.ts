"use client";
/** The director's dashboard data and actions: the tournament, its audit log, the online games of
 * its boards with their live state, and every director-only mutation (each refreshes the
 * tournament and the matches when it succeeds). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { useTournamentLive } from "../../_components/use-tournament-live";

export type TournamentData = inferRouterOutputs<AppRouter>["tournaments"]["byId"];
export type Dashboard = ReturnType<typeof useDashboard>;
export type DirectorActions = Dashboard["actions"];

export function useDashboard(id: string) {
  const trpc = useTRPC();
  useTournamentLive(id);
  const queryClient = useQueryClient();
  const q = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false });
  const director = q.data?.viewerRole === "director";
  const audit = useQuery({ ...trpc.tournaments.audit.queryOptions({ tournamentId: id }), retry: false, enabled: director });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.tournaments.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.matches.pathKey() })]);
  // Boards whose online game is running: the director's result ends it (docs/tournaments.md "Results").
  const boardIds = (q.data?.rounds ?? []).filter((r) => r.status !== "draft").flatMap((r) => r.pairings.filter((p) => !p.isBye).map((p) => p.id)).slice(-500);
  const games = useQuery({ ...trpc.matches.forPairings.queryOptions({ pairingIds: boardIds }), enabled: boardIds.length > 0 && director });
  const gameOf = new Map((games.data ?? []).map((g) => [g.pairingId, g]));
  // Live score and clocks of the boards in play (refreshed while any game runs).
  const anyPlaying = (games.data ?? []).some((g) => g.status === "active");
  const live = useQuery({ ...trpc.matches.liveNow.queryOptions({ tournamentId: id, limit: 100 }), enabled: anyPlaying && director, refetchInterval: 5_000 });
  const liveOf = new Map((live.data?.games ?? []).map((g) => [g.id, g]));
  const m = (o: object) => ({ ...o, onSuccess: refresh });
  const actions = {
    checkIn: useMutation(trpc.tournaments.players.checkIn.mutationOptions(m({}))),
    checkInAll: useMutation(trpc.tournaments.players.checkInAll.mutationOptions(m({}))),
    withdraw: useMutation(trpc.tournaments.players.withdraw.mutationOptions(m({}))),
    pair: useMutation(trpc.tournaments.rounds.pair.mutationOptions(m({}))),
    publish: useMutation(trpc.tournaments.rounds.publish.mutationOptions(m({}))),
    close: useMutation(trpc.tournaments.rounds.close.mutationOptions(m({}))),
    deleteDraft: useMutation(trpc.tournaments.rounds.deleteDraft.mutationOptions(m({}))),
    swap: useMutation(trpc.tournaments.rounds.swap.mutationOptions(m({}))),
    flip: useMutation(trpc.tournaments.rounds.flip.mutationOptions(m({}))),
    staff: useMutation(trpc.tournaments.staff.add.mutationOptions(m({}))),
  };
  return { q, audit, refresh, gameOf, liveOf, actions };
}
