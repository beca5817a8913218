import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './test';

/** The impacts issue 9 holds at zero; moderate and minor findings are not failures. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** One serious or critical axe finding, in words a failure message can list. */
export interface AxeProblem {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/**
 * Which of axe's rules a run applies: all its default ones, or only those whose outcome depends on
 * colours. A second colour scheme is the same screen with other CSS variables (the app's toggle
 * re-renders nothing else), so names, roles and structure are checked once and colours in each scheme.
 */
export type AxeRules = 'all' | 'colours';
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core (its default rules: WCAG 2.x A/AA and best practice, or only its colour rules) on the page as it is now and
 * returns its serious and critical violations, one entry per rule with every element it names.
 * `screen` says what was checked (user, path, colour scheme) so a walk can report every screen at once.
 */
export async function seriousAxeViolations(
  page: Page,
  screen: string,
  rules: AxeRules = 'all',
): Promise<AxeProblem[]> {
  const { violations } = await analyzeBounded(page, screen, rules);
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      // Each element's own finding (for contrast: its colours and ratio), without axe's boilerplate.
      summary: violation.nodes
        .map((node) =>
          node.failureSummary?.replace(/^Fix (any|all) of the following:\s*/, '').replace(/\s+/g, ' '),
        )
        .join(' | '),
    }));
}

/** How long one axe run may take: 1-9 s measured on 2 busy cores; a run past this is stuck, not slow. */
const AXE_RUN_LIMIT_MS = 60_000;

/**
 * One axe run, bounded. axe-core's analysis has been seen to never settle on a CI machine (a known
 * failure mode of @axe-core/playwright, dequelabs/axe-core-npm#610, #675) and Playwright's test timeout
 * then names no step. A stuck run is tried once more on the same, unchanged screen (the product did
 * nothing wrong; the checker did) and recorded as an annotation; a second stuck run fails naming the screen.
 */
async function analyzeBounded(page: Page, screen: string, rules: AxeRules) {
  await settledAnimations(page);
  for (let attempt = 1; ; attempt++) {
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<'stuck'>((resolve) => {
      timer = setTimeout(() => resolve('stuck'), AXE_RUN_LIMIT_MS);
    });
    const result = await Promise.race([axeBuilder(page, rules).analyze(), stuck]).finally(() =>
      clearTimeout(timer),
    );
    if (result !== 'stuck') return result;
    if (attempt === 2)
      throw new Error(`axe did not finish on ${screen} within ${AXE_RUN_LIMIT_MS} ms, twice`);
    test.info().annotations.push({ type: 'axe-retry', description: `${screen}: first run stuck` });
  }
}

/**
 * axe on the page in its legacy frame mode: the page is analysed where it stands, rather than its
 * results being gathered in a blank page opened for each run, which cost more than the analysis
 * itself (2.0 s against 0.9 s a screen, measured on 2 cores). The app draws no cross-origin frames,
 * the case the newer mode exists for.
 */
function axeBuilder(page: Page, rules: AxeRules): AxeBuilder {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  return rules === 'colours' ? builder.withRules(COLOUR_RULES) : builder;
}

/**
 * Waits until no CSS transition or animation is running: axe measures the colours it sees, and a modal
 * still fading in shows blends (a grey text on a half-transparent overlay) that no user reads. Endless
 * ones (a loader's spin, a skeleton's pulse) never settle and are not waited for.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** A failure message listing every problem: screen, rule id, impact, target selectors and axe's summary. */
export function describeAxeProblems(problems: AxeProblem[]): string {
  return problems
    .map(
      (p) =>
        `${p.screen}: ${p.rule} (${p.impact}) — ${p.help}\n` +
        `  targets: ${p.targets.join(' | ')}\n` +
        `  found: ${p.summary}`,
    )
    .join('\n');
}

/** A finding's identity across two runs: its rule and the elements it names. */
const findingKey = (p: AxeProblem) => `${p.rule} ${p.targets.join(' | ')}`;

/**
 * The serious and critical findings that are still there on a second look. On a busy machine a
 * screen can be checked while an answer is still arriving (a screen that polls is given up on after
 * a few seconds) and a finding can belong to that moment; so a screen with findings is checked once
 * more after the network has been idle, and only what both runs found counts. What the first run
 * alone found is kept as an `axe-transient` annotation, so it stays visible in the report.
 */
async function confirmedViolations(page: Page, screen: string, rules: AxeRules): Promise<AxeProblem[]> {
  const first = await seriousAxeViolations(page, screen, rules);
  if (first.length === 0) return first;
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  const again = new Set((await seriousAxeViolations(page, screen, rules)).map(findingKey));
  const confirmed = first.filter((p) => again.has(findingKey(p)));
  const transient = first.filter((p) => !again.has(findingKey(p)));
  if (transient.length > 0)
    test.info().annotations.push({ type: 'axe-transient', description: describeAxeProblems(transient) });
  return confirmed;
}

/**
 * Checks screen after screen and fails once, at the end, listing every serious or critical violation
 * of the whole walk (a failure on the first screen would hide the rest). Each screen's element count
 * is also recorded as an `axe` annotation of the test, so the JSON report holds the per-screen figures.
 */
export function axeWalk() {
  const problems: AxeProblem[] = [];
  return {
    async check(page: Page, screen: string, rules: AxeRules = 'all'): Promise<void> {
      const found = await confirmedViolations(page, screen, rules);
      const elements = found.reduce((sum, problem) => sum + problem.targets.length, 0);
      test.info().annotations.push({ type: 'axe', description: `${screen}: ${elements}` });
      problems.push(...found);
    },
    expectClean(): void {
      expect(problems, `axe serious/critical violations:\n${describeAxeProblems(problems)}`).toEqual([]);
    },
  };
}

export type AxeWalk = ReturnType<typeof axeWalk>;

/** Runs axe on the current page and fails at once, listing its serious and critical violations. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const walk = axeWalk();
  await walk.check(page, screen);
  walk.expectClean();
}
