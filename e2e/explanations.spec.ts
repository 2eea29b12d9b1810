/**
 * Each book's own explanation, forced through the sandbox one at a time and opened from its status
 * in the parlay row: missing legs, won't combine, didn't answer, no answer; and the conflict finder
 * on a real refusal.
 */
import { expect, test } from './support/world.ts';
import type { Request } from '@playwright/test';
import {
  AMERICAN_PRICE,
  expectAllBooksAnswered,
  gridCell,
  legRow,
  openBookExplanation,
  slipLegs,
} from './support/locators.ts';
import {
  forceParlayScenario,
  openWithSlip,
  recordRequests,
  requestedBooks,
  requestedLegNames,
} from './support/network.ts';
import { moneylineLeg, sandboxGames, spreadLeg, totalLeg, type E2eLeg } from './support/sandbox-data.ts';

const BOOKS = ['BetMGM', 'DraftKings', 'Fanatics', 'Novig'];

test.describe('a book’s explanation, opened from its status', () => {
  let legs: [E2eLeg, E2eLeg, E2eLeg];

  test.beforeEach(async ({ request }) => {
    const [first, second, third] = await sandboxGames(request, 3);
    legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
  });

  test('missing legs: their cells say "Not offered", the explanation names them and removes them on request', async ({
    page,
  }) => {
    // Only the three-leg slip is short of a leg at BetMGM; once it is removed BetMGM prices the rest.
    // `missing:n` names a leg by its place in the request as sent: a slip's first ask (the GET form)
    // lists its legs in the URL's canonical order, not the slip's.
    await forceParlayScenario(page, (request) => {
      const names = requestedLegNames(request);
      return names.length === 3 ? { BetMGM: `missing:${names.indexOf(legs[1].name)}` } : null;
    });
    await openWithSlip(page, legs, { books: BOOKS });
    await expectAllBooksAnswered(page);

    await expect(await gridCell(page, legRow(page, legs[1]), 'BetMGM')).toHaveAccessibleName('Not offered');
    await expect(await gridCell(page, legRow(page, legs[0]), 'BetMGM')).not.toContainText('Not offered');
    await expect(await gridCell(page, legRow(page, legs[1]), 'Fanatics')).toHaveText(AMERICAN_PRICE);
    await expect(await gridCell(page, 'Parlay', 'BetMGM')).toContainText('Not offered');
    const notes = await openBookExplanation(page, 'BetMGM', 'Not offered');
    await expect(notes).toContainText("BetMGM doesn't offer 1 of your legs");
    await expect(notes).toContainText(`Not offered: ‘${legs[1].name}’.`);

    await notes.getByRole('button', { name: 'Remove missing legs (BetMGM)' }).click();
    await expect(slipLegs(page)).toHaveCount(2);
    await expect(slipLegs(page).filter({ hasText: legs[1].name })).toHaveCount(0);
    await expect(await gridCell(page, 'Parlay', 'BetMGM')).toHaveText(AMERICAN_PRICE);
  });

  test('will not combine: the book’s refusal, its own message and a hint', async ({ page }) => {
    await forceParlayScenario(page, { DraftKings: 'uncombinable' });
    await openWithSlip(page, legs, { books: BOOKS });
    await expectAllBooksAnswered(page);

    const notes = await openBookExplanation(page, 'DraftKings', "Won't combine");
    await expect(notes).toContainText("DraftKings won't combine these legs in one parlay");
    await expect(notes).toContainText('DraftKings said: “SelectionsCannotBeCombined”');
    await expect(notes).toContainText(
      'Books often refuse same-game parlays, or legs whose results depend on each other',
    );
    await expect(notes.getByRole('button', { name: 'Find the conflict at DraftKings' })).toBeVisible();
    await expect(await gridCell(page, 'Parlay', 'DraftKings')).toContainText("Won't combine");
    await expect(await gridCell(page, 'Parlay', 'Fanatics')).toHaveText(AMERICAN_PRICE);
  });

  test('failed: "didn’t answer" with a retry that asks that book only', async ({ page }) => {
    let failedOnce = false;
    await forceParlayScenario(page, (request) => {
      if (failedOnce || requestedBooks(request)[0] !== 'DraftKings') return null;
      failedOnce = true;
      return { DraftKings: 'failed' };
    });
    await openWithSlip(page, legs, { books: BOOKS });
    await expectAllBooksAnswered(page);

    await expect(await gridCell(page, 'Parlay', 'BetMGM')).toHaveText(AMERICAN_PRICE);
    // The status says what it does: "Retry" asks DraftKings again and opens what happened.
    const requests = recordRequests(page);
    const notes = await openBookExplanation(page, 'DraftKings', 'Retry');
    await expect(await gridCell(page, 'Parlay', 'DraftKings')).toHaveText(AMERICAN_PRICE);
    await expect(notes).toContainText('DraftKings prices all 3 legs');
    expect(requests.pricing.map(requestedBooks)).toEqual([['DraftKings']]);
  });

  test('absent: "No answer from" the book, with a retry', async ({ page }) => {
    let absentOnce = false;
    await forceParlayScenario(page, (request) => {
      if (absentOnce || requestedBooks(request)[0] !== 'Novig') return null;
      absentOnce = true;
      return { Novig: 'absent' };
    });
    await openWithSlip(page, legs, { books: BOOKS });
    await expectAllBooksAnswered(page);

    await expect(await gridCell(page, 'Parlay', 'Novig')).toContainText('No answer');
    const notes = await openBookExplanation(page, 'Novig', 'No answer');
    await expect(notes).toContainText('No answer from Novig');
    await expect(notes).toContainText("The odds service's reply had nothing for Novig.");

    const requests = recordRequests(page);
    await notes.getByRole('button', { name: 'Retry Novig' }).click();
    await expect(notes).toContainText('Novig prices all 3 legs');
    expect(requests.pricing.map(requestedBooks)).toEqual([['Novig']]);
  });

  test('"Find the conflict" names the one leg a book will not combine with the rest', async ({ page }) => {
    // DraftKings refuses any parlay holding the second leg; leaving it out is the only fix.
    const culprit = legs[1];
    await forceParlayScenario(page, (request) =>
      requestedBooks(request)[0] === 'DraftKings' && requestedLegNames(request).includes(culprit.name)
        ? { DraftKings: 'uncombinable' }
        : null,
    );
    await openWithSlip(page, legs, { books: BOOKS });
    await expectAllBooksAnswered(page);

    const notes = await openBookExplanation(page, 'DraftKings', "Won't combine");
    await notes.getByRole('button', { name: 'Find the conflict at DraftKings' }).click();
    const finding = notes.getByRole('status');
    await expect(finding).toContainText(`Remove ‘${culprit.name}’ and DraftKings will price the rest.`);
    await expect(finding.getByRole('button')).toHaveText([`Remove ‘${culprit.name}’`]);

    await finding.getByRole('button', { name: `Remove ‘${culprit.name}’` }).click();
    await expect(slipLegs(page)).toHaveCount(2);
    await expect(slipLegs(page).filter({ hasText: culprit.name })).toHaveCount(0);
    await expect(notes).toContainText('DraftKings prices all 2 legs');
  });
});

