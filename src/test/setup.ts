import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { Fragment, StrictMode } from 'react';
import { afterEach } from 'vitest';
import { memoizeComputedStyle } from './computed-style-memo.ts';

// Lazily loaded parts (the grids, a game's markets) can take over a second to import on a busy
// 2-core CI machine; findBy* waits up to 5 s before calling something missing.
// Components render under StrictMode where there is one: React's mounts, unmounts and mounts again
// (as `npm run dev` does), so every effect must survive a restart. Preact has none (preact/compat's
// StrictMode is a Fragment) and mounts once, as the widget does in production.
configure({ asyncUtilTimeout: 5000, reactStrictMode: StrictMode !== Fragment });
memoizeComputedStyle(window);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
