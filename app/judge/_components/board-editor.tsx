/**
 * The desk draws its board with the shared Board (app/_components/board/Board.tsx: coordinates,
 * "new" tiles, violation outlines, squares as buttons). Only the per-game premium labels are
 * re-exported here, for the ruling view.
 */
export { PREMIUM_LABELS } from "@/app/_components/board/squares";
