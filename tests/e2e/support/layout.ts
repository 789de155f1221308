/**
 * The layout suite's measures (layout.e2e.test.ts), taken in the page: whether what a move needs shows and takes a
 * tap, whether the bottom bar's labels stay on one line, and the screenshots a reviewer looks at afterwards
 * (tests/e2e/artifacts/layout/, git-ignored; .ci/run says where they are).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './qal-server.ts';

export const LAYOUT_ARTIFACTS = path.join(REPO_ROOT, 'tests/e2e/artifacts/layout');

/** The smallest tap target, in CSS px. */
const MIN_TARGET_PX = 44;
/** What a measured box may be off by, in CSS px (sub-pixel layout). */
const ROUNDING_PX = 0.5;

/** Empties the screenshots folder, so what it holds after a run is that run's. */
export function resetLayoutArtifacts() {
  rmSync(LAYOUT_ARTIFACTS, { recursive: true, force: true });
  mkdirSync(LAYOUT_ARTIFACTS, { recursive: true });
}

/** The viewport as it is now, as a small PNG named `<screen>-<language>-<w>x<h>.png`; returns its path. */
export async function saveScreenshot(page: Page, name: { screen: string; language: string }): Promise<string> {
  const { width, height } = screenOf(page);
  const file = path.join(LAYOUT_ARTIFACTS, `${name.screen}-${name.language}-${width}x${height}.png`);
  await page.screenshot({ path: file, type: 'png', scale: 'css', caret: 'hide' });
  return file;
}

/** What must be visible: a name for the report, a CSS selector (every match counts), and whether it is a tap target. */
export interface Wanted {
  readonly name: string;
  readonly selector: string;
  readonly target?: boolean;
}

export interface Problem {
  readonly name: string;
  readonly index: number;
  readonly problem: string;
}

/**
 * How strict a size is. `fit`: at the top of the page, without scrolling, each element lies inside the viewport and is
 * what a tap at its centre reaches. `reach`: the page may scroll up and down; each element, scrolled to the middle of
 * the view, lies inside it and is what a tap at its centre reaches (not under the sticky strip or the bottom bar).
 */
export type Reach = 'fit' | 'reach';

/** The screen the page is shown on: the viewport the suite set, in CSS px. */
function screenOf(page: Page): { width: number; height: number } {
  const size = page.viewportSize();
  if (!size) throw new Error('the layout suite sets a viewport size');
  return size;
}

/** Checks `wanted` on the page as it is now (in the browser, in one go); returns what is wrong. */
export async function problemsOf(page: Page, wanted: readonly Wanted[], reach: Reach): Promise<Problem[]> {
  return page.evaluate(
    ({ wanted, reach, screen, minTarget, rounding }) => {
      // Runs in the page (this project compiles without the DOM library, hence the casts).
      interface Rect {
        left: number;
        top: number;
        right: number;
        bottom: number;
        width: number;
        height: number;
      }
      interface El {
        getBoundingClientRect(): Rect;
        contains(other: unknown): boolean;
        scrollIntoView(options: { block: string; inline: string; behavior: string }): void;
      }
      const w = globalThis as unknown as {
        innerWidth: number;
        innerHeight: number;
        scrollTo(x: number, y: number): void;
        document: {
          documentElement: { scrollWidth: number };
          querySelectorAll(s: string): ArrayLike<El>;
          elementFromPoint(x: number, y: number): unknown;
        };
      };
      const problems: { name: string; index: number; problem: string }[] = [];
      // A phone widens its layout viewport (innerWidth) to a page wider than the screen: measured against the screen.
      const sideways = Math.max(w.document.documentElement.scrollWidth, w.innerWidth) - screen.width;
      if (sideways > 0) problems.push({ name: 'page', index: -1, problem: `wider than the screen by ${sideways} px` });
      for (const { name, selector, target } of wanted) {
        const found = Array.from(w.document.querySelectorAll(selector));
        if (found.length === 0) problems.push({ name, index: -1, problem: 'missing' });
        found.forEach((el, index) => {
          if (reach === 'reach') el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
          const r = el.getBoundingClientRect();
          const box = `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
          const where = reach === 'fit' ? 'viewport' : 'view, scrolled to it';
          if (r.width === 0 || r.height === 0) problems.push({ name, index, problem: `empty box ${box}` });
          else if (r.left < -rounding || r.top < -rounding || r.right > screen.width + rounding || r.bottom > screen.height + rounding)
            problems.push({ name, index, problem: `outside the ${screen.width}×${screen.height} ${where}: ${box}` });
          else {
            const hit = w.document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!hit || !el.contains(hit)) {
              const by = hit as { tagName?: string; className?: unknown } | null;
              problems.push({
                name,
                index,
                problem: `covered at its centre (${box}) by ${by?.tagName ?? 'nothing'}.${String(by?.className ?? '')}`,
              });
            }
          }
          if (target && (r.width < minTarget - rounding || r.height < minTarget - rounding))
            problems.push({ name, index, problem: `smaller than ${minTarget}×${minTarget}: ${box}` });
        });
      }
      w.scrollTo(0, 0);
      return problems;
    },
    { wanted, reach, screen: screenOf(page), minTarget: MIN_TARGET_PX, rounding: ROUNDING_PX },
  );
}

/**
 * The bottom bar's labels: each on one line (its box one line high, its text not cut short by the ellipsis), and the
 * bar whole on the screen (the page no wider than the screen, which would push the bar out of view). Returns what is
 * wrong, with the label's text.
 */
export async function bottomBarProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ screen, rounding }) => {
      // Runs in the page (this project compiles without the DOM library, hence the casts).
      interface Box {
        getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; height: number };
        scrollWidth: number;
        clientWidth: number;
        textContent: string | null;
      }
      const w = globalThis as unknown as {
        innerWidth: number;
        getComputedStyle(el: Box): { lineHeight: string };
        document: {
          documentElement: { scrollWidth: number };
          querySelector(s: string): Box | null;
          querySelectorAll(s: string): ArrayLike<Box>;
        };
      };
      const bar = w.document.querySelector('.bottom-bar');
      if (!bar) return ['no bottom bar'];
      const problems: string[] = [];
      const sideways = Math.max(w.document.documentElement.scrollWidth, w.innerWidth) - screen.width;
      if (sideways > 0) problems.push(`the page is wider than the screen by ${sideways} px`);
      const box = bar.getBoundingClientRect();
      if (box.left < -rounding || box.right > screen.width + rounding || box.top < -rounding || box.bottom > screen.height + rounding)
        problems.push(
          `the bar is not whole on the ${screen.width}×${screen.height} screen: ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)}`,
        );
      if (bar.scrollWidth > bar.clientWidth) problems.push(`the bar overflows: ${bar.scrollWidth} px of content in ${bar.clientWidth} px`);
      const labels = Array.from(w.document.querySelectorAll('.bottom-bar .bottom-label'));
      if (labels.length === 0) problems.push('no labels');
      for (const label of labels) {
        const text = label.textContent ?? '';
        const lineHeight = parseFloat(w.getComputedStyle(label).lineHeight);
        const { height } = label.getBoundingClientRect();
        if (!(height > 0 && height <= lineHeight + rounding)) problems.push(`"${text}" is ${height} px high, a line is ${lineHeight} px`);
        if (label.scrollWidth > label.clientWidth)
          problems.push(`"${text}" is cut short: ${label.scrollWidth} px of text in ${label.clientWidth} px`);
      }
      return problems;
    },
    { screen: screenOf(page), rounding: ROUNDING_PX },
  );
}
