/**
 * Glicko-2 ratings, a pure module: batch rating periods, instant per-game updates, and pods.
 *
 * Algorithm: Mark Glickman, "Example of the Glicko-2 system" (2013), steps 1–8, with the Illinois
 * (regula falsi) solve for the new volatility (step 5, ε = 1e-6). Defaults follow Woogles
 * (liwords `pkg/glicko/glicko.go`): 1500 / RD 350 / σ 0.06, τ 0.5, RD clamped to [60, 350],
 * σ capped at 0.1, provisional while RD ≥ 110 (lichess' threshold).
 * Instant updates (`rateGame`): each game is its own rating period for both players, computed from
 * both pre-game ratings — as lichess and Woogles do. Pods of 3–4 (`ratePod`): one period per player
 * with one pairwise result per opponent (win / ½ tie / loss by final score).
 * Caveats: no spread-aware outcome (Woogles' spread-scaled score needs refitting to our games'
 * margins — callers may pass any score in [0, 1]); inactivity is applied explicitly with `decay`.
 */

export interface GlickoConfig {
  initialRating: number;
  initialRd: number;
  initialVolatility: number;
  /** System constant τ: how fast volatility may change. */
  tau: number;
  rdFloor: number;
  rdCeiling: number;
  /** A rating is provisional while RD ≥ this. */
  provisionalRd: number;
  maxVolatility: number;
}

export const DEFAULT_GLICKO: GlickoConfig = {
  initialRating: 1500,
  initialRd: 350,
  initialVolatility: 0.06,
  tau: 0.5,
  rdFloor: 60,
  rdCeiling: 350,
  provisionalRd: 110,
  maxVolatility: 0.1,
};

export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
}

/** One game in a rating period: the opponent's pre-period rating and our score (1 / ½ / 0). */
export interface PeriodResult {
  opponent: Rating;
  score: number;
}

/** Glicko ↔ Glicko-2 scale factor (400 / ln 10). */
export const GLICKO2_SCALE = 173.7178;
const EPSILON = 1e-6;
const PI2 = Math.PI * Math.PI;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / PI2);

/** A new player's rating under `cfg`. */
export function newRating(cfg: GlickoConfig = DEFAULT_GLICKO): Rating {
  return { rating: cfg.initialRating, rd: cfg.initialRd, volatility: cfg.initialVolatility };
}

/** Step 5's f(x) (module-level so the hot path allocates no closure). */
function volF(x: number, a: number, phi2: number, v: number, d2: number, tau2: number): number {
  const ex = Math.exp(x);
  const den = phi2 + v + ex;
  return (ex * (d2 - phi2 - v - ex)) / (2 * den * den) - (x - a) / tau2;
}

