import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { settle } from './support';

// What the every-screen walk checks on each screen, in the browser: its layout against the
// window, its words, axe-core's rules; and when a screen has settled (ADR 0132).

/** What the in-page checks allow. */
export interface InPageRules {
  /** Upper-case words that are not codes. */
  acronyms: string[];
  /** Frames inside which content may be wider than the window (they scroll sideways). */
  scrollFrames: string;
  /** Where codes are shown on purpose (small print under a sentence, raw data). */
  showsCodes: string;
}

/**
 * The in-page checks (run in the browser): elements past the window's edges and upper-case codes
 * in visible text. Answers one line per fault.
 */
export function inPageFaults({ acronyms, scrollFrames, showsCodes }: InPageRules): {
  overflow: string[];
  codes: string[];
} {
  const root = document.documentElement;
  const width = root.clientWidth;
  const describe = (element: Element): string => {
    const parts: string[] = [];
    for (let at: Element | null = element; at && at !== document.body && parts.length < 4;) {
      const id = at.id ? `#${at.id}` : '';
      const classes = [...at.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      parts.unshift(`${at.tagName.toLowerCase()}${id}${classes}`);
      if (id) break;
      at = at.parentElement;
    }
    return parts.join(' > ');
  };
  const excerpt = (text: string | null | undefined) => {
    const words = (text ?? '').replace(/\s+/g, ' ').trim();
    return words.length > 60 ? `${words.slice(0, 57)}...` : words;
  };
  const visible = (element: Element) =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });

  const overflow: string[] = [];
  if (root.scrollWidth > width) {
    overflow.push(`the page scrolls sideways: ${root.scrollWidth}px wide in a ${width}px window`);
  }
  // Where a box lies across the page (the page itself may have been scrolled sideways).
  const across = (element: Element) => {
    const box = element.getBoundingClientRect();
    return { left: box.left + window.scrollX, right: box.right + window.scrollX, box };
  };
  const fits = ({ left, right }: { left: number; right: number }) =>
    right <= width + 0.5 && left >= -0.5;
  const offenders: Element[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const frame = element.parentElement?.closest(scrollFrames);
    if (frame || !visible(element)) continue;
    const place = across(element);
    if (place.box.width === 0 || place.box.height === 0 || fits(place)) continue;
    // Clipped to nothing: text for screen readers only, a skip link until it has the focus.
    const { clip, clipPath } = getComputedStyle(element);
    if ((clip !== 'auto' && clip !== '') || clipPath !== 'none') continue;
    // Clipped by an ancestor that fits the window (overflow hidden or clip): nothing scrolls.
    let clipped = false;
    for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
      const overflowX = getComputedStyle(at).overflowX;
      if (overflowX === 'hidden' || overflowX === 'clip') {
        clipped = fits(across(at));
        break;
      }
    }
    if (clipped) continue;
    // Only the outermost: its children overflow with it.
    if (offenders.some((outer) => outer.contains(element))) continue;
    offenders.push(element);
  }
  for (const element of offenders.slice(0, 8)) {
    const { left, right, box } = across(element);
    overflow.push(
      `${describe(element)} "${excerpt(element.textContent)}" spans ${Math.round(left)}..${Math.round(right)}px (${Math.round(box.width)}px wide) in a ${width}px window`,
    );
  }
  if (offenders.length > 8) overflow.push(`and ${offenders.length - 8} more elements`);

  // Codes: N/A, and upper-case words of two letters or more (or with an underscore) that are not
  // acronyms. Text as written in the page (textContent): a label styled in capitals is a word.
  const allowed = new Set(acronyms);
  const codesIn = (text: string): string[] =>
    [...text.matchAll(/(?<![\w/])N\/A(?![\w/])|\b[A-Z][A-Z0-9_]*[A-Z0-9]\b/g)]
      .map((match) => match[0])
      .filter(
        (word) =>
          word === 'N/A' ||
          (!allowed.has(word) && (word.includes('_') || (word.match(/[A-Z]/g) ?? []).length > 1)),
      );
  const codes: string[] = [];
  const report = (element: Element, text: string) => {
    const found = codesIn(text);
    if (found.length > 0) {
      codes.push(`${found.join(', ')} in ${describe(element)} "${excerpt(text)}"`);
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(`script, style, select, ${showsCodes}`)) continue;
    if (!node.textContent?.trim() || !visible(parent)) continue;
    report(parent, node.textContent);
  }
  // A select shows its options when opened; a field shows its value and placeholder.
  for (const select of document.querySelectorAll('select')) {
    if (!visible(select) || select.closest(showsCodes)) continue;
    for (const option of select.options) report(select, option.text);
  }
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea',
  )) {
    if (!visible(field) || field.closest(showsCodes)) continue;
    report(field, `${field.value} ${field.placeholder}`);
  }
  return { overflow, codes };
}

