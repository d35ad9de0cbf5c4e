/** The header's navigation: every feature a person can reach. Add an entry when a feature ships. */
export interface NavItem {
  href: string;
  label: string;
  /** Shown only to signed-in users. */
  signedIn?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { href: "/clubs", label: "Clubs" },
  { href: "/clubs/mine", label: "My clubs", signedIn: true },
  { href: "/tournaments", label: "Tournaments" },
  { href: "/play", label: "Play", signedIn: true },
  { href: "/duplicate", label: "Duplicate", signedIn: true },
  { href: "/scorekeeper", label: "Scorekeeper", signedIn: true },
  { href: "/matches/import", label: "Import a game", signedIn: true },
  { href: "/live", label: "Live now" },
  { href: "/judge", label: "Judge" },
  { href: "/ratings", label: "Ratings" },
];