/** Step 5: the new volatility σ' by the Illinois method. */
function newVolatility(phi: number, sigma: number, delta: number, v: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const phi2 = phi * phi;
  const d2 = delta * delta;
  const tau2 = tau * tau;
  let A = a;
  let B: number;
  if (d2 > phi2 + v) B = Math.log(d2 - phi2 - v);
  else {
    let k = 1;
    while (volF(a - k * tau, a, phi2, v, d2, tau2) < 0) k++;
    B = a - k * tau;
  }
  let fA = volF(A, a, phi2, v, d2, tau2);
  let fB = volF(B, a, phi2, v, d2, tau2);
  for (let iter = 0; Math.abs(B - A) > EPSILON && iter < 100; iter++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = volF(C, a, phi2, v, d2, tau2);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

/** Rate one player over one rating period (Glickman steps 1–8); no games → RD grows only. */
export function rate(player: Rating, results: readonly PeriodResult[], cfg: GlickoConfig = DEFAULT_GLICKO): Rating {
  const mu = (player.rating - 1500) / GLICKO2_SCALE;
  const phi = player.rd / GLICKO2_SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    const phiStar = Math.sqrt(phi * phi + sigma * sigma);
    return { rating: player.rating, rd: clamp(phiStar * GLICKO2_SCALE, cfg.rdFloor, cfg.rdCeiling), volatility: sigma };
  }
  let vInv = 0;
  let sum = 0;
  for (const r of results) {
    const muJ = (r.opponent.rating - 1500) / GLICKO2_SCALE;
    const gJ = g(r.opponent.rd / GLICKO2_SCALE);
    const E = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInv += gJ * gJ * E * (1 - E);
    sum += gJ * (r.score - E);
  }
  return finish(mu, phi, sigma, 1 / vInv, sum, cfg);
}

/** Steps 5–8 from v and Σ g(φj)(sj − Ej). */
function finish(mu: number, phi: number, sigma: number, v: number, sum: number, cfg: GlickoConfig): Rating {
  const delta = v * sum;
  const sigmaNew = Math.min(cfg.maxVolatility, newVolatility(phi, sigma, delta, v, cfg.tau));
  const phiStar2 = phi * phi + sigmaNew * sigmaNew;
  const phiNew = 1 / Math.sqrt(1 / phiStar2 + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return {
    rating: muNew * GLICKO2_SCALE + 1500,
    rd: clamp(phiNew * GLICKO2_SCALE, cfg.rdFloor, cfg.rdCeiling),
    volatility: sigmaNew,
  };
}

/** Single-opponent period without allocating a results array (hot path of rateGame). */
function rateOne(p: Rating, o: Rating, score: number, cfg: GlickoConfig): Rating {
  const mu = (p.rating - 1500) / GLICKO2_SCALE;
  const phi = p.rd / GLICKO2_SCALE;
  const muJ = (o.rating - 1500) / GLICKO2_SCALE;
  const gJ = g(o.rd / GLICKO2_SCALE);
  const E = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
  return finish(mu, phi, p.volatility, 1 / (gJ * gJ * E * (1 - E)), gJ * (score - E), cfg);
}

/** Instant update after one game: both players, each game its own period. scoreA ∈ [0, 1]. */
export function rateGame(a: Rating, b: Rating, scoreA: number, cfg: GlickoConfig = DEFAULT_GLICKO): [Rating, Rating] {
  return [rateOne(a, b, scoreA, cfg), rateOne(b, a, 1 - scoreA, cfg)];
}

/** Update a 3–4 player pod from final scores: pairwise results, one period per player. */
export function ratePod(players: readonly Rating[], scores: readonly number[], cfg: GlickoConfig = DEFAULT_GLICKO): Rating[] {
  return players.map((p, i) =>
    rate(
      p,
      players.flatMap((o, j) => (j === i ? [] : [{ opponent: o, score: scores[i] > scores[j] ? 1 : scores[i] === scores[j] ? 0.5 : 0 }])),
      cfg,
    ),
  );
}

/** Probability that a beats b, with both players' uncertainty combined (as lichess does). */
export function expectedScore(a: Rating, b: Rating): number {
  const phi = Math.hypot(a.rd, b.rd) / GLICKO2_SCALE;
  return 1 / (1 + Math.exp((-g(phi) * (a.rating - b.rating)) / GLICKO2_SCALE));
}

/** True while the rating is too uncertain to show without a "?" (RD ≥ provisionalRd). */
export function isProvisional(r: Rating, cfg: GlickoConfig = DEFAULT_GLICKO): boolean {
  return r.rd >= cfg.provisionalRd;
}

/** RD growth for `periods` idle rating periods (may be fractional), clamped to the ceiling. */
export function decay(r: Rating, periods: number, cfg: GlickoConfig = DEFAULT_GLICKO): Rating {
  const phi = r.rd / GLICKO2_SCALE;
  const rd = Math.sqrt(phi * phi + periods * r.volatility * r.volatility) * GLICKO2_SCALE;
  return { ...r, rd: clamp(rd, cfg.rdFloor, cfg.rdCeiling) };
}
