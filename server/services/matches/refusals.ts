/**
 * The engine's refusals as the server's errors: one table from a refusal code (engine/game/
 * refusals.ts, whose sentence the player reads unchanged) to the DomainError code that decides
 * the HTTP status (server/errors.ts). Anything not listed is a move the rules refuse: INVALID.
 */
import type { Refusal, RefusalCode } from "@/engine";
import { DomainError, type DomainErrorCode } from "@/server/errors";

const DOMAIN_CODE: Partial<Record<RefusalCode, DomainErrorCode>> = {
  NOT_A_PLAYER: "FORBIDDEN",
  GAME_OVER: "CONFLICT",
  NOT_YOUR_TURN: "PRECONDITION",
  NO_PLAY_TO_CHALLENGE: "PRECONDITION",
  NO_CLOCK: "PRECONDITION",
  ALREADY_PAUSED: "CONFLICT",
  NOT_PAUSED: "CONFLICT",
};

export function refusalError(r: Refusal): DomainError {
  return new DomainError(DOMAIN_CODE[r.code] ?? "INVALID", r.message);
}
