"use client";
/**
 * A native <dialog> opened as a modal while `open` holds: showModal() traps the focus, makes the
 * page behind inert and gives Escape, all without our code (the board's dialogs, the dashboard's
 * confirmations). Returns the ref to put on the <dialog>.
 */
import { useEffect, useRef } from "react";

export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
