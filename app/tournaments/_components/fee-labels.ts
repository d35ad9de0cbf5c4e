/** Words and colours for fee and entry states on the entry page, the desk and the ledger. */
import type { EntryStatus, FeeMethod, FeeStatus } from "@/server/domain";

export const FEE_STATUS_LABELS: Record<FeeStatus, string> = { owed: "Fee owed", paid: "Fee paid", waived: "Fee waived" };
export const FEE_METHOD_LABELS: Record<FeeMethod, string> = { cash: "Cash", transfer: "Transfer", card: "Card at the desk" };
export const FEE_BADGE: Record<FeeStatus, string> = {
  owed: "bg-amber-100 text-amber-900 border-amber-300",
  paid: "bg-emerald-100 text-emerald-900 border-emerald-300",
  waived: "bg-slate-100 text-slate-800 border-slate-300",
};
export const ENTRY_LABELS: Record<EntryStatus, string> = { registered: "Registered", "checked-in": "Checked in", withdrawn: "Withdrawn", waitlisted: "On the waitlist" };
