/**
 * Rating parameters as configuration. Defaults are `DEFAULT_GLICKO` (Woogles' 1500 / RD 350 /
 * σ 0.06, τ 0.5, RD floor 60, provisional while RD ≥ 110; liwords `pkg/glicko/glicko.go`). Any of them can
 * be overridden with the `GLICKO_CONFIG` environment variable, a JSON object such as
 * `{"tau":0.75,"rdFloor":45}`. Changing them changes every future update; run
 * `npm run ratings:recompute` to re-derive past ratings under the new parameters.
 */
import { z } from "zod";
import { DEFAULT_GLICKO, type GlickoConfig } from "@/server/domain";

const positive = z.number().finite().positive();
const overrides = z
  .object({
    initialRating: z.number().finite(),
    initialRd: positive,
    initialVolatility: positive,
    tau: positive,
    rdFloor: positive,
    rdCeiling: positive,
    provisionalRd: positive,
    maxVolatility: positive,
  })
  .partial()
  .strict();

/** Parses a `GLICKO_CONFIG` value (JSON) over the defaults; throws on a malformed value (a deploy bug). */
export function parseGlickoConfig(raw: string | undefined): GlickoConfig {
  if (!raw?.trim()) return DEFAULT_GLICKO;
  const parsed = overrides.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`GLICKO_CONFIG is invalid: ${z.prettifyError(parsed.error)}`);
  const cfg = { ...DEFAULT_GLICKO, ...parsed.data };
  if (cfg.rdFloor > cfg.rdCeiling) throw new Error("GLICKO_CONFIG is invalid: rdFloor must not exceed rdCeiling.");
  return cfg;
}

let cached: GlickoConfig | undefined;

/** The parameters this process rates with (read once from `GLICKO_CONFIG`). */
export function ratingConfig(): GlickoConfig {
  cached ??= parseGlickoConfig(process.env.GLICKO_CONFIG);
  return cached;
}
