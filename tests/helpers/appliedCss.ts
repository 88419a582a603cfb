import { atLeast } from './present';

/**
 * The CSS declarations whose selectors match `el`, read from the page's <style> text. jsdom computes no Chakra
 * (Emotion, @layer) styles, so a component test reads the rules instead: an element's own class and a table's rules
 * for its rows (`.css-x>tbody>tr[data-status="active"]`, src/app/ui/table/bodyCss.ts) alike. Pseudo-classes such as
 * :hover match nothing here, so only the resting styles are returned.
 */
export function appliedCss(el: Element): string {
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  const out: string[] = [];
  // innermost blocks: a rule's selectors and its declarations (at-rule wrappers such as @layer are skipped over)
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const [, selectors, body] = atLeast(match, 3);
    const selector = selectors.trim();
    if (!selector || selector.startsWith('@')) continue;
    try {
      if (el.matches(selector)) out.push(`${selector}{${body}}`);
    } catch {
      // a selector jsdom cannot parse: not one of the table's
    }
  }
  return out.join('\n');
}
