import { expect, test } from './support/world.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';
test.use({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
test('look', async ({ page, request }) => {
  const [a, b] = await sandboxGames(request, 2);
  await openWithSlip(page, [moneylineLeg(a), totalLeg(a), moneylineLeg(b, 'home')]);
  await page.waitForTimeout(6000);
  await page.screenshot({ path: '/tmp/i31b/gb.png' });
  console.log(await page.locator('body').innerText());
  console.log(await page.locator('body').evaluate((b) => b.textContent));
});
