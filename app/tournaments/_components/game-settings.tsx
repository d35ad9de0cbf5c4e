"use client";
/**
 * The director's game settings that may change at any time (they apply to games started after
 * the change; docs/matches.md): the live board's validity preview and the no-show rule. Also the
 * same two fields for the new-tournament form (`GameSettingsFields`).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import { Section, SelectField, secondaryButtonClass } from "@/app/clubs/_components/ui";
import type { PreviewMode } from "@/server/domain";
import { PREVIEW_LABELS } from "@/app/_lib/labels";

/** The two fields, for a form read with FormData ("preview", "noShowMinutes"). */
export function GameSettingsFields({ preview, noShowMinutes, errors }: { preview?: PreviewMode; noShowMinutes?: number | null; errors: Record<string, string | undefined> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Play preview (what the board tells a player before submitting)" name="preview" defaultValue={preview ?? ""} options={preview ? PREVIEW_LABELS : { "": "Default (off when rated, full when casual)", ...PREVIEW_LABELS }} error={errors.preview} />
      <Field label="No-show forfeit after (minutes; empty: no rule)" name="noShowMinutes" type="number" min={1} max={240} defaultValue={noShowMinutes ?? ""} error={errors.noShowMinutes} />
    </div>
  );
}

/** Reads the two fields from a form. */
export function readGameSettings(f: FormData): { preview?: PreviewMode; noShowMinutes: number | null } {
  const preview = String(f.get("preview") ?? "");
  const minutes = String(f.get("noShowMinutes") ?? "").trim();
  return { ...(preview ? { preview: preview as PreviewMode } : {}), noShowMinutes: minutes === "" ? null : Number(minutes) };
}

export function GameSettingsForm({ tournamentId, preview, noShowMinutes }: { tournamentId: string; preview: PreviewMode; noShowMinutes: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.tournaments.update.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.byId.queryKey({ tournamentId }) }) }));
  const errors = formErrors(update.error);
  return (
    <Section title="Game settings" testId="game-settings">
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ tournamentId, ...readGameSettings(new FormData(e.currentTarget)) });
        }}
      >
        <GameSettingsFields preview={preview} noShowMinutes={noShowMinutes} errors={errors.fields} />
        <p className="text-xs text-slate-500">Changes apply to games started after saving.</p>
        <button type="submit" className={secondaryButtonClass} disabled={update.isPending}>
          Save game settings
        </button>
        {update.isSuccess && !update.isPending ? (
          <span role="status" className="ml-2 text-sm text-emerald-700" data-testid="game-settings-saved">
            Saved.
          </span>
        ) : null}
        <FormError message={errors.message} />
      </form>
    </Section>
  );
}
