// What the suite needs from Debian (Chromium and its headless shell, Redis, the WordPress stack), in
// one apt-get run: npm test starts it beside typecheck and lint, so that the test steps find it all
// there. Each finder (chromium.mjs, find-redis.mjs, find-wordpress.mjs) still installs its own part
// when a step runs alone. As root only; elsewhere it says what is missing and leaves it to the steps.
import { readFileSync } from 'node:fs';
import { missingChromiumPackages } from './chromium.mjs';
import { missingRedisPackages } from './find-redis.mjs';
import { missingWordPressPackages } from './find-wordpress.mjs';
import { installDebianPackages } from './system-binaries.mjs';

// .ci/run starts this script before npm ci and names it here: npm test's run waits for that one to
// end (two apt-get runs would fight over dpkg's lock), then installs only what it left missing.
const earlierRun = Number(process.env.SYSTEM_PACKAGES_INSTALL_PID);
if (Number.isInteger(earlierRun) && earlierRun > 0 && earlierRun !== process.pid) {
  while (isRunning(earlierRun)) await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Alive and not a zombie (ended, waiting for its parent to read its status). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

const missing = [...new Set([...missingChromiumPackages(), ...missingRedisPackages(), ...missingWordPressPackages()])];
if (missing.length === 0) {
  console.log('System packages: all there.');
} else if (installDebianPackages('test system packages', missing)) {
  console.log(`System packages installed: ${missing.join(' ')}.`);
} else {
  // Not fatal here: the step that needs a package finds, installs or names it itself.
  console.log(`System packages missing (not root, or apt-get failed): ${missing.join(' ')}.`);
}
