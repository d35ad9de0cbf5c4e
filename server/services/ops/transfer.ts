/**
 * Moving a club's or one tournament's data between instances as JSON (`npm run data:export` /
 * `data:import`, scripts/export-club.ts; docs/deployment.md "Moving a club to another instance").
 *
 * What travels: the club (and, for a club, its memberships), its tournaments with their staff,
 * players, rounds, pairings and audit log, and those tournaments' games with their players, event
 * logs, snapshots and score adjustments; each person appears once as `{ id, email, name }`.
 * What does not: password hashes, sessions, API tokens, invitations, join requests,
 * notifications, ratings (recomputed on the target: `npm run ratings:recompute`) and games outside
 * a tournament. The file holds the games' racks and bags (the event logs): keep it private.
 *
 * Id remapping (what "the same data" means after a round trip): on import every uuid that is the
 * id of an exported row gets a fresh uuid, and every occurrence of it — a foreign key, a uuid
 * inside a JSON column, inside a text such as a bot move's client id — is rewritten. People are
 * matched by e-mail: an existing account is used as it is; a missing one is created with no
 * usable password (its owner sets one through "Forgot password"). A club is imported under its
 * handle, which must be free (or give another); a tournament goes into the club with its club's
 * handle, created if the target has none. Everything else is copied as it is, timestamps
 * included, in one transaction. Exporting the import again gives the first export with only the
 * ids changed (tests/integration/transfer.integration.test.ts).
 *
 * Rows are serialised with superjson (dates stay dates) and each table's rows are sorted by their
 * content with ids left out, so two exports of the same data list rows in the same order.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import superjson from "superjson";
import type { DbOrTx, Tx } from "@/db/client";
import {
  clubMemberships,
  clubs,
  matchAdjustments,
  matchEvents,
  matchPlayers,
  matches,
  matchSnapshots,
  tournamentAudit,
  tournamentPairings,
  tournamentPlayers,
  tournamentRounds,
  tournaments,
  tournamentStaff,
  users,
} from "@/db/schema";
import { DomainError } from "@/server/errors";
import { RESTORED_TABLES, restoreRows, type RestoredTable } from "@/server/services/matches/writer";

export const EXPORT_FORMAT = "equalis-export";
export const EXPORT_VERSION = 1;

type Row = Record<string, unknown>;

/** The tables this module inserts itself. A game's own tables (matches, match_events,
 * match_snapshots) are the match writer's: restored through it (writer.ts `restoreRows`). */
const ROW_TABLES = {
  clubs,
  clubMemberships,
  tournaments,
  tournamentStaff,
  tournamentPlayers,
  tournamentRounds,
  tournamentPairings,
  tournamentAudit,
  matchPlayers,
  matchAdjustments,
} satisfies Record<string, PgTable>;
/** The tables that travel: this module's and the game's own. */
type TableName = keyof typeof ROW_TABLES | RestoredTable;
/** The order that satisfies the foreign keys on insert. */
const ORDER: TableName[] = [
  "clubs",
  "clubMemberships",
  "tournaments",
  "tournamentStaff",
  "tournamentPlayers",
  "tournamentRounds",
  "tournamentPairings",
  "tournamentAudit",
  "matches",
  "matchPlayers",
  "matchEvents",
  "matchSnapshots",
  "matchAdjustments",
];
const isRestored = (name: TableName): name is RestoredTable => (RESTORED_TABLES as readonly string[]).includes(name);

export interface ExportPerson {
  id: string;
  email: string;
  name: string;
}

export interface ExportData {
  kind: "club" | "tournament";
  people: ExportPerson[];
  tables: Record<TableName, Row[]>;
}

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  kind: "club" | "tournament";
  exportedAt: string;
  /** superjson's `{ json, meta }` of an `ExportData` */
  data: { json: unknown; meta?: unknown };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every uuid in a value (strings, arrays, objects, nested), replaced by `map`'s entry when it has one. */
