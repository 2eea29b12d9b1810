// The layers of the code and which way imports may go (docs/architecture.md says the same in words):
//   src/domain -> src/api -> src/state | src/ui -> src/features/* -> src/app -> src/widget -> entries
// `sandbox/` (the stand-in odds service) may import src/domain only; `server/` may import src/domain
// and sandbox/ (it mounts the sandbox when no key is set). Features never import each other. ESLint's
// import/no-restricted-paths reads these zones: `target` files may not import from `from`.
import { readdirSync } from 'node:fs';

const ENTRIES = ['./src/main.tsx', './src/app-start.tsx', './src/embed.tsx'];
const APP_LAYERS = ['./src/api', './src/state', './src/ui', './src/features', './src/app', './src/widget'];

/** Each layer, and what sits above it (so it must never be imported from it). */
const ABOVE = {
  './src/domain': [...APP_LAYERS, ...ENTRIES, './server', './sandbox'],
  './src/api': ['./src/state', './src/ui', './src/features', './src/app', './src/widget', ...ENTRIES, './server'],
  './src/state': ['./src/ui', './src/features', './src/app', './src/widget', ...ENTRIES, './server'],
  './src/ui': ['./src/state', './src/features', './src/app', './src/widget', ...ENTRIES, './server'],
  './src/features': ['./src/app', './src/widget', ...ENTRIES, './server'],
  './src/app': ['./src/widget', ...ENTRIES, './server'],
  './src/widget': [...ENTRIES, './server'],
  './sandbox': [...APP_LAYERS, ...ENTRIES, './src/test', './server'],
  './server': [...APP_LAYERS, ...ENTRIES, './src/test'],
};

const downwardZones = Object.entries(ABOVE).map(([target, from]) => ({
  target,
  from,
  message: `${target.slice(2)} sits below these; see docs/architecture.md.`,
}));

// Features are siblings: each may not import another.
const features = readdirSync(new URL('../src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message:
    'Features do not import each other: move the shared piece to domain, api, state or ui (docs/architecture.md).',
}));

export const layerZones = [...downwardZones, ...featureZones];
