import { describe, expect, it } from "vitest";
import { formatMoney, parseMoney } from "./money";

describe("money in minor units", () => {
  it.each([
    [1250, "EUR", "12.50 EUR"],
    [5, "EUR", "0.05 EUR"],
    [0, "USD", "0.00 USD"],
    [500, "JPY", "500 JPY"],
  ])("formats %i %s as %s", (minor, cur, text) => expect(formatMoney(minor, cur)).toBe(text));

  it.each([
    ["12.5", "EUR", 1250],
    ["12,50", "EUR", 1250],
    ["12", "EUR", 1200],
    ["500", "JPY", 500],
    ["1.234", "EUR", null],
    ["-3", "EUR", null],
    ["abc", "EUR", null],
    ["5.5", "JPY", null],
  ])("reads %s %s as %s", (text, cur, minor) => expect(parseMoney(text, cur)).toBe(minor));
});
