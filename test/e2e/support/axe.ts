/**
 * axe-core (WCAG 2.1 A and AA) in the window's page. The script goes in through the DevTools
 * protocol (page.evaluate), not a <script> tag, so the page's Content Security Policy stays as
 * the harness serves it.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending elements (at most 5). */
  targets: string[];
}

interface AxeResultLike {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** The violations axe finds in the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axe.source);
  const result = await page.evaluate(async (tags) => {
    const runner = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe;
    return (await runner.run((globalThis as unknown as { document: unknown }).document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })) as AxeResultLike;
  }, [...WCAG_21_AA]);
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? null,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
  }));
}
