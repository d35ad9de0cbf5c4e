/** "1st", "2nd", "3rd", "11th", "22nd": a place as people write it (standings, prizes, seasons). */
export function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}
