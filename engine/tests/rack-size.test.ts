/**
 * Tile counts against the rack size (docs/engine.md "Rack size and the all-tiles bonus"): a play
 * never places more rack tiles than a rack holds (TOO_MANY_TILES), a rack longer than the rack
 * size is a malformed request, and the all-tiles bonus needs exactly a full rack, with or without
 * a rack in the request.
 */
import { describe, expect, it } from "vitest";
import { adjudicate, parseAdjudicationRequest } from "../adjudicate";
import { across, codes, first } from "./helpers";

describe("rack size", () => {
  it("Equate: ten rack tiles with no rack are TOO_MANY_TILES, not an all-tiles bonus", () => {
    // 1 2 3 + 4 5 6 5 7 9: ten bag tiles; `=` is Equate's unlimited tile
    const r = adjudicate({ ruleset: "equate", board: [], play: first("equate", "1 2 3 + 4 5 6 = 5 7 9") });
    expect(codes(r)).toEqual(["TOO_MANY_TILES"]);
    expect(r.valid).toBe(false);
    expect(r.bonuses).toEqual([]);
    expect(r.violations[0].message).toBe("10 tiles from the rack in one turn; an Equate rack holds 9");
    expect(r.violations[0].cells).toHaveLength(10);
  });

  it("'SMATH: eleven rack tiles are refused; ten (plus unlimited = signs) earn the bonus", () => {
    const board = [{ row: 7, col: 11, tile: "=" }];
    // 2+3+4+1+2 = 12 = 12: nine + one + one rack tiles, the = signs are unlimited
    const eleven = [...across(7, 2, "2 + 3 + 4 + 1 + 2"), ...across(7, 12, "12 = 12")];
    const r = adjudicate({ ruleset: "smath", board, play: eleven });
    expect(codes(r)).toEqual(["TOO_MANY_TILES"]);
    expect(r.violations[0].message).toBe("11 tiles from the rack in one turn; an 'SMATH rack holds 10");
    const ten = [...across(7, 2, "2 + 3 + 4 + 1 + 2"), ...across(7, 12, "12")];
    const ok = adjudicate({ ruleset: "smath", board, play: ten });
    expect(ok.valid, JSON.stringify(ok.violations)).toBe(true);
    expect(ok.bonuses).toEqual([{ kind: "all-tiles", points: 25 }]);
  });

  it("a rack longer than the rack size is a malformed request", () => {
    const rack = ["1", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    const req = { ruleset: "equate", board: [], play: first("equate", "1 = 1"), rack };
    expect(parseAdjudicationRequest(req)).toEqual({ ok: false, error: `"rack" lists 10 tiles; an Equate rack holds 9 (and one =)` });
    expect(codes(adjudicate(req))).toEqual(["BAD_REQUEST"]);
    expect(adjudicate({ ...req, rack: rack.slice(0, 9) }).valid).toBe(true);
  });

  it("Equate: nine tiles and the always-available = (the rules' tenth tile) are a rack; a second = or another ruleset's extra is not", () => {
    const nine = ["1", "1", "2", "3", "4", "5", "6", "7", "8"];
    const play = first("equate", "1 = 1");
    expect(parseAdjudicationRequest({ ruleset: "equate", board: [], play, rack: [...nine, "="] })).toMatchObject({ ok: true, value: { rack: [...nine, "="] } });
    expect(adjudicate({ ruleset: "equate", board: [], play, rack: ["=", ...nine] }).valid).toBe(true);
    expect(parseAdjudicationRequest({ ruleset: "equate", board: [], play, rack: [...nine, "=", "="] })).toEqual({ ok: false, error: `"rack" lists 11 tiles; an Equate rack holds 9 (and one =)` });
    expect(parseAdjudicationRequest({ ruleset: "equate", board: [], play, rack: [...nine, "9", "="] })).toMatchObject({ ok: false });
    // 'SMATH's = is unlimited too, but its rules count ten rack tiles without it: not loosened
    const ten = [...nine, "9"];
    expect(parseAdjudicationRequest({ ruleset: "smath", board: [], play: first("smath", "1 = 1"), rack: [...ten, "="] })).toEqual({ ok: false, error: `"rack" lists 11 tiles; an 'SMATH rack holds 10` });
    expect(parseAdjudicationRequest({ ruleset: "number-scrabble", board: [], play: first("number-scrabble", "1 = 1"), rack: [...nine, "="] })).toMatchObject({ ok: false });
  });

  it("with a rack: a full rack earns the bonus, emptying a short rack (end of the bag) does not", () => {
    const play = first("equate", "1 + 2 + 3 + 4 = 1 0");
    const full = adjudicate({ ruleset: "equate", board: [], play, rack: ["1", "+", "2", "+", "3", "+", "4", "1", "0"] });
    expect(full.bonuses).toEqual([{ kind: "all-tiles", points: 40 }]);
    const short = adjudicate({ ruleset: "equate", board: [], play: first("equate", "1 + 2 + 3 = 6"), rack: ["1", "+", "2", "+", "3", "6"] });
    expect(short.valid).toBe(true);
    expect(short.bonuses).toEqual([]);
  });
});
