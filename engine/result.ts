/**
 * The one result shape of the engine and the domain (docs/conventions.md, principle 3): a value,
 * or an error of type `E` — a sentence (`string`, the default) or a record such as the game's
 * `{ code, message }` or the domain's `DomainFailure`. Callers test `ok`, then read `value` or
 * `error`; nothing user input can cause is thrown.
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };
