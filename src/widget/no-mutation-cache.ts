/**
 * The widget's stand-in for TanStack Query's MutationCache (vite.widget.config.ts puts it in place
 * of the library's own): the builder only reads, it makes no mutations, and the library's cache and
 * Mutation class were ~3 KB of the widget's first paint for nothing. It answers what QueryClient
 * asks of it (no mutations, nothing to resume); building a mutation is refused outright, so a
 * future useMutation fails loudly in the widget's tests rather than quietly doing nothing.
 */
export class MutationCache {
  readonly config: object;

  constructor(config: object = {}) {
    this.config = config;
  }

  build(): never {
    throw new Error('The parlay builder widget makes no mutations (src/widget/no-mutation-cache.ts).');
  }

  getAll(): [] {
    return [];
  }

  find(): undefined {
    return undefined;
  }

  findAll(): [] {
    return [];
  }

  clear(): void {}

  notify(): void {}

  subscribe(): () => void {
    return () => undefined;
  }

  resumePausedMutations(): Promise<void> {
    return Promise.resolve();
  }
}
