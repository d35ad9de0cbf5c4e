/**
 * A real SMTP server for tests (the `smtp-server` package), reading every message back with
 * `mailparser`. A message is in `messages` before the server acknowledges it, so once the sender's
 * `sendMail` has resolved (`mailSettled()` in-process) it is here. `next(predicate)` waits for the
 * event of a matching message instead of for time.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** The first message (already received or still to come) matching `predicate`. */
  next(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts the server on `port` (0: any free port) of 127.0.0.1. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
          };
          messages.push(mail);
          for (const w of [...waiters])
            if (w.predicate(mail)) {
              waiters.delete(w);
              w.resolve(mail);
            }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    next(predicate, timeoutMs = 30_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = {
          predicate,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        // a guard so a missing message fails the test with a sentence, not a hang
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no matching message within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join(" | ")}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message whose path starts with `path` (e.g. "/reset-password"). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const m = mail.text.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, "\\$&")}\\S*`));
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[0];
}
