import { describe, expect, it } from "vitest";
import { estimateShare } from "./search-word-shares";

const shares: Record<string, number> = {
  bike: 0.3,
  motor: 0.11,
  motorbik: 0.1,
  kayak: 0.02,
  red: 0.2,
  "o'brien": 0.05,
};
const shareOf = (lexeme: string) => shares[lexeme] ?? 0;

describe("estimateShare", () => {
  it("gives one word its own share", () => {
    expect(estimateShare("'bike'", shareOf)).toBe(0.3);
  });
  it("gives a phrase or words that must all match the least common word's share", () => {
    expect(estimateShare("'motor' <-> 'bike'", shareOf)).toBe(0.11);
    expect(estimateShare("'red' & 'kayak'", shareOf)).toBe(0.02);
    expect(estimateShare("'red' <2> 'kayak'", shareOf)).toBe(0.02);
  });
  it("adds alternatives, at most all listings", () => {
    expect(estimateShare("'motorbik' | 'motor' <-> 'bike'", shareOf)).toBeCloseTo(0.21);
    expect(estimateShare("'bike' | 'red' | 'bike' | 'bike'", shareOf)).toBe(1);
  });
  it("follows parentheses and ignores what must not match", () => {
    expect(estimateShare("( 'motorbik' | 'kayak' ) & 'red'", shareOf)).toBeCloseTo(0.12);
    expect(estimateShare("'kayak' & !'red'", shareOf)).toBe(0.02);
  });
  it("reads quoted quotes and weights", () => {
    expect(estimateShare("'o''brien':AB", shareOf)).toBe(0.05);
  });
  it("gives no words no share", () => {
    expect(estimateShare("", shareOf)).toBe(0);
  });
});
