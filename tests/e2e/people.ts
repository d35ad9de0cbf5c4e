/**
 * People for multi-player specs: each a browser context of its own, signed up and signed in
 * through the API from an address of its own (rate limits and the sign-in lock are per client),
 * and `call` for a tRPC mutation as that person.
 */
import type { APIRequestContext, Browser } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./helpers";

export async function call<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.post(`/api/trpc/${path}`, { data: { json: input } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.result.data.json as T;
}

/** A new browser context signed in as a new account named `name`. */
export async function person(browser: Browser, name: string, viewport = { width: 1280, height: 800 }) {
  const client = `198.18.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const ctx = await browser.newContext({ viewport, extraHTTPHeaders: { "x-forwarded-for": client }, ...(viewport.width < 500 ? { hasTouch: true } : {}) });
  const email = uniqueEmail("entry");
  await call(ctx.request, "accounts.signUp", { email, name, password: PASSWORD });
  const { csrfToken } = (await (await ctx.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await ctx.request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: PASSWORD }, headers: { "x-auth-return-redirect": "1" } });
  return { ctx, email, page: await ctx.newPage() };
}

