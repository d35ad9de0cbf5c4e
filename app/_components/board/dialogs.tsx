"use client";
/** The board's two dialogs: a blank's face, and the keyboard shortcuts. Native <dialog> with
 * showModal(), so focus is trapped, Esc closes and the page behind is inert without our code. */
import { type ReactNode } from "react";
import { useModal } from "../use-modal";
import { SHORTCUTS } from "./entry";
import { showFace } from "./squares";

function Modal({ open, onClose, title, children, testId }: { open: boolean; onClose: () => void; title: string; children: ReactNode; testId: string }) {
  const ref = useModal(open);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label={title}
      data-testid={testId}
      className="m-auto max-w-md rounded-lg border border-slate-300 p-4 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {children}
      <form method="dialog" className="mt-3 text-right">
        <button className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">Close</button>
      </form>
    </dialog>
  );
}

/** Which face does the blank stand for? One button per face of the ruleset. */
export function BlankDialog({ faces, open, onPick, onClose }: { faces: readonly string[]; open: boolean; onPick: (face: string) => void; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Which tile does the blank stand for?" testId="blank-dialog">
      <div className="grid grid-cols-6 gap-1.5">
        {faces.map((f) => (
          <button key={f} type="button" className="h-10 min-w-10 rounded border border-amber-400 bg-amber-100 px-1 font-semibold hover:bg-amber-200" onClick={() => onPick(f)} aria-label={`Blank as ${f}`}>
            {showFace(f)}
          </button>
        ))}
      </div>
    </Modal>
  );
}

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard and mouse shortcuts" testId="shortcuts">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {SHORTCUTS.map(([k, what]) => (
          <div key={k} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd className="text-slate-700">{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
