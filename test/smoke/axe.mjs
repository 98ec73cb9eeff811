// axe-core in the browser journeys (issue 15): every screen a journey photographs is also
// checked for accessibility, right before the screenshot, so each screen is checked once it
// is rendered. Serious and critical violations are collected; the smoke run lists them and fails.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe-core on the page as it is; returns its serious and critical violations. */
export async function axeViolations(page) {
  const hasAxe = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!hasAxe) {
    // Evaluated through the DevTools protocol: an injected <script> would break the app's CSP
    // (script-src 'self') and show up as a browser error.
    await page.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(async () => {
    // A dialog fading in is judged once it is opaque: mid-animation its text has a lower contrast
    // than anyone reading it sees. Endless animations (spinners, skeletons) are not waited for.
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    const result = await window.axe.run(document, {
      resultTypes: ['violations'],
      // WCAG 2.1 A and AA, and axe's best practices.
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => BLOCKING.has(v.impact));
}

/**
 * Makes every page of every context the browser opens check itself with axe-core before each
 * screenshot. Returns the list the findings go to: `{ screen, id, impact, help, targets }`.
 */
export function checkScreensWithAxe(browser) {
  const found = [];
  const seen = new Set();
  const instrument = (page) => {
    const screenshot = page.screenshot.bind(page);
    page.screenshot = async (options = {}) => {
      const screen = String(options.path ?? page.url()).replace(/^.*\//, '');
      try {
        for (const v of await axeViolations(page)) {
          const key = `${screen} ${v.id}`;
          if (!seen.has(key)) {
            seen.add(key);
            found.push({ screen, url: new URL(page.url()).pathname, ...v });
          }
        }
      } catch (error) {
        // A page closing under the check is the journey's business, not an a11y finding.
        if (!page.isClosed()) {
          found.push({
            screen,
            id: 'axe-error',
            impact: 'critical',
            help: String(error),
            targets: [],
          });
        }
      }
      return screenshot(options);
    };
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', instrument);
    return context;
  };
  return found;
}

export function formatViolations(found) {
  return found
    .map((v) => `${v.screen} (${v.url}): ${v.impact} ${v.id}: ${v.help} [${v.targets.join(' | ')}]`)
    .join('\n');
}