function remap(value: unknown, map: Map<string, string>): unknown {
  if (typeof value === "string") return value.replace(UUID, (u) => map.get(u.toLowerCase()) ?? u);
  if (Array.isArray(value)) return value.map((v) => remap(v, map));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remap(v, map)]));
  }
  return value;
}

/** A row's content with every uuid blanked: a sort key that does not depend on ids. */
function contentKey(row: Row): string {
  return JSON.stringify(row, (_k, v: unknown) => (typeof v === "string" ? v.replace(UUID, "~") : v));
}

function sortRows(rows: Row[]): Row[] {
  return rows.map((r) => [contentKey(r), r] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, r]) => r);
}

async function rowsWhere(db: DbOrTx, table: PgTable, column: unknown, ids: string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return (await db.select().from(table).where(inArray(column as never, ids))) as Row[];
}

/** Reads a club (`kind: "club"`, by handle) or a tournament (by id) and everything that travels with it. */
export async function exportData(db: DbOrTx, what: { club: string } | { tournament: string }): Promise<ExportFile> {
  const kind = "club" in what ? "club" : "tournament";
  let clubRows: Row[];
  let tournamentRows: Row[];
  if ("club" in what) {
    clubRows = (await db.select().from(clubs).where(eq(clubs.handle, what.club))) as Row[];
    if (!clubRows.length) throw new DomainError("NOT_FOUND", `No club has the handle "${what.club}".`);
    tournamentRows = (await db.select().from(tournaments).where(eq(tournaments.clubId, clubRows[0]!.id as string))) as Row[];
  } else {
    if (!/^[0-9a-f-]{36}$/i.test(what.tournament)) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
    tournamentRows = (await db.select().from(tournaments).where(eq(tournaments.id, what.tournament))) as Row[];
    if (!tournamentRows.length) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
    clubRows = (await db.select().from(clubs).where(eq(clubs.id, tournamentRows[0]!.clubId as string))) as Row[];
  }
  const tIds = tournamentRows.map((t) => t.id as string);
  const matchRows = await rowsWhere(db, matches, matches.tournamentId, tIds);
  const mIds = matchRows.map((m) => m.id as string);
  const tables: Record<TableName, Row[]> = {
    clubs: clubRows,
    clubMemberships: kind === "club" ? await rowsWhere(db, clubMemberships, clubMemberships.clubId, [clubRows[0]!.id as string]) : [],
    tournaments: tournamentRows,
    tournamentStaff: await rowsWhere(db, tournamentStaff, tournamentStaff.tournamentId, tIds),
    tournamentPlayers: await rowsWhere(db, tournamentPlayers, tournamentPlayers.tournamentId, tIds),
    tournamentRounds: await rowsWhere(db, tournamentRounds, tournamentRounds.tournamentId, tIds),
    tournamentPairings: await rowsWhere(db, tournamentPairings, tournamentPairings.tournamentId, tIds),
    tournamentAudit: await rowsWhere(db, tournamentAudit, tournamentAudit.tournamentId, tIds),
    matches: matchRows,
    matchPlayers: await rowsWhere(db, matchPlayers, matchPlayers.matchId, mIds),
    matchEvents: await rowsWhere(db, matchEvents, matchEvents.matchId, mIds),
    matchSnapshots: await rowsWhere(db, matchSnapshots, matchSnapshots.matchId, mIds),
    matchAdjustments: await rowsWhere(db, matchAdjustments, matchAdjustments.matchId, mIds),
  };
  // every person any row names: a uuid found in the rows that is a user's id
  const mentioned = new Set<string>();
  JSON.stringify(tables, (_k, v: unknown) => {
    if (typeof v === "string") for (const u of v.match(UUID) ?? []) mentioned.add(u.toLowerCase());
    return v;
  });
  const people = ((await rowsWhere(db, users, users.id, [...mentioned])) as unknown as ExportPerson[])
    .map((u) => ({ id: u.id, email: u.email, name: u.name }))
    .sort((a, b) => (a.email < b.email ? -1 : 1));
  for (const name of ORDER) tables[name] = sortRows(tables[name]);
  const data: ExportData = { kind, people, tables };
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, kind, exportedAt: new Date().toISOString(), data: superjson.serialize(data) as ExportFile["data"] };
}