test('"Find the conflict" on a real refusal names both legs that clash (a team’s moneyline and its own spread)', async ({
  page,
  request,
}) => {
  // A real refusal, no forcing: DraftKings will not combine a team's moneyline with its own spread;
  // Fanatics will.
  const [first, second] = await sandboxGames(request, 2);
  const moneyline = moneylineLeg(first);
  const spread = spreadLeg(first);
  const other = moneylineLeg(second, 'home');
  await openWithSlip(page, [moneyline, spread, other], { books: ['DraftKings', 'Fanatics'] });
  await expectAllBooksAnswered(page);

  const notes = await openBookExplanation(page, 'DraftKings', "Won't combine");
  await expect(notes).toContainText("DraftKings won't combine these legs in one parlay");
  await expect(await gridCell(page, 'Parlay', 'Fanatics')).toHaveText(AMERICAN_PRICE);

  const requests = recordRequests(page);
  await notes.getByRole('button', { name: 'Find the conflict at DraftKings' }).click();
  const finding = notes.getByRole('status');
  await expect(finding).toContainText(
    `Removing any one of ‘${moneyline.name}’ or ‘${spread.name}’ lets DraftKings price the rest.`,
  );
  await expect(finding.getByRole('button')).toHaveText([`Remove ‘${moneyline.name}’`, `Remove ‘${spread.name}’`]);
  // One question per leg left out, to DraftKings alone.
  const asked = (candidate: Request) => ({
    books: requestedBooks(candidate),
    legs: requestedLegNames(candidate).toSorted(),
  });
  expect(requests.pricing.map(asked).toSorted((a, b) => a.legs.join().localeCompare(b.legs.join()))).toEqual(
    [
      [spread.name, other.name],
      [moneyline.name, other.name],
      [moneyline.name, spread.name],
    ]
      .map((names) => ({ books: ['DraftKings'], legs: names.toSorted() }))
      .toSorted((a, b) => a.legs.join().localeCompare(b.legs.join())),
  );

  await finding.getByRole('button', { name: `Remove ‘${spread.name}’` }).click();
  await expect(slipLegs(page)).toHaveCount(2);
  await expect(await gridCell(page, 'Parlay', 'DraftKings')).toHaveText(AMERICAN_PRICE);
});
