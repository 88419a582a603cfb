// Import cycles (issue 31; docs/ARCHITECTURE.md, Layer rules). A cycle means two modules each need the other: neither
// can be read, tested or moved alone, and at run time one of them sees the other half-loaded. The layer rules in
// eslint.config.js keep the arrows between rooms pointing down; this keeps them acyclic inside a room too.
// Type-only imports count (tsPreCompilationDeps): they vanish from the build, but a cycle of types is the same knot
// to a reader and becomes a run-time cycle the day one of them imports a value. ESLint's import-x/no-cycle skips
// type-only imports, hence dependency-cruiser, run by `npm run lint` after eslint.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle, type-only imports included: move the shared piece down a layer (docs/ARCHITECTURE.md).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
