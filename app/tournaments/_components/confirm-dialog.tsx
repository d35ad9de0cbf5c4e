"use client";
/**
 * "Are you sure?" as a native modal <dialog> (showModal: focus moves in and is trapped, the page
 * behind is inert), the pattern of the board's dialogs (app/_components/board/dialogs.tsx). The
 * confirm button comes first, so it has the focus: Enter confirms, Escape cancels.
 */
import { useId, type ReactNode } from "react";
import { useModal } from "@/app/_components/use-modal";
import { buttonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";

export function ConfirmDialog({ open, title, confirmLabel, onConfirm, onCancel, testId, children }: { open: boolean; title: string; confirmLabel: string; onConfirm: () => void; onCancel: () => void; testId: string; children: ReactNode }) {
  const ref = useModal(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      // Escape: the browser's "cancel"; the parent's state closes it, so both stay in step.
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto max-w-md rounded-lg border border-slate-300 p-4 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id={titleId} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="mt-2 text-xs text-slate-500">Enter confirms, Escape cancels.</p>
    </dialog>
  );
}
