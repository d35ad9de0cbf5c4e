/** Input of the TSH import (docs/records.md "TSH files"): the text of one `.t` file, at most 1 MB
 * (players and rounds are limited by the reader: TSH_MAX_PLAYERS, TSH_MAX_ROUNDS). */
import { z } from "zod";

/** The most characters a pasted or uploaded `.t` file may have. */
export const TSH_MAX_TEXT = 1_000_000;

export const tshImportInput = z.object({
  text: z.string().min(1, "Paste a .t file, or open one.").max(TSH_MAX_TEXT, "A .t file may have at most 1,000,000 characters; split the field into divisions."),
});
