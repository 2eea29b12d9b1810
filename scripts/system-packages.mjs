// What the suite needs from Debian (Chromium's headless shell, Redis, the WordPress stack), in
// one apt-get run: npm test starts it beside typecheck and lint, so that the test steps find it all
// there. Each finder (chromium.mjs, find-redis.mjs, find-wordpress.mjs) still installs its own part
// when a step runs alone. As root only; elsewhere it says what is missing and leaves it to the steps.
import { missingChromiumPackages } from './chromium.mjs';
import { missingRedisPackages } from './find-redis.mjs';
import { missingWordPressPackages } from './find-wordpress.mjs';
import { installDebianPackages } from './system-binaries.mjs';

const missing = [...new Set([...missingChromiumPackages(), ...missingRedisPackages(), ...missingWordPressPackages()])];
if (missing.length === 0) {
  console.log('System packages: all there.');
} else if (installDebianPackages('test system packages', missing)) {
  console.log(`System packages installed: ${missing.join(' ')}.`);
} else {
  // Not fatal here: the step that needs a package finds, installs or names it itself.
  console.log(`System packages missing (not root, or apt-get failed): ${missing.join(' ')}.`);
}
