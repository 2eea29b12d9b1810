// dependency-cruiser (in npm run lint): the one import-cycle check, in src/, server/ and sandbox/,
// static, dynamic and type-only imports alike (tsPreCompilationDeps reads the TypeScript before the
// types are erased).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle, type-only or not: move the shared piece (often a type) to the module that owns it, or one both may import.',
      from: { path: '^(src|server|sandbox)/' },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
    },
  },
};
