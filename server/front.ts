/**
 * What the app's server (server/main.ts) does to every request before Next, the hot procedures or
 * the metrics endpoint see it — one function, so tests serving the app's handlers over real HTTP
 * put the same gate in front (tests/integration/front.integration.test.ts):
 *
 * - a path with a malformed percent-escape (`/api/v1/tournaments/%ZZ`, `/clubs/%ZZ`) is a 400
 *   with a sentence: Next decodes dynamic segments itself and answers a URIError with a bare 500
 *   that names nothing in the log;
 * - the forwarding headers are settled (server/client-address.ts): from here on the last (and
 *   only) `X-Forwarded-For` entry is the client's address, whatever the client sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { admitForwarding, proxyTrust, type ProxyTrust } from "./client-address";

export const BAD_PATH_MESSAGE = "The address contains a malformed percent-escape (a % must be followed by two hexadecimal digits of UTF-8).";

/** Whether the path of a request target decodes (`decodeURIComponent`, as Next decodes dynamic segments). */
export function pathDecodes(url: string | undefined): boolean {
  const target = url ?? "/";
  const q = target.indexOf("?");
  try {
    decodeURIComponent(q < 0 ? target : target.slice(0, q));
    return true;
  } catch {
    return false;
  }
}

/**
 * Admits `req` (true) after settling its forwarding headers, or answers it itself (false): a 400
 * for a path that does not decode, JSON under `/api/`, text elsewhere.
 */
export function admitRequest(req: IncomingMessage, res: ServerResponse, trust: ProxyTrust = proxyTrust()): boolean {
  if (!pathDecodes(req.url)) {
    const api = req.url?.startsWith("/api/") ?? false;
    res
      .writeHead(400, { "content-type": api ? "application/json" : "text/plain; charset=utf-8" })
      .end(api ? JSON.stringify({ error: BAD_PATH_MESSAGE, code: "BAD_REQUEST" }) : `${BAD_PATH_MESSAGE}\n`);
    return false;
  }
  admitForwarding(req, trust);
  return true;
}
