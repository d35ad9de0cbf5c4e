/**
 * The specs' `test`: Playwright's own, plus one automatic fixture that closes every browser context
 * a test opened with `browser.newContext()`. Playwright keeps those open for the worker's whole
 * life, so a spec's extra players went on polling and holding live streams through every later spec
 * — seen in a trace as hundreds of requests from earlier tests, slowing the end of the run on a
 * 2-core machine until a 10 s live update could time out.
 */
import { test as base } from "@playwright/test";

export { expect, request, type APIRequest, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
