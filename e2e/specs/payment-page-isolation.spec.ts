import { DEMO } from '@app/db/demo';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Payment pages stay free of code an agency supplies (PCI SAQ A, decision 0120). The web app's policy
 * lets scripts run only with the page's nonce (and Stripe.js where a system uses Stripe), so on the
 * Card Setting page, with the card form open, the agency's embed code — its pixel from the agency's
 * own host, the same script from this host, or any inline code — is refused by the browser and never
 * runs, even when something on the page inserts it.
 */
test("the card form's page refuses the agency's embed code and any inline script", async ({
  page,
  baseURL,
  cspViolations,
}) => {
  await signIn(page, DEMO.northwind.owner.email);
  await page.goto('/user/card-setting');
  await page.getByTestId('card-replace').click();
  await expect(page.getByTestId('card-number')).toBeVisible();

  // The embed code as the campaigns screen gives it: the pixel from the agency's custom domain.
  const agencyPixel = `${(baseURL as string).replace('localhost', 'leads.northwind.test')}/px.js`;
  const refused = await page.evaluate(
    async (sources) => {
      const seen: string[] = [];
      const all = new Promise<void>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
          if (seen.length === sources.length + 1) resolve();
        });
      });
      for (const src of sources) {
        const tag = document.createElement('script');
        tag.src = src;
        tag.dataset.campaignId = '12345678';
        document.body.append(tag);
      }
      const inline = document.createElement('script');
      inline.textContent = 'window.agencyCodeRan = true;';
      document.body.append(inline);
      await all;
      return { seen, ran: 'agencyCodeRan' in window };
    },
    [agencyPixel, '/px.js'],
  );

  expect(refused.ran).toBe(false);
  expect(refused.seen.sort()).toEqual(
    [`script-src-elem ${agencyPixel}`, `script-src-elem ${baseURL}/px.js`, 'script-src-elem inline'].sort(),
  );
  // No page view left the page: the pixel never ran.
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').some((r) => r.name.includes('/api/px/v')),
    ),
  ).toBe(false);
  // These were provoked on purpose; anything else still fails the test.
  const provoked = cspViolations.splice(0);
  expect(provoked.length).toBeGreaterThan(0);
  expect(provoked.every((line) => /px\.js|inline|Content Security Policy/i.test(line))).toBe(true);
  // The card form is still there and working: the app's own code was never refused.
  await expect(page.getByTestId('card-number')).toBeEditable();
});
