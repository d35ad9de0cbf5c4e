/**
 * Game analyses (docs/analysis.md): one row per analysed match. `status` runs queued → running →
 * done (or failed); `done`/`total` are the turns analysed so far, for the progress bar; `result`
 * is the engine's GameAnalysis JSON (it names every rack, so it is served only where the game's
 * record is: a finished game).
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { matches } from "./matches";
import { users } from "./users";

export const ANALYSIS_STATUSES = ["queued", "running", "done", "failed"] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

export const matchAnalyses = pgTable(
  "match_analyses",
  {
    matchId: uuid("match_id")
      .primaryKey()
      .references(() => matches.id, { onDelete: "cascade" }),
    status: text("status", { enum: ANALYSIS_STATUSES }).notNull().default("queued"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("match_analyses_status_idx").on(t.status)],
);
