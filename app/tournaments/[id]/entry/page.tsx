"use client";
/**
 * A player's own entry: status, fee status and the check-in QR code the desk scans
 * (docs/desk.md "Check-in at the desk"). Only the signed-in player's own entry is ever shown
 * (`tournaments.desk.myEntry`); the code is drawn in the browser by `qrcode`, large and with a
 * quiet zone, so a phone held up to the desk's camera reads it. "New code" revokes the old one.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useState } from "react";
import QRCode from "qrcode";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { LocalTime } from "@/app/_components/local-time";
import { formatMoney } from "@/server/domain";
import { ENTRY_LABELS, FEE_BADGE, FEE_STATUS_LABELS } from "../../_components/fee-labels";

function QrImage({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(code, { errorCorrectionLevel: "M", margin: 4, width: 512, color: { dark: "#000000", light: "#ffffff" } }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [code]);
  // eslint-disable-next-line @next/next/no-img-element -- a data URL drawn here; next/image adds nothing for it
  return src ? <img src={src} alt="Your check-in code" data-testid="entry-qr" className="mx-auto aspect-square w-full max-w-xs bg-white [image-rendering:pixelated]" /> : <div className="mx-auto aspect-square w-full max-w-xs bg-slate-100" />;
}

export default function EntryPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery({ ...trpc.tournaments.desk.myEntry.queryOptions({ tournamentId: id }), retry: false });
  const renew = useMutation(trpc.tournaments.desk.renewCode.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.desk.myEntry.queryKey({ tournamentId: id }) }) }));
  const [confirming, setConfirming] = useState(false);

  if (q.isPending) return <p>Loading…</p>;
  if (q.error)
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold">Your entry</h1>
        <p className="text-slate-700">{q.error.message}</p>
        <Link href={`/tournaments/${id}`} className="text-indigo-700 underline">Back to the event</Link>
      </div>
    );
  const e = q.data;
  return (
    <div className="mx-auto max-w-md space-y-4">
      <div>
        <p className="text-sm text-slate-500"><Link href={`/tournaments/${id}`} className="hover:underline">{e.tournamentName}</Link></p>
        <h1 className="text-2xl font-bold">Your entry</h1>
      </div>
      <div className="flex flex-wrap gap-2 text-sm">
        <span className="rounded border border-indigo-300 bg-indigo-50 px-2 py-1 text-indigo-900" data-testid="entry-status">{ENTRY_LABELS[e.status]}</span>
        <span className={`rounded border px-2 py-1 ${FEE_BADGE[e.feeStatus]}`} data-testid="entry-fee">
          {FEE_STATUS_LABELS[e.feeStatus]}
          {e.feeStatus === "paid" ? ` (${formatMoney(e.feeAmount, e.currency)})` : e.feeStatus === "owed" && e.entryFee ? ` (${formatMoney(e.entryFee, e.currency)})` : ""}
        </span>
      </div>
      {e.checkedInAt ? (
        <p className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900" role="status">Checked in at <LocalTime at={e.checkedInAt} options={{ hour: "2-digit", minute: "2-digit" }} /> ✓</p>
      ) : null}
      {e.code ? (
        <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-center shadow-sm">
          <QrImage code={e.code} />
          <p className="text-sm text-slate-700">Show this code at the check-in desk. Turn your screen brightness up.</p>
          <p className="text-xs text-slate-500">
            {e.checkInOpensAt ? <>Check-in {e.windowOpen ? "opened" : "opens"} <LocalTime at={e.checkInOpensAt} options={{ weekday: "short", hour: "2-digit", minute: "2-digit" }} />.</> : "A director checks players in at the desk."}
          </p>
          <p className="break-all font-mono text-[10px] text-slate-400" data-testid="entry-code">{e.code}</p>
        </section>
      ) : (
        <p className="text-slate-700">This entry was withdrawn: there is no check-in code.</p>
      )}
      {e.details.notes ? <p className="text-sm text-slate-600">Your note to the organisers: {e.details.notes}</p> : null}
      {e.code ? (
        confirming ? (
          <div className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
            <p>A new code replaces this one: the old one, and any photo of it, stops working at the desk.</p>
            <div className="flex gap-2">
              <button className="min-h-11 rounded bg-amber-600 px-4 font-medium text-white" disabled={renew.isPending} onClick={() => renew.mutate({ tournamentId: id }, { onSuccess: () => setConfirming(false) })}>Make a new code</button>
              <button className="min-h-11 rounded border border-slate-300 px-4" onClick={() => setConfirming(false)}>Keep this one</button>
            </div>
          </div>
        ) : (
          <button className="text-sm text-slate-600 underline" onClick={() => setConfirming(true)}>Someone else has a copy of my code</button>
        )
      ) : null}
      <FormError message={errorSentence(renew.error)} />
    </div>
  );
}
