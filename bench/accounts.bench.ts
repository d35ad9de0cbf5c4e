/**
 * Accounts: does the time of an answer tell whether an address has an account?
 * (docs/security.md "Not telling who has an account").
 *
 * On an in-memory PGlite, medians of interleaved runs of `verifyCredentials` (sign-in) for a real
 * address with a wrong password, an unknown address, and a real address with the right password,
 * next to the reference measured in the same run: one bare scrypt check (`verifyPassword`). Then
 * `requestPasswordReset` for real and unknown addresses with SMTP on (a real `smtp-server` started
 * here; the mail goes out after the answer, so it is not in the figure). Each sign-in uses its own
 * client key, so no lock is reached. The reset request is timed as over HTTP (the work queued
 * for after the answer, run outside the timing) and, for comparison, with the work done inside
 * the call (as in-process callers do, and as every caller did before). BENCH_ACCOUNTS_RUNS
 * overrides 25.
 */
import { openDatabase } from "@/db/client";
import { requestPasswordReset } from "@/server/services/accounts/recovery";
import { signUp, verifyCredentials, type PublicUser } from "@/server/services/accounts/accounts";
import { hashPassword, verifyPassword } from "@/server/services/accounts/password";
import { mailSettled } from "@/server/services/mail/mail";
import { startSmtp } from "@/tests/helpers/smtp";

const RUNS = Number(process.env.BENCH_ACCOUNTS_RUNS ?? 25);
const PASSWORD = "bench-password-1";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export default async function accountsBench() {
  const smtp = await startSmtp();
  const savedSmtp = process.env.SMTP_URL;
  process.env.SMTP_URL = smtp.url;
  const { db, close } = await openDatabase();
  try {
    const users: PublicUser[] = [];
    for (let i = 0; i < RUNS; i++) users.push(await signUp(db, { email: `bench-${i}@example.test`, name: `Bench ${i}`, password: PASSWORD }));
    const stored = await hashPassword(PASSWORD);
    const t = {
      scrypt: [] as number[],
      wrong: [] as number[],
      unknown: [] as number[],
      right: [] as number[],
      resetKnown: [] as number[],
      resetUnknown: [] as number[],
      inlineKnown: [] as number[],
      inlineUnknown: [] as number[],
    };
    const queued: (() => Promise<void>)[] = [];
    const later = (task: () => Promise<void>) => void queued.push(task);
    const drain = async () => {
      for (let task = queued.shift(); task; task = queued.shift()) await task();
    };
    // warm-up (the decoy hash is made on first use)
    await verifyCredentials(db, "warm@example.test", "x", { client: "warm" });
    for (let i = 0; i < RUNS; i++) {
      const u = users[i]!;
      t.scrypt.push(await timed(() => verifyPassword(PASSWORD, stored)));
      t.wrong.push(await timed(() => verifyCredentials(db, u.email, "not-the-password-1", { client: `w${i}` })));
      t.unknown.push(await timed(() => verifyCredentials(db, `nobody-${i}@example.test`, "not-the-password-1", { client: `u${i}` })));
      t.right.push(await timed(() => verifyCredentials(db, u.email, PASSWORD, { client: `r${i}` })));
      t.resetKnown.push(await timed(() => requestPasswordReset(db, u.email, later)));
      await drain();
      t.resetUnknown.push(await timed(() => requestPasswordReset(db, `nobody-${i}@example.test`, later)));
      await drain();
      // the fourth request within 15 minutes sends nothing, so use the next account for the inline case
      t.inlineKnown.push(await timed(() => requestPasswordReset(db, users[(i + 1) % RUNS]!.email)));
      t.inlineUnknown.push(await timed(() => requestPasswordReset(db, `nobody-${i}@example.test`)));
    }
    await mailSettled();
    const f = (xs: number[]) => `${median(xs).toFixed(1)} ms`;
    console.log(`medians of ${RUNS} interleaved runs (PGlite in memory)`);
    console.log(`  reference: one scrypt check (verifyPassword)   ${f(t.scrypt)}`);
    console.log(`  sign-in, real address, wrong password          ${f(t.wrong)}`);
    console.log(`  sign-in, unknown address                       ${f(t.unknown)}`);
    console.log(`  sign-in, real address, right password          ${f(t.right)}`);
    console.log(`  reset request over HTTP, real address          ${f(t.resetKnown)}`);
    console.log(`  reset request over HTTP, unknown address       ${f(t.resetUnknown)}`);
    console.log(`  reset request, work inside, real address       ${f(t.inlineKnown)}`);
    console.log(`  reset request, work inside, unknown address    ${f(t.inlineUnknown)}`);
    console.log(`  reset mails received: ${smtp.messages.length} (expected ${2 * RUNS})`);
  } finally {
    await close();
    process.env.SMTP_URL = savedSmtp;
    await smtp.close();
  }
}
