/** Shared e2e setup of tournaments through the tRPC HTTP API (superjson envelope). */
import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";

/** Calls a tRPC procedure over HTTP as the page's signed-in user. */
export async function api<T>(page: Page, path: string, input: unknown, kind: "mutation" | "query" = "mutation"): Promise<T> {
  const res =
    kind === "mutation"
      ? await page.request.post(`/api/trpc/${path}`, { data: { json: input } })
      : await page.request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = await res.json();
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.result.data.json as T;
}

/**
 * As the signed-in director on `dir`: a club, a one-round Equate Swiss with the given settings,
 * the players added and checked in, round 1 paired and published. Returns the tournament id.
 */
export async function pairedSwiss(
  dir: Page,
  opts: { name: string; emails: string[]; timeControl?: Record<string, unknown>; challengeRule?: "retry" | "single" | "double"; preview?: "full" | "score" | "off"; noShowMinutes?: number },
): Promise<{ tournamentId: string }> {
  const club = await api<{ id: string }>(dir, "clubs.create", { handle: `e2e-${randomBytes(3).toString("hex")}`, name: `${opts.name} Club` });
  const t = await api<{ id: string }>(dir, "tournaments.create", {
    clubId: club.id,
    name: opts.name,
    startsAt: new Date().toISOString(),
    ruleset: "equate",
    format: "swiss",
    rounds: 1,
    ...(opts.timeControl ? { timeControl: opts.timeControl } : {}),
    ...(opts.challengeRule ? { challengeRule: opts.challengeRule } : {}),
    ...(opts.preview ? { preview: opts.preview } : {}),
    ...(opts.noShowMinutes ? { noShowMinutes: opts.noShowMinutes } : {}),
  });
  await api(dir, "tournaments.players.add", { tournamentId: t.id, emails: opts.emails.join("\n"), checkIn: true });
  const { roundNumber } = await api<{ roundNumber: number }>(dir, "tournaments.rounds.pair", { tournamentId: t.id });
  await api(dir, "tournaments.rounds.publish", { tournamentId: t.id, roundNumber });
  return { tournamentId: t.id };
}
