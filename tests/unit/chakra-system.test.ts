import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECIPES, SLOT_RECIPES } from '../../src/app/ui/system';
import { nth } from '../helpers/present';

/** The recipe each Chakra component the screens may import is styled by; null: a layout or logic piece with none. */
const RECIPE_OF: Record<string, string | null> = {
  Alert: 'alert',
  Badge: 'badge',
  Button: 'button',
  Checkbox: 'checkbox',
  CloseButton: 'button',
  Dialog: 'dialog',
  Drawer: 'drawer',
  Field: 'field',
  Fieldset: 'fieldset',
  Heading: 'heading',
  Icon: 'icon',
  IconButton: 'button',
  Input: 'input',
  Link: 'link',
  List: 'list',
  Menu: 'menu',
  NativeSelect: 'nativeSelect',
  Separator: 'separator',
  Spinner: 'spinner',
  Stat: 'stat',
  Switch: 'switch',
  Table: 'table',
  Textarea: 'textarea',
  Toast: 'toast',
  Box: null,
  ChakraProvider: null,
  Flex: null,
  HStack: null,
  Image: null,
  Portal: null,
  SimpleGrid: null,
  Stack: null,
  Text: null,
  Toaster: null,
  VStack: null,
  Wrap: null,
  Grid: null,
  GridItem: null,
  Center: null,
  Spacer: null,
  VisuallyHidden: null,
  chakra: null,
  createToaster: null,
  createSystem: null,
  defaultBaseConfig: null,
  defineConfig: null,
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

function chakraImports(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sources('src')) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react'/g)) {
      const names = nth(m, 1)
        .split(',')
        .map((s) => s.trim());
      // a type-only name brings no styles
      for (const name of names.filter((n) => n && !n.startsWith('type ')).map((n) => nth(n.split(' as '), 0)))
        used.set(name, file);
    }
  }
  return used;
}

describe('the Chakra system holds a recipe for every component the app imports', () => {
  it('knows every imported component, and carries its recipe', () => {
    const recipes: Record<string, unknown> = { ...RECIPES, ...SLOT_RECIPES };
    const problems: string[] = [];
    for (const [name, file] of chakraImports()) {
      if (!(name in RECIPE_OF)) problems.push(`${name} (${file}): say in this test which recipe styles it`);
      else {
        const recipe = RECIPE_OF[name];
        if (recipe && !(recipe in recipes))
          problems.push(`${name} (${file}): add its recipe '${recipe}' to src/app/ui/system.ts`);
      }
    }
    expect(problems).toEqual([]);
    expect(chakraImports().size).toBeGreaterThan(20);
  });
});
