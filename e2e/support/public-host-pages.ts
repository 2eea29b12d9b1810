/**
 * For specs that serve host pages of other sites with page.route: Chromium counts such pages as
 * public, and its Local Network Access checks would stop them reaching our server on 127.0.0.1
 * before CORS or CSP are even asked. A launch option, so it holds for the whole file that uses it.
 */
import { test } from './world.ts';

export function allowPublicHostPages(): void {
  test.use({
    launchOptions: [
      async ({ launchOptions }, provide) => {
        await provide({
          ...launchOptions,
          args: [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'],
        });
      },
      { scope: 'worker' },
    ],
  });
}
