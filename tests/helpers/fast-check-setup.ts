/**
 * vitest setupFile: every fast-check property in this run draws from the run's seed (printed at the
 * start), so a failure replays with TEST_SEED=<seed>; a property that names its own seed keeps it.
 */
import fc from "fast-check";
import { runSeed } from "./tier";

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: runSeed() });