/** Reads an export file's text (any other shape is a DomainError INVALID with a sentence). */
export function parseExport(text: string): ExportData {
  let file: Partial<ExportFile>;
  try {
    file = JSON.parse(text) as Partial<ExportFile>;
  } catch {
    throw new DomainError("INVALID", "The file is not JSON.");
  }
  if (file?.format !== EXPORT_FORMAT || file.version !== EXPORT_VERSION || !file.data) {
    throw new DomainError("INVALID", `Not an ${EXPORT_FORMAT} file of version ${EXPORT_VERSION}.`);
  }
  const data = superjson.deserialize(file.data as never) as ExportData;
  if (!data?.tables || !Array.isArray(data.people) || !Array.isArray(data.tables.clubs) || data.tables.clubs.length !== 1) {
    throw new DomainError("INVALID", "The file holds no club.");
  }
  return data;
}

export interface ImportResult {
  clubId: string;
  clubHandle: string;
  tournamentIds: string[];
  /** people created on this instance (no usable password yet) */
  createdPeople: number;
  rows: number;
}

/** Imports an export into `db` in one transaction (the rules: this module's comment). */
export async function importData(db: DbOrTx, data: ExportData, opts: { handle?: string } = {}): Promise<ImportResult> {
  return db.transaction(async (tx) => importInTx(tx, data, opts));
}

async function importInTx(tx: Tx, data: ExportData, opts: { handle?: string }): Promise<ImportResult> {
  const map = new Map<string, string>();
  // people by e-mail
  let createdPeople = 0;
  const emails = data.people.map((p) => p.email);
  const existing = emails.length ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails)) : [];
  const byEmail = new Map(existing.map((u) => [u.email, u.id]));
  for (const p of data.people) {
    let id = byEmail.get(p.email);
    if (!id) {
      id = randomUUID();
      // "!" never matches a scrypt hash (server/services/accounts): no password signs in until a reset
      await tx.insert(users).values({ id, email: p.email, name: p.name, passwordHash: "!imported" });
      createdPeople++;
    }
    map.set(p.id.toLowerCase(), id);
  }
  // the club: a new one under its (or the given) handle, or for a tournament the target's club of that handle
  const club = data.tables.clubs[0]!;
  const handle = opts.handle ?? (club.handle as string);
  const [sameHandle] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, handle));
  const tables = { ...data.tables };
  if (sameHandle && data.kind === "tournament") {
    map.set((club.id as string).toLowerCase(), sameHandle.id);
    tables.clubs = [];
  } else if (sameHandle) {
    throw new DomainError("CONFLICT", `A club with the handle "${handle}" exists here already: import under another handle.`);
  }
  // fresh ids for every exported row's own id
  for (const name of ORDER) {
    for (const row of tables[name]) {
      const id = row.id;
      if (typeof id === "string" && !map.has(id.toLowerCase())) map.set(id.toLowerCase(), randomUUID());
    }
  }
  let rows = 0;
  for (const name of ORDER) {
    const out = tables[name].map((r) => remap(name === "clubs" ? { ...r, handle } : r, map) as Row);
    for (let i = 0; i < out.length; i += 500) {
      const chunk = out.slice(i, i + 500);
      // a game's rows are the match writer's (server/services/matches/writer.ts): restored through it
      if (isRestored(name)) await restoreRows(tx, name, chunk);
      else await tx.insert(ROW_TABLES[name] as PgTable).values(chunk as never);
    }
    rows += out.length;
  }
  return {
    clubId: map.get((club.id as string).toLowerCase())!,
    clubHandle: handle,
    tournamentIds: data.tables.tournaments.map((t) => map.get((t.id as string).toLowerCase())!),
    createdPeople,
    rows,
  };
}
