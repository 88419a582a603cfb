import { defineConfig } from '@chakra-ui/react';

/**
 * BayBook's changes to Chakra's default theme, merged into the app's system (`ui/system.ts`); the layout browser test
 * (tests/e2e/layout.test.ts, axe-core) holds every screen to them.
 *
 * Contrast: Chakra's solid green, orange, teal and cyan are the 600 shades, on which white text reaches only
 * 3.3–3.7:1 (WCAG AA asks 4.5:1 for body text); their 700 shades give 6.8–7.9:1. Every solid badge and button of
 * those palettes (the job status chips and tiles, the payment method chips, Pay and Invoice buttons) takes its
 * colour from this one token.
 */
const STRONGER_SOLID = ['green', 'orange', 'teal', 'cyan'] as const;

export const bayTheme = defineConfig({
  theme: {
    semanticTokens: {
      colors: Object.fromEntries(STRONGER_SOLID.map((p) => [p, { solid: { value: { _light: `{colors.${p}.700}`, _dark: `{colors.${p}.700}` } } }])),
    },
  },
});
