import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/** The two widths every built screen must hold: a phone and a small laptop/tablet. */
export const SCREEN_WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
] as const;

export type AxeFinding = { id: string; impact: string; help: string; target: string };

/**
 * axe-core's serious and critical violations (WCAG 2 A and AA), split into those inside the
 * area's own markup (`root`) and those in the shell around it, so an area's journey fails on
 * its own findings and reports the shell's.
 */
export async function seriousViolations(page: Page, root: string): Promise<{ remote: AxeFinding[]; shell: AxeFinding[] }> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const remote: AxeFinding[] = [];
  const shell: AxeFinding[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      const target = node.target.join(' ');
      const inRemote = await page
        .locator(target)
        .first()
        .evaluate((element, within) => element.closest(within) !== null, root)
        .catch(() => false);
      (inRemote ? remote : shell).push({ id: violation.id, impact: violation.impact, help: violation.help, target });
    }
  }
  return { remote, shell };
}

/**
 * Elements under `root` that stick out of the viewport. Inside a container that scrolls or
 * clips sideways (antd tables, tab bars with their own "more" menu) they are reachable, not cut.
 */
export async function overflowingElements(page: Page, root: string): Promise<string[]> {
  return page.evaluate((within) => {
    const limit = document.documentElement.clientWidth;
    const offenders: string[] = [];
    if (document.documentElement.scrollWidth > limit + 1) offenders.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const element of document.querySelectorAll(`${within} *`)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 1) continue;
      let parent = element.parentElement;
      let contained = false;
      while (parent && !parent.matches(within)) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (['auto', 'scroll', 'hidden'].includes(overflowX) && parent.getBoundingClientRect().right <= limit + 1) {
          contained = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (!contained) offenders.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 2).join('.')} ends at ${Math.round(box.right)}px`);
    }
    return offenders.slice(0, 10);
  }, root);
}

/** The shell belongs to its own journey: its findings seen from an area are reported, not failed. */
export function reportShellFindings(testInfo: TestInfo, findings: Iterable<string>): void {
  const all = [...findings];
  for (const finding of all) testInfo.annotations.push({ type: 'shell accessibility', description: finding });
  if (all.length > 0) console.log(`Shell findings:\n${all.join('\n')}`);
}

export const describeFinding = (finding: AxeFinding) => `${finding.id} (${finding.impact}) ${finding.target}: ${finding.help}`;

/**
 * Waits for every finite animation and transition to end: colours and boxes are judged once they
 * have settled (a control enabled by data that just arrived fades into its colours, a drawer
 * slides in; axe and a bounding box measured them half-way once). Endless animations (spinners)
 * never finish and are left out.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
