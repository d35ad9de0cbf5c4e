/**
 * Who may read `/api/metrics` (docs/deployment.md "Metrics"). With `METRICS_TOKEN` set: whoever
 * sends `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time), from anywhere. Unset:
 * only a client on this machine, talking to the app server directly — judged by the socket's
 * address, which only server/main.ts (`npm start`) has; a request that came through a proxy
 * (`X-Forwarded-For` present) is not local, whatever the proxy's own address. Next's route
 * handlers never see the socket (and `next start` keeps a client's `X-Forwarded-For` as sent), so
 * there the token is the only way in.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export type MetricsAccess = { ok: true } | { ok: false; status: 401 | 403; error: string };

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameSecret(a: string, b: string): boolean {
  // hashing first gives equal lengths, so the comparison's time says nothing about the token
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

/**
 * `peer`: the socket's remote address when known (server/main.ts), else null; `forwarded`:
 * whether the request carries `X-Forwarded-For`.
 */
export function metricsAccess(req: { authorization: string | null; peer: string | null; forwarded: boolean }, token = process.env.METRICS_TOKEN?.trim()): MetricsAccess {
  if (token) {
    const given = /^Bearer\s+(.+)$/i.exec(req.authorization ?? "")?.[1]?.trim();
    if (given && sameSecret(given, token)) return { ok: true };
    return { ok: false, status: 401, error: "Metrics need Authorization: Bearer <METRICS_TOKEN>." };
  }
  if (req.peer && LOOPBACK.test(req.peer) && !req.forwarded) return { ok: true };
  return { ok: false, status: 403, error: "Metrics are served to this machine only (npm start), or to a client with METRICS_TOKEN: see docs/deployment.md." };
}
