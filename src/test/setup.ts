import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazily loaded parts (the grids, a game's markets) can take over a second to import on a busy
// 2-core CI machine; findBy* waits up to 5 s before calling something missing.
configure({ asyncUtilTimeout: 5000, reactStrictMode: true });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
