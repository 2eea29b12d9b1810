/**
 * The preact project's own setup. Preact's development checks (bad hook calls, duplicate keys,
 * invalid nesting), as the dom project runs on React's development build. And a guard: no test file
 * may load the real React or React DOM beside Preact (a library left to Node, outside
 * server.deps.inline in vitest.config.ts, would import them unaliased).
 */
import 'preact/debug';
import { afterAll, expect } from 'vitest';

interface NodeModule {
  createRequire(from: string): { cache: Record<string, unknown> };
}
// node:module without Node's types in the app's compilation.
const { process } = globalThis as unknown as { process: { getBuiltinModule(id: 'node:module'): NodeModule } };
const nodeRequire = process.getBuiltinModule('node:module').createRequire(import.meta.url);

afterAll(() => {
  const loaded = Object.keys(nodeRequire.cache);
  expect(loaded.filter((file) => /[\\/]node_modules[\\/]react(-dom)?[\\/]/.test(file))).toEqual([]);
});

// Preact runs a render's effects after the next frame, or after 100 ms without one; a file whose last
// test renders just before it ends would have that timer fire after jsdom is gone (no
// cancelAnimationFrame). Let it run while the page is still there.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 150)));
