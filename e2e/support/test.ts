import { type BrowserContext, test as base, expect } from '@playwright/test';

export { expect };

/** What the reporter below writes, so a violation reads the same from every frame. */
const REPORT_PREFIX = '[csp-violation]';

/** Chromium's own console line for a refused load, script, style or eval, or the reporter's. */
export const isCspViolation = (text: string) =>
  text.startsWith(REPORT_PREFIX) || /Content Security Policy/i.test(text);

/**
 * Every spec's `test`: Playwright's, with a guard that fails the test on any Content-Security-Policy
 * violation in any page or frame of any browser context the test opens (the default one and those made
 * with `browser.newContext`), after the test body has run (decision 0120). The page's
 * `securitypolicyviolation` event names the directive and the refused source; Chromium's console line
 * is kept too, for what happens before the reporter runs.
 */
export const test = base.extend<{ cspViolations: string[]; cspViolationGuard: undefined }>({
  /** The violations seen so far; a spec that provokes some on purpose takes them out (`splice`). */
  cspViolations: async ({ browser: _browser }, use) => {
    await use([]);
  },
  cspViolationGuard: [
    async ({ browser, cspViolations: violations }, use) => {
      const watched = new WeakSet<BrowserContext>();
      const watch = (context: BrowserContext) => {
        if (watched.has(context)) return;
        watched.add(context);
        context.on('console', (message) => {
          if (isCspViolation(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
        });
        void context
          .addInitScript((prefix) => {
            document.addEventListener('securitypolicyviolation', (event) => {
              console.error(
                `${prefix} ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
              );
            });
          }, REPORT_PREFIX)
          // A context the test already closed needs no reporter.
          .catch(() => undefined);
      };
      for (const context of browser.contexts()) watch(context);
      browser.on('context', watch);
      await use(undefined);
      browser.off('context', watch);
      expect(violations, 'Content-Security-Policy violations in the browser').toEqual([]);
    },
    { auto: true },
  ],
});
