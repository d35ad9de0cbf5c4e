import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { keepNewer } from "@/app/play/_components/keep-newer";

describe("the live board's view never goes back a version (keep-newer.ts)", () => {
  it("keeps the newer view against an older one and takes a newer or equal one", () => {
    const v2 = { version: 2, status: "active", game: { turn: 0 } };
    expect(keepNewer(v2, { version: 1, status: "open" })).toBe(v2);
    expect(keepNewer(v2, { version: 3, status: "active" })).toEqual({ version: 3, status: "active" });
    // the same version read again: its unchanged parts keep their identity (React skips them)
    const again = keepNewer(v2, { version: 2, status: "active", game: { turn: 0 } }) as typeof v2;
    expect(again.game).toBe(v2.game);
    expect(keepNewer(undefined, { version: 1 })).toEqual({ version: 1 });
  });

  it("a read answered before the game started, arriving after the live stream's start, is not applied", async () => {
    const qc = new QueryClient();
    const queryKey = ["matches.get", "m1"];
    let answer!: (v: unknown) => void;
    const read = qc.fetchQuery({ queryKey, queryFn: () => new Promise((resolve) => (answer = resolve)), structuralSharing: keepNewer });
    // the live stream's view of the started game lands while the first read is in flight
    qc.setQueryData(queryKey, { version: 2, status: "active" });
    answer({ version: 1, status: "open" });
    await read;
    expect(qc.getQueryData(queryKey)).toEqual({ version: 2, status: "active" });
    qc.clear();
  });
});
