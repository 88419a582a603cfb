import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Stored text is shown as text (React escapes it): no code may hand a string to the HTML parser.
const HTML_MESSAGE = 'Stored text is shown as text: render it as a React child, never as HTML.';
const NO_HTML = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: HTML_MESSAGE },
  { selector: "Property[key.name='dangerouslySetInnerHTML']", message: HTML_MESSAGE },
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
    message: 'Stored text is shown as text: set textContent, never HTML.',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/][callee.object.name='document'], CallExpression[callee.property.name='insertAdjacentHTML']",
    message: 'Stored text is shown as text: never hand a string to the HTML parser.',
  },
];

// A double cast or `as never` silences the compiler exactly where two types disagree: give the value a real type
// (a guard, a generic, a mapper) instead.
const NO_BLIND_CASTS = [
  {
    selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
    message: '`as unknown as` hides a type mismatch: type the value (a guard, a generic, a mapper).',
  },
  {
    selector: "TSAsExpression[typeAnnotation.type='TSNeverKeyword']",
    message: '`as never` switches type checking off: give the value its real type.',
  },
];

// ---- Layer rules (docs/ARCHITECTURE.md, "Layer rules"). Imports are relative, so a layer is `(../)+<name>/`.
const LAYER_DIRS = {
  app: 'src/app',
  domain: 'src/domain',
  local: 'src/local',
  pdf: 'src/pdf',
  server: 'src/server',
  sync: 'src/sync',
  sw: 'sw',
};
const layerRegex = (names) => `^(\\.\\./)+(src/)?(${names.join('|')})(/|$)`;
// esquery regexes cannot contain '/', so the `import()` selector spells it \x2F.
const dynamicLayerRegex = (names) => `^(\\.\\.\\x2F)+(src\\x2F)?(${names.join('|')})(\\x2F|$)`;

