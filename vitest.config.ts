import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // The default output, then one line with the property-based runs made (the parsers' fuzzing).
    reporters: ['default', './scripts/fuzz-reporter.ts'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'src/domain/**/*.test.ts',
            'src/api/**/*.test.ts',
            'src/state/**/*.test.ts',
            'src/widget/**/*.test.ts',
          ],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
