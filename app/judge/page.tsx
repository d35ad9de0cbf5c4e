/** /judge: the judge's desk (docs/judging.md). Works without an account. */
import type { Metadata } from "next";
import { Suspense } from "react";
import { JudgeDesk } from "./_components/judge-desk";

export const metadata: Metadata = { title: "Judge's desk" };

export default function JudgePage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <JudgeDesk />
    </Suspense>
  );
}
