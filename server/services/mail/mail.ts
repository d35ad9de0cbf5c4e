/**
 * E-mail, through nodemailer (a well-kept library: SMTP, TLS, encodings and connection handling we
 * should not write ourselves).
 *
 * - `SMTP_URL` set (e.g. `smtps://user:pass@smtp.example.org:465`): the message is sent through
 *   that server *after* the answer has been sent (`later`, Next's `after()` over HTTP), so a slow
 *   mail server never delays a page and the time an answer takes does not tell whether a message
 *   went out (a reset for an unknown address answers as fast as one for a real account). A failed
 *   send is logged without the message body (it may hold a one-time link).
 * - unset (the embedded default): the message is written to the server log and kept in the
 *   `mail_outbox` table, in the caller's transaction, so a single-machine club can still reset a
 *   password: a site admin reads it at /admin/outbox and passes the link on. Kept 14 days.
 *
 * The sender is `MAIL_FROM` (default `Equalis <no-reply@localhost>`). Links in messages start with
 * `APP_URL` (`appUrl()`), never with the request's Host header, which a client chooses.
 */
import { createTransport, type Transporter } from "nodemailer";
import { desc, lt } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { log } from "@/server/log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Runs a task once the current answer has been sent. */
export type Later = (task: () => Promise<void>) => void;

const nextMacrotask: Later = (task) => void setImmediate(task);

const OUTBOX_DAYS = 14;

let transport: { url: string; t: Transporter } | null = null;

function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) transport = { url, t: createTransport(url) };
  return transport.t;
}

/** The public address of the site, for links in messages (`APP_URL`, no trailing slash). */
export function appUrl(): string {
  const configured = process.env.APP_URL?.trim();
  return (configured || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
}

/** Whether mail really leaves the server (`SMTP_URL` is set). */
export function mailConfigured(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}

const pending = new Set<Promise<void>>();

/** Resolves once every SMTP send started so far has finished (tests and shutdown). */
export async function mailSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/**
 * Sends `message`: by SMTP after the answer when `SMTP_URL` is set, otherwise into the outbox now
 * (in `db`'s transaction) and the log. Never throws for a failed SMTP send (it is logged).
 */
export async function sendMail(db: DbOrTx, message: MailMessage, later: Later = nextMacrotask): Promise<void> {
  const url = process.env.SMTP_URL?.trim();
  if (!url) {
    // the message itself is logged on purpose: with no SMTP server, the log is one way to read it
    log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, `[mail] no SMTP_URL: kept in the outbox for ${message.to}: ${message.subject}`);
    await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, new Date(Date.now() - OUTBOX_DAYS * 86_400_000)));
    await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, body: message.text });
    return;
  }
  const from = process.env.MAIL_FROM?.trim() || "Equalis <no-reply@localhost>";
  const send = async () => {
    try {
      await smtpTransport(url).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    } catch (err) {
      log.error({ to: message.to, reason: err instanceof Error ? err.message : String(err) }, `[mail] could not send "${message.subject}" to ${message.to}`);
    }
  };
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  pending.add(done);
  const run = () =>
    send().finally(() => {
      pending.delete(done);
      settle();
    });
  try {
    later(run);
  } catch {
    // no answer to wait for (Next's after() outside a request): send now, still unawaited
    void run();
  }
}

/**
 * Runs `work` after the answer when there is one to wait for (`later`, over HTTP), or now, awaited
 * (in-process callers: tests, scripts, whose database handle may be a transaction that ends with
 * the call). Work whose presence depends on a secret fact — whether an address has an account —
 * goes here, so the answer takes the same time either way. Errors are logged, never thrown.
 */
export async function afterTheAnswer(later: Later | undefined, what: string, work: () => Promise<void>): Promise<void> {
  const run = () => work().catch((err: unknown) => log.error({ reason: err instanceof Error ? err.message : String(err) }, `[accounts] ${what} failed`));
  if (!later) return run();
  try {
    later(run);
  } catch {
    await run(); // no answer to wait for after all (Next's after() outside a request)
  }
}

/** Runs a task at once: for mail sent from work that already runs after the answer. */
export const rightAway: Later = (task) => void task();

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  body: string;
  createdAt: Date;
}

/** The kept messages, newest first (the caller checks that the reader is a site admin). */
export async function listOutbox(db: DbOrTx, limit = 50): Promise<OutboxMessage[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
