import { expect, test, type Page } from "./fixtures";
import { randomBytes } from "node:crypto";
import { signUp } from "./helpers";
import { api } from "./tournament-setup";

/**
 * The Content-Security-Policy (proxy.ts, server/ops/csp.ts) on the main pages, as a browser sees
 * it: every page answers with a nonce-based policy whose nonce is on the page's scripts, and no
 * page — a live game's stream included — makes the browser refuse anything. Violations are caught
 * twice: the `securitypolicyviolation` event each document fires, and the console's report.
 */

/** Records every CSP violation of this page's documents, across navigations (the init script runs before the page's own). */
async function watchViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) seen.push(msg.text());
  });
  await page.exposeFunction("__reportCsp", (line: string) => void seen.push(line));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCsp: (line: string) => void }).__reportCsp;
    document.addEventListener("securitypolicyviolation", (e) => report(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => [...seen];
}

/** Visits `path`, checks the policy and its nonce on the page's scripts, waits for `ready`. */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const csp = response!.headers()["content-security-policy"];
  expect(csp, `${path}: CSP header`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("upgrade-insecure-requests"); // served over plain HTTP
  expect(response!.headers()["strict-transport-security"], `${path}: no HSTS over HTTP`).toBeUndefined();
  expect(response!.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  const html = await response!.text();
  expect(html, `${path}: Next's scripts carry the nonce`).toContain(`nonce="${nonce}"`);
  await ready(page);
}

test("[security]: the main pages send a nonce-based CSP and the browser reports no violation, live game included", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);

  await visit(page, "/", async (p) => await expect(p.getByRole("banner")).toBeVisible());
  await visit(page, "/signin", async (p) => await expect(p.getByLabel("E-mail")).toBeVisible());
  await signUp(page, `Csp Watcher ${randomBytes(2).toString("hex")}`);

  const club = await api<{ id: string; handle: string }>(page, "clubs.create", { handle: `csp-${randomBytes(3).toString("hex")}`, name: "CSP Club" });
  const t = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "CSP Open", startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 1 });
  await visit(page, `/clubs/${club.handle}`, async (p) => await expect(p.getByRole("heading", { name: "CSP Club" })).toBeVisible());
  await visit(page, `/tournaments/${t.id}`, async (p) => await expect(p.getByRole("heading", { name: "CSP Open" })).toBeVisible());

  // a live game against the bot: the play page holds its Server-Sent Events stream open
  await visit(page, "/play", async (p) => await expect(p.getByRole("button", { name: "Play the bot" })).toBeVisible());
  await page.getByLabel("Game against the bot").selectOption("equate");
  await page.getByRole("button", { name: "Play the bot" }).click();
  await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  const matchId = page.url().split("/").pop()!;
  await expect(page.getByTestId("turn")).toHaveText(/^Your turn\./, { timeout: 15_000 });
  const rows = page.getByTestId("sheet-row");
  const before = await rows.count();
  await page.getByRole("button", { name: "Pass" }).click();
  // the bot's answer arrives over the stream, not by reloading
  await expect(rows).toHaveCount(before + 2, { timeout: 15_000 });
  expect(violations()).toEqual([]);

  await visit(page, `/play/${matchId}`, async (p) => await expect(p.getByTestId("board")).toBeVisible());
  await visit(page, `/matches/${matchId}`, async (p) => await expect(p.getByTestId("replay-pos")).toBeVisible());
  await visit(page, "/judge", async (p) => await expect(p.getByRole("heading", { level: 1 })).toBeVisible());
  expect(violations()).toEqual([]);
});

test("[security]: a page from the page cache gets a new nonce each time, hydrates, and an inline script without the nonce does not run", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUp(page, `Cache Director ${randomBytes(2).toString("hex")}`);
  const club = await api<{ id: string }>(page, "clubs.create", { handle: `cache-${randomBytes(3).toString("hex")}`, name: "Cache Club" });
  const t = await api<{ id: string }>(page, "tournaments.create", { clubId: club.id, name: "Cache Open", startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 1 });

  // an anonymous spectator (server/page-cache.ts serves only visitors without a session), three visits
  const path = `/tournaments/${t.id}/standings`;
  const nonces: string[] = [];
  const sources: (string | undefined)[] = [];
  const viewer = await (await browser.newContext()).newPage();
  const violations = await watchViolations(viewer);
  for (let i = 0; i < 3; i++) {
    const response = await viewer.goto(path);
    sources.push(response!.headers()["x-page-cache"]);
    const csp = response!.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await response!.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.match(/nonce="([^"]+)"/g)!.every((a) => a === `nonce="${nonce}"`), "no script carries another response's nonce").toBe(true);
    nonces.push(nonce);
    // hydrated: the standings are read over tRPC after the page loads
    await expect(viewer.getByRole("heading", { name: /Cache Open: standings/ })).toBeVisible();
    expect(violations()).toEqual([]);
  }
  expect(new Set(nonces).size).toBe(3);
  expect(sources.slice(1)).toEqual(["hit", "hit"]);

  // the cached page with an injected inline script (as a stored XSS would put it): the policy refuses it
  const attacked = viewer;
  await attacked.route((url) => url.pathname === path, async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace("</body>", "<script>window.__injected = 1</script></body>");
    await route.fulfill({ response: res, body });
  });
  const response = await attacked.goto(path);
  expect(response!.headers()["x-page-cache"]).toBe("hit");
  await expect(attacked.getByRole("heading", { name: /Cache Open: standings/ })).toBeVisible();
  expect(await attacked.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect(violations().some((v) => /script-src/.test(v))).toBe(true);
});
