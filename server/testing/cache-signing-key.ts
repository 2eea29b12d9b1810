/** The CACHE_SIGNING_KEY tests give instances that share one store, as a deployment gives all of its own. */
export const TEST_CACHE_SIGNING_KEY = 'test-only-cache-signing-key-not-a-secret';
