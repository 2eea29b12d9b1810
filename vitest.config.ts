import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_ALIASES, PREACT_JSX, WIDGET_FLAG, withoutUnusedQueryParts } from './scripts/preact-aliases.ts';

// Each runtime tests what it ships. The app page ships on React (vite.config.ts); the widget and
// /embed on Preact (scripts/preact-aliases.ts). Both render the shared features, ui and app instance.
/** Rendered by the widget and /embed only. */
const WIDGET_ONLY_TESTS = ['src/widget/**/*.test.tsx'];
/** Rendered by the app page only (its layout, URL sync, and what the widget's builds leave out). */
const PAGE_ONLY_TESTS = [
  'src/features/price-grid/price-alerts.test.tsx',
  'src/features/line-history/**/*.test.tsx',
  'src/features/slip/slip-injuries.test.tsx',
  'src/features/price-grid/grid-injuries.test.tsx',
];
/** The component tests of everything the widget renders: its own, and the parts it shares with the page. */
const WIDGET_COMPONENT_TESTS = [
  ...WIDGET_ONLY_TESTS,
  'src/app/**/*.test.tsx',
  'src/ui/**/*.test.tsx',
  'src/features/**/*.test.tsx',
];

/** Component tests that replace a module (vi.mock): they need a module graph of their own. */
const MODULE_REPLACING_TESTS = ['src/features/price-grid/table/render-cost.test.tsx'];
/**
 * The odds-stream tests: servers, fake upstreams and readers held open across a file's tests. Run
 * after other files in one process, some waited out their 5 s for an upstream stream to open.
 */
const STREAM_SERVER_TESTS = ['server/streams/**/*.test.ts'];

/**
 * A project as two: its files sharing one module graph (and jsdom) per worker, `isolate: false`
 * (loading the server, or React, Testing Library and the app, again for each file was half of the
 * projects' CPU), and the few listed, each in a process of its own (`<name>-isolated`). Testing
 * Library's cleanup and src/test/setup.ts put the document and storage back after each test.
 */
function sharedAndIsolated(
  project: TestProjectInlineConfiguration,
  isolatedFiles: readonly string[],
): TestProjectInlineConfiguration[] {
  const test = project.test ?? {};
  return [
    { ...project, test: { ...test, isolate: false, exclude: [...(test.exclude ?? []), ...isolatedFiles] } },
    { ...project, test: { ...test, name: `${String(test.name)}-isolated`, include: [...isolatedFiles] } },
  ];
}

// A component test renders, imports lazy chunks and waits on findBy (5 s each): on two busy cores
// (three projects at once, other work beside them) a whole test can pass 5 s without being wrong.
const COMPONENT_TEST_TIMEOUT_MS = 20_000;
// The node project's integration tests start real servers, Redis and fault upstreams, and the
// fuzz tests make thousands of runs: on the same busy cores, 5 s (Vitest's default) is not enough.
const NODE_TEST_TIMEOUT_MS = 15_000;

export default defineConfig({
  test: {
    // The default output, then one line with the property-based runs made (the parsers' fuzzing).
    reporters: ['default', './scripts/fuzz-reporter.ts'],
    // One worker per core. Vitest's own default for a run is one fewer than the cores: on the 2-core
    // CI machine, a single worker, the second core idle while the tests wait on servers and timers.
    maxWorkers: availableParallelism(),
    projects: [
      ...sharedAndIsolated(
        {
          test: {
            name: 'node',
            environment: 'node',
            testTimeout: NODE_TEST_TIMEOUT_MS,
            include: ['server/**/*.test.ts', 'sandbox/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          },
        },
        STREAM_SERVER_TESTS,
      ),
      {
        test: {
          // The browser code's logic without a DOM. Its files share one module graph per worker
          // (isolate: false): loading it again for each file was most of their CPU time. None of them
          // mocks a module; fake timers and stubbed globals are put back after each test.
          name: 'logic',
          environment: 'node',
          isolate: false,
          testTimeout: NODE_TEST_TIMEOUT_MS,
          include: [
            'src/domain/**/*.test.ts',
            'src/api/**/*.test.ts',
            'src/state/**/*.test.ts',
            // A feature's pure model (no DOM): its shaping rules.
            'src/features/*/model/**/*.test.ts',
            'src/widget/**/*.test.ts',
          ],
        },
      },
      ...sharedAndIsolated(
        {
          plugins: [react()],
          test: {
            // What the app page ships, on React 19 (StrictMode: src/test/setup.ts).
            name: 'dom',
            environment: 'jsdom',
            include: ['src/**/*.test.tsx'],
            testTimeout: COMPONENT_TEST_TIMEOUT_MS,
            // Checks that only mean something on Preact, and what only the widget renders.
            exclude: [...configDefaults.exclude, 'src/test/preact-*.test.tsx', ...WIDGET_ONLY_TESTS],
            setupFiles: ['./src/test/setup.ts'],
          },
        },
        MODULE_REPLACING_TESTS,
      ),
      ...sharedAndIsolated(
        {
          // The widget's components on the runtime it ships: React aliased to Preact exactly as the
          // widget's builds have it, plus React DOM's test utilities (Testing Library's act, as
          // preact/compat has no React.act), and Testing Library's ES module build: its CommonJS main
          // would require('react') past the aliases.
          resolve: {
            alias: [
              ...PREACT_ALIASES,
              { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
              {
                find: /^@testing-library\/react$/,
                replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
              },
            ],
          },
          oxc: { jsx: PREACT_JSX },
          plugins: [withoutUnusedQueryParts()],
          // What the widget's builds leave out is left out here too.
          define: WIDGET_FLAG,
          test: {
            name: 'preact',
            environment: 'jsdom',
            include: [...WIDGET_COMPONENT_TESTS, 'src/test/preact-*.test.tsx'],
            exclude: [...configDefaults.exclude, ...PAGE_ONLY_TESTS],
            testTimeout: COMPONENT_TEST_TIMEOUT_MS,
            setupFiles: ['./src/test/setup.ts', './src/test/setup-preact.ts'],
            // Libraries that import React run through Vite too, so the aliases reach them (left to
            // Node, they would load the real React beside Preact). query-core too, so that the widget's
            // MutationCache stand-in takes the library's place here as in the build.
            server: {
              deps: {
                inline: [/@testing-library\/react/, /@tanstack\/react-query/, /@tanstack\/query-core/, /zustand/],
              },
            },
          },
        },
        MODULE_REPLACING_TESTS,
      ),
    ],
  },
});
