/**
 * Next's proxy (Next 16's name for middleware): runs before every page, in `next start` and
 * behind server/main.ts alike. It draws the page's CSP nonce and sets the policy
 * (server/ops/csp.ts), adds HSTS when the request came over HTTPS (server/ops/https.ts), and gives
 * the request an id (`X-Request-Id`, kept from a proxy when plain, else new) that the server's log
 * lines carry (server/log.ts) and the response echoes. API routes are not matched: they set their
 * request id themselves (server/log.ts `withRequestLog`), and the live streams stay untouched.
 */
import { NextResponse, type NextRequest } from "next/server";
import { acceptedRequestId, contentSecurityPolicy, HSTS, newNonce } from "@/server/ops/csp";
import { requestIsHttps } from "@/server/ops/https";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const https = requestIsHttps(request.headers, request.url);
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development", https });
  const requestId = acceptedRequestId(request.headers.get("x-request-id")) ?? crypto.randomUUID();

  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  headers.set("x-request-id", requestId);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  response.headers.set("x-request-id", requestId);
  if (https) response.headers.set("strict-transport-security", HSTS);
  return response;
}

export const config = {
  // pages only: not the API, not Next's static files (they carry no scripts of their own)
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico).*)" }],
};
