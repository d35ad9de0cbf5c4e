"use client";
/** The lobby's "New match" form state and its submission: the opponent search, the challenge rule
 * that follows the chosen game, and the match created from the form's fields. */
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { DEFAULT_TIME_CONTROL, RULESET_DATA, type GameChallengeRule, type RulesetId } from "@/engine";
import type { FirstMover } from "@/server/domain";

export interface Invitee {
  id: string;
  name: string;
}

/** Each game's own challenge rule (docs/spec/rulesets.md, `challenge` option): the form's default. */
export const defaultChallenge = (r: RulesetId): GameChallengeRule => RULESET_DATA[r].defaultOptions.challenge;

export function useNewMatch() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const [opponent, setOpponent] = useState<Invitee | null>(null);
  const found = useQuery({ ...trpc.matches.findPlayers.queryOptions({ query }), enabled: query.trim().length >= 2 && !opponent });
  const create = useMutation(
    trpc.matches.create.mutationOptions({
      onSuccess: async (m) => {
        await queryClient.invalidateQueries({ queryKey: trpc.matches.mine.queryKey() });
        router.push(`/play/${m.id}`);
      },
    }),
  );
  const [opponentError, setOpponentError] = useState<string | null>(null);
  // The challenge rule follows the chosen game's own rule until the player picks another game.
  const [challengeRule, setChallengeRule] = useState<GameChallengeRule>(defaultChallenge("equate"));

  /** Text typed in the opponent box but no suggestion picked: the player meant someone, so find
   * them (an exact e-mail matches one account) rather than silently make an open-link game.
   * Null (with the reason shown) when the text names nobody or several players. */
  async function resolveInvitee(): Promise<{ invitee: Invitee | null } | null> {
    const typed = query.trim();
    if (opponent || !typed) return { invitee: opponent };
    const matches = typed.length >= 2 ? await queryClient.fetchQuery(trpc.matches.findPlayers.queryOptions({ query: typed })) : [];
    const exact = matches.filter((u) => u.name.toLowerCase() === typed.toLowerCase());
    const invitee = matches.length === 1 ? matches[0]! : exact.length === 1 ? exact[0]! : null;
    if (!invitee) {
      setOpponentError(
        matches.length === 0
          ? `No player matches “${typed}”. Check the e-mail or name, or clear the box to make a link anyone can use.`
          : `Several players match “${typed}”: pick one from the list.`,
      );
      return null;
    }
    setOpponent(invitee);
    return { invitee };
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setOpponentError(null);
    const resolved = await resolveInvitee();
    if (!resolved) return;
    const { invitee } = resolved;
    const minutes = Number(f.get("minutes"));
    const timed = String(f.get("timed")) === "yes";
    create.mutate({
      ruleset: String(f.get("ruleset")) as RulesetId,
      rulesetOptions: {},
      challengeRule: String(f.get("challengeRule")) as GameChallengeRule,
      timeControl: timed ? { ...DEFAULT_TIME_CONTROL, initialMs: Math.round(minutes * 60_000), incrementMs: Math.round(Number(f.get("increment") || 0) * 1000) } : null,
      rated: f.get("rated") === "on",
      seats: Number(f.get("seats")),
      invite: invitee ? [invitee.id] : [],
      firstMover: String(f.get("firstMover")) as FirstMover,
    });
  }

  return { query, setQuery, opponent, setOpponent, found, create, opponentError, challengeRule, setChallengeRule, onSubmit };
}
