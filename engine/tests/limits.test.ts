/**
 * Limits on what a request may hold (docs/engine.md, "Limits"): deep 'SMATH bracket nesting and
 * oversized requests get a ruling or a BAD_REQUEST, never a stack overflow — on the validated
 * path (`adjudicate`, `parseAdjudicationRequest` + `adjudicateRequest`, which the CLI and the
 * server use) and on the typed path (`adjudicatePlay`, which games use).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adjudicate, adjudicatePlay, adjudicateRequest, MAX_FACE_LENGTH, parseAdjudicationRequest } from "../adjudicate";
import { lex, type LexCell, type Token } from "../expr/lex";
import { MAX_NESTING, parse } from "../expr/parse";
import { evaluate, RATIONAL_FIELD } from "../expr/evaluate";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import * as Q from "../rational";
import { codes } from "./helpers";

const smath = getRuleset("smath");

/** `(((…2…))) = 2` across from the start square: n brackets around the first 2. */
const nested = (n: number) => [
  { row: 7, col: 7, tile: "(".repeat(n) + "2" + ")".repeat(n) },
  { row: 7, col: 8, tile: "=" },
  { row: 7, col: 9, tile: "2" },
];

describe("deep bracket nesting", () => {
  it("a face with 2,000 brackets is a BAD_REQUEST with a sentence, everywhere the request is parsed", () => {
    const req = { ruleset: "smath", board: [], play: nested(2000) };
    const p = parseAdjudicationRequest(req);
    expect(p).toEqual({ ok: false, error: `play[0].tile is 4001 characters long; a face has at most ${MAX_FACE_LENGTH}` });
    const r = adjudicate(req);
    expect(codes(r)).toEqual(["BAD_REQUEST"]);
    expect(r.violations[0].message).toMatch(/at most 16/);
  });

  it("adjudicatePlay (no request validation) rules SYNTAX on nesting deeper than the limit instead of overflowing", () => {
    const r = adjudicatePlay(smath, [], nested(5000));
    expect(codes(r)).toEqual(["SYNTAX"]);
    expect(r.violations[0].message).toContain(`brackets nested more than ${MAX_NESTING} deep`);
  });

  it("nesting up to the limit is read; one more is SYNTAX", () => {
    const ok = adjudicatePlay(smath, [], nested(MAX_NESTING));
    expect(ok.valid, JSON.stringify(ok.violations)).toBe(true);
    const deep = adjudicatePlay(smath, [], nested(MAX_NESTING + 1));
    expect(codes(deep)).toEqual(["SYNTAX"]);
  });

  it("a validated request can still nest deeper than the limit across tiles, and gets SYNTAX", () => {
    const faces = ["((((((((((((((2", "+", "((((((((((((((2", "+", "((((((((((((((2", "=", "6"];
    const req = { ruleset: "smath", board: [], play: faces.map((tile, i) => ({ row: 7, col: 3 + i, tile })) };
    const p = parseAdjudicationRequest(req);
    if (!p.ok) throw new Error(p.error);
    const r = adjudicateRequest(p.value);
    expect(codes(r)).toContain("SYNTAX");
    expect(r.violations.map((v) => v.message).join()).toContain(`nested more than ${MAX_NESTING} deep`);
  });

  it("property: any bracket counts on any 'SMATH line give a ruling (never a throw, never INTERNAL)", () => {
    const face = fc.tuple(fc.nat(3000), fc.constantFrom("2", "3", "12", "+", "×", "="), fc.nat(3000)).map(([o, core, c]) =>
      /\d/.test(core) ? "(".repeat(o) + core + ")".repeat(c) : core,
    );
    fc.assert(
      fc.property(fc.array(face, { minLength: 1, maxLength: 15 }), fc.boolean(), (faces, viaRequest) => {
        const play = faces.map((tile, i) => ({ row: 7, col: i, tile }));
        const r = viaRequest ? adjudicate({ ruleset: "smath", board: [], play }) : adjudicatePlay(smath, [], play);
        expect(codes(r)).not.toContain("INTERNAL");
        if (viaRequest && faces.some((f) => f.length > MAX_FACE_LENGTH)) expect(codes(r)).toEqual(["BAD_REQUEST"]);
      }),
      { numRuns: 200 },
    );
  });

  it("property: the parser and evaluator never overflow on long token streams", () => {
    const token = fc.constantFrom<Token["kind"]>("num", "op", "imul", "open", "close", "eq");
    fc.assert(
      // a short pattern repeated: "(" nests deep, "2 +" makes a long chain
      fc.property(fc.array(fc.tuple(fc.array(token, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 5000 })), { maxLength: 6 }), (runs) => {
        const tokens: Token[] = [];
        for (const [pattern, n] of runs) {
          for (let k = 0; k < n; k++) {
            for (const kind of pattern) {
              const at = tokens.length;
              if (kind === "num") tokens.push({ kind, value: Q.rat(1n), from: at, to: at });
              else if (kind === "op") tokens.push({ kind, op: "+", at });
              else tokens.push({ kind, at });
            }
          }
        }
        const parsed = parse(tokens, smath.grammar, "standard", tokens.length);
        const text = () => "…";
        for (const s of parsed.sides) if (s.node) evaluate(s.node, RATIONAL_FIELD, { forbidNegative: false, rulesetName: "'SMATH", text });
      }),
      { numRuns: 60 },
    );
  });

  it("a 100,000-term chain parses and evaluates without recursion along the chain", () => {
    const tokens: Token[] = [];
    for (let i = 0; i < 100_000; i++) {
      if (i) tokens.push({ kind: "op", op: i % 2 ? "+" : "×", at: tokens.length });
      tokens.push({ kind: "num", value: Q.rat(1n), from: tokens.length, to: tokens.length });
    }
    const parsed = parse(tokens, smath.grammar, "standard", tokens.length);
    const r = evaluate(parsed.sides[0].node!, RATIONAL_FIELD, { forbidNegative: false, rulesetName: "'SMATH", text: () => "…" });
    expect(r).toEqual({ ok: true, value: Q.rat(50_001n) });
  });

  it("the lexer reads a 100,000-bracket tile without recursion", () => {
    const cells: LexCell[] = [{ face: "2", open: 100_000, close: 0 }];
    expect(lex(cells, smath.grammar, { mixedFractionBelowOne: true }).tokens).toHaveLength(100_001);
  });

  it("position notation with deep or long input is an error, not a throw", () => {
    const deep = "smath " + Array.from({ length: 15 }, (_, r) => (r === 7 ? `7[${"(".repeat(100_000)}2]7` : "15")).join("/") + " / 0/0 0 0";
    expect(parsePosition(deep).ok).toBe(true);
    expect(parsePosition("smath " + "[".repeat(200_000)).ok).toBe(false);
    expect(parsePosition("smath " + "1".repeat(200_000) + " / 0/0 0 0").ok).toBe(false);
  });
});

describe("request sizes", () => {
  it("refuses more board or play tiles than the board has squares", () => {
    const many = Array.from({ length: 226 }, (_, i) => ({ row: 0, col: i, tile: "1" }));
    expect(parseAdjudicationRequest({ ruleset: "smath", board: many, play: [] })).toEqual({ ok: false, error: `"board" lists 226 tiles; the 15×15 board has 225 squares` });
    expect(parseAdjudicationRequest({ ruleset: "smath", board: [], play: many })).toEqual({ ok: false, error: `"play" lists 226 tiles; the 15×15 board has 225 squares` });
  });
});