/**
 * Put into every document the walk opens: the time of the page's last change, so that the walk
 * knows when a screen has settled.
 */
export function watchChanges() {
  const watched = window as unknown as { lastChange: number };
  watched.lastChange = performance.now();
  new MutationObserver(() => {
    watched.lastChange = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * Waits until the screen has settled: no request of the page under way, nothing changed in the
 * page for a moment, no spinner, no animation but endless ones.
 */
export async function settled(page: Page, inFlight: () => number, quietMs = 250): Promise<void> {
  await expect
    .poll(
      async () =>
        inFlight() === 0 &&
        page.evaluate(
          (quiet) =>
            performance.now() - (window as unknown as { lastChange: number }).lastChange > quiet &&
            ![...document.querySelectorAll('.spinner-border, .spinner-grow')].some((spinner) =>
              spinner.checkVisibility(),
            ),
          quietMs,
        ),
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
  await settle(page, 'animations');
}

/**
 * What decides how the screen is drawn at this size: which of the style sheets' media queries
 * hold, the page's markup and which of its parts scroll. Two sizes with the same answer differ
 * only in widths, and axe-core (names, roles, contrast, scrolling regions) finds the same at both.
 */
export function layoutSignature(): string {
  const conditions = new Set<string>();
  const collect = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) conditions.add(rule.conditionText);
      if (rule instanceof CSSGroupingRule) collect(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) collect(sheet.cssRules);
  const media = [...conditions]
    .sort()
    .map((condition) => (matchMedia(condition).matches ? '1' : '0'))
    .join('');
  // FNV-1a of the markup: equal pages, equal hashes.
  let hash = 0x811c9dc5;
  const markup = document.body.innerHTML;
  for (let index = 0; index < markup.length; index++) {
    hash = Math.imul(hash ^ markup.charCodeAt(index), 0x01000193);
  }
  const scrolling = [...document.body.querySelectorAll('*')]
    .map((element, index) => {
      const { overflowX, overflowY } = getComputedStyle(element);
      const scrolls =
        (/auto|scroll/.test(overflowX) && element.scrollWidth > element.clientWidth) ||
        (/auto|scroll/.test(overflowY) && element.scrollHeight > element.clientHeight);
      return scrolls ? index : -1;
    })
    .filter((index) => index >= 0)
    .join(',');
  return `${media}:${(hash >>> 0).toString(16)}:${scrolling}`;
}

/**
 * axe-core as @axe-core/playwright runs it, put into every document the walk opens (the walk moves
 * between screens without reloading), rather than sent again before each check.
 */
export const AXE_SOURCE = createRequire(
  createRequire(import.meta.filename).resolve('@axe-core/playwright'),
).resolve('axe-core/axe.min.js');

/** The serious and critical axe-core violations of the screen, one line each. */
export async function axeFaults(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => {
        const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
        const more = violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : '';
        // What the first one lacks, in axe-core's words (a contrast's colours and ratio).
        const [first] = violation.nodes;
        const why = [...first.any, ...first.all, ...first.none][0]?.message ?? '';
        return `${violation.id} (${violation.impact}): ${violation.help}: ${targets.join('; ')}${more}${why ? ` (${why})` : ''}`;
      });
  });
}
