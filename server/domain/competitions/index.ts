/**
 * The club's year above single events (issue 25): divisions and promotion for seasons, series
 * (best N of M), arena club nights (pairing whoever is free, night standings) and ladders.
 * Pure maths over plain arrays; the rules are data (docs/competitions.md).
 */
export { ROUNDINGS, type CompetitionErrorCode, type CompetitionFailure, type CompResult, type Member, type Rounding } from "./types";
export { divisionName, divisionSizes, MAX_DIVISION_SIZE, splitIntoDivisions, type Division } from "./divisions";
export * from "./promotion";
export * from "./series";
export * from "./arena";
export * from "./arena-standings";
export * from "./ladder";
export * from "./season";
