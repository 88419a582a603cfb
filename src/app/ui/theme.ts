import { defineConfig } from '@chakra-ui/react';
import { checkboxSlotRecipe, nativeSelectSlotRecipe, switchSlotRecipe } from '@chakra-ui/react/theme';

/**
 * BayBook's changes to Chakra's default theme, merged into the app's system (`ui/system.ts`); the layout browser test
 * (tests/e2e/layout.test.ts, axe-core and a ruler) holds every screen to them.
 *
 * Contrast: Chakra's solid green, orange, teal and cyan are the 600 shades, on which white text reaches only
 * 3.3–3.7:1 (WCAG AA asks 4.5:1 for body text); their 700 shades give 6.8–7.9:1. Every solid badge and button of
 * those palettes (the job status chips and tiles, the payment method chips, Pay and Invoice buttons) takes its
 * colour from this one token.
 */
const STRONGER_SOLID = ['green', 'orange', 'teal', 'cyan'] as const;

/**
 * The least width and height of anything a finger taps (WCAG 2.5.5's 44 CSS px), below Chakra's `xl` breakpoint
 * (1280 px): the bay's tablets, 1024×768 and 768×1024. A desk PC's mouse keeps Chakra's compact sizes. Every button,
 * icon button, close button, field, select, checkbox and switch of the app takes it from here, whatever size a screen asks for.
 */
export const TOUCH_TARGET_PX = 44;
const touch = { minH: `${TOUCH_TARGET_PX}px`, minW: `${TOUCH_TARGET_PX}px` };

/**
 * The same rule for a control no recipe here draws (a menu link) or one whose own style props would override a
 * recipe (props win over recipes): `css={touchTarget}`.
 */
export const touchTarget = { xlDown: touch };

export const bayTheme = defineConfig({
  theme: {
    semanticTokens: {
      colors: Object.fromEntries(
        STRONGER_SOLID.map((p) => [
          p,
          { solid: { value: { _light: `{colors.${p}.700}`, _dark: `{colors.${p}.700}` } } },
        ]),
      ),
    },
    recipes: {
      button: { base: touchTarget },
      input: { base: touchTarget },
    },
    slotRecipes: {
      nativeSelect: { slots: nativeSelectSlotRecipe.slots, base: { field: touchTarget } },
      // the box or switch and its label are one tap target (a label element)
      checkbox: { slots: checkboxSlotRecipe.slots, base: { root: touchTarget } },
      switch: { slots: switchSlotRecipe.slots, base: { root: touchTarget } },
    },
  },
});