const NODE_AND_SERVER = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'crypto',
  'url',
  'util',
  'fastify',
  'fastify/*',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/*',
  'sharp',
];
const BROWSER_UI = [
  'react',
  'react/*',
  'react-*',
  '@chakra-ui/*',
  '@emotion/*',
  '@tanstack/*',
  'victory',
  'jsbarcode',
  'papaparse',
  'workbox-*',
];
const NETWORK_MESSAGE =
  'Only the sync engine talks to the API (src/sync/transport.ts): read and write through the repositories.';
const NETWORK_GLOBALS = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
  name,
  message: NETWORK_MESSAGE,
}));
const NETWORK_PROPERTIES = ['window', 'globalThis', 'self'].map((object) => ({
  object,
  property: 'fetch',
  message: NETWORK_MESSAGE,
}));

// What each layer may not import: other layers (static or `import()`) and packages.
const LAYERS = {
  domain: {
    notLayers: ['app', 'local', 'sync', 'server', 'pdf', 'sw'],
    notPackages: [...NODE_AND_SERVER, ...BROWSER_UI, 'dexie', 'dexie-*', 'jspdf'],
    why: 'is pure rules shared by both sides: it imports no other layer and no I/O',
  },
  pdf: {
    notLayers: ['app', 'local', 'sync', 'server', 'sw'],
    notPackages: [...NODE_AND_SERVER, ...BROWSER_UI, 'dexie', 'dexie-*'],
    why: 'runs in the browser and on the server alike: it imports only src/domain',
  },
  local: {
    notLayers: ['app', 'sync', 'server', 'pdf', 'sw'],
    notPackages: [...NODE_AND_SERVER, ...BROWSER_UI],
    why: 'is the device database under the screens and the sync engine: it imports only src/domain',
  },
  sync: {
    notLayers: ['app', 'server', 'pdf', 'sw'],
    notPackages: [...NODE_AND_SERVER, ...BROWSER_UI],
    why: 'runs in pages and in the service worker: it imports only src/local and src/domain',
  },
  server: {
    notLayers: ['app', 'local', 'sync', 'sw'],
    notPackages: [...BROWSER_UI, 'dexie', 'dexie-*'],
    why: 'imports only src/domain and src/pdf',
  },
  sw: {
    notLayers: ['app', 'server', 'pdf'],
    notPackages: [...NODE_AND_SERVER, 'react', 'react/*', 'react-*', '@chakra-ui/*', '@emotion/*'],
    why: 'runs the sync engine over the device database: it imports only src/sync, src/local and src/domain',
  },
  app: {
    notLayers: ['server', 'sw'],
    notPackages: [...NODE_AND_SERVER, 'dexie'],
    why: 'reaches the server only through the sync engine and never touches Dexie or the service worker',
    // Screens read and write through useRepos(): from src/local they take types, and the refusal class they catch.
    extraPatterns: [
      {
        regex: '^(\\.\\./)+local/(db|storage|repositories)(/|$)',
        allowTypeImports: true,
        message:
          'Screens take the database and repositories from useRepos() (src/app/data/DataProvider.tsx): import only types from src/local.',
      },
      {
        regex: '^(\\.\\./)+local/write$',
        allowTypeImports: true,
        allowImportNames: ['LocalWriteError'],
        message: 'Screens write through repository calls: from src/local/write they take only LocalWriteError.',
      },
    ],
  },
};

/** The config block of one layer's rule, for its folder or for `files`; `casts: false` leaves the cast ban out. */
function layer(name, { files, casts = true, extraPatterns = LAYERS[name].extraPatterns ?? [] } = {}) {
  const { notLayers, notPackages, why } = LAYERS[name];
  const message = `${LAYER_DIRS[name]} ${why} (docs/ARCHITECTURE.md, Layer rules)`;
  return {
    files: files ?? [`${LAYER_DIRS[name]}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: layerRegex(notLayers), message }, { group: notPackages, message }, ...extraPatterns],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...NO_HTML,
        ...(casts ? NO_BLIND_CASTS : []),
        { selector: `ImportExpression[source.value=/${dynamicLayerRegex(notLayers)}/]`, message },
      ],
    },
  };
}

// ---- Size (issue 17): a file under 300 lines and a function under 60, blank lines and comments not counted. A
// function's count includes the functions inside it, so a screen is split into components and hooks, not only into
// inner callbacks. Tests are left out: a `describe` callback is the list of its cases, long by their number, and a
// case reads top to bottom better whole.
const SIZE_RULES = {
  'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
  'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dev-dist/**',
      'node_modules/**',
      'test-output/**',
      'data/**',
      '.tmp/**',
      'src/server/db/migrations/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...Object.keys(LAYERS).map((name) => layer(name)),
  // The one place that opens the device database and the sync engine for the screens.
  layer('app', { files: ['src/app/data/DataProvider.tsx'], extraPatterns: [] }),
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/domain/**/*.ts', 'src/local/**/*.ts', 'src/pdf/**/*.ts'],
    // the build check reads /build-meta.json (not data) and authFailure watches the API's 401s: shell, not screens
    ignores: ['src/app/shell/buildCheck.ts', 'src/app/session/authFailure.ts'],
    rules: {
      'no-restricted-globals': ['error', ...NETWORK_GLOBALS],
      'no-restricted-properties': ['error', ...NETWORK_PROPERTIES],
    },
  },
  { files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'], rules: SIZE_RULES },
  {
    // ---- Promises (issue 31): a promise nobody awaits or catches fails in silence — a save that rejects shows the
    // user nothing, and the code after it runs before it is done. no-floating-promises wants each one awaited,
    // returned, caught, or marked `void` where nothing can go wrong (navigate); no-misused-promises wants none where
    // a void callback is expected, since React drops what a handler returns, rejection included. `attributes` stays
    // on, as it is the check for exactly that (an onClick or onSubmit returning a promise): a handler returns nothing
    // and its promise is handled inside it (a form through submitWith, src/app/ui/submitWith.ts; docs/ARCHITECTURE.md,
    // Layer rules). The rules need the types, so they run on the code that ships: a type-aware run of tests/ would add
    // ~13 s to every lint for the 3 it found, and vitest already fails a run on a rejection nobody handled.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: true } }],
    },
  },
  {
    // Tests and benches type what they read as the code does (issue 17): an API answer by the shape the test names
    // (tests/helpers/answers.ts), a statement's rows by sqlRows(), a fixture as its table's row. A double that
    // cannot be typed lives in tests/helpers/doubles.ts, the one file left free.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['tests/helpers/doubles.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_HTML, ...NO_BLIND_CASTS] },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
  },
);
