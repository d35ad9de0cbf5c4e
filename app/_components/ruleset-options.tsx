/** The games as a select's options, in the engine's order and by the engine's names (one home for
 * the list every "Game" select shows: the lobby, the bot, the scorekeeper's new game, the judge's desk). */
import { RULESET_IDS, RULESET_NAMES } from "@/engine";

export function RulesetOptions() {
  return RULESET_IDS.map((id) => (
    <option key={id} value={id}>
      {RULESET_NAMES[id]}
    </option>
  ));
}
