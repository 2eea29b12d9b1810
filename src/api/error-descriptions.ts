/**
 * What a failed request means, in plain words for users. Its own module: only a failure on screen
 * needs these words, so they load with the parts that show one, not with the first paint.
 */
import { isApiError } from './errors.ts';

export interface ApiErrorDescription {
  /** What happened, in a few words. */
  title: string;
  /** What it means for the user. */
  explanation: string;
  /** What the user can do. */
  action: string;
}

const CONTACT_OWNER = 'Try again later. If it keeps happening, let the site owner know.';

/** Plain-language text for users; never includes a key or raw technical text apart from a 400's reason. */
export function describeApiError(error: unknown): ApiErrorDescription {
  if (!isApiError(error)) {
    return {
      title: 'Something went wrong',
      explanation: 'Prices could not be loaded because of an unexpected problem on this page.',
      action: 'Reload the page and try again.',
    };
  }
  switch (error.kind) {
    case 'unauthorized':
      return {
        title: 'Odds service refused access',
        explanation: 'The odds service did not accept this site’s access key, so no prices can be loaded.',
        action: CONTACT_OWNER,
      };
    case 'forbidden':
      return {
        title: 'Odds not available here',
        explanation: 'The odds service recognised this site but does not allow it to load this data.',
        action: CONTACT_OWNER,
      };
    case 'rate_limited': {
      const seconds = error.retryAfterSeconds;
      return {
        title: 'Too many requests',
        explanation: 'The odds service is limiting requests for a short while.',
        action: seconds === null ? 'Wait a few seconds, then try again.' : `Retrying in ${seconds} s.`,
      };
    }
    case 'bad_request':
      return {
        title: 'Request not accepted',
        explanation:
          error.detail === null
            ? 'The odds service could not use this request.'
            : `The odds service could not use this request: “${error.detail}”.`,
        action: 'Check your selections (fewer sportsbooks or legs may help) and try again.',
      };
    case 'not_found':
      return {
        title: 'Not found',
        explanation: 'The odds service has no record of what was asked for; a game may have finished or been removed.',
        action: 'Refresh the list and choose again.',
      };
    case 'server':
      return {
        title: 'Odds service problem',
        explanation: 'The odds service had a problem answering. This is usually temporary.',
        action: 'Try again in a minute.',
      };
    case 'network':
      return {
        title: 'No connection',
        explanation: 'The odds service could not be reached. Your connection may be offline or unstable.',
        action: 'Check your connection, then try again.',
      };
    case 'blocked':
      return {
        title: 'Blocked by this site’s setup',
        explanation:
          'This site’s security settings stop the page from reaching the odds service, so no prices can be loaded. Your connection is fine.',
        action: 'Let the site owner know; the browser console says what to change.',
      };
    case 'timeout':
      return {
        title: 'Taking too long',
        explanation: 'The odds service did not answer in time.',
        action: 'Try again. If it keeps happening, choose fewer sportsbooks or legs.',
      };
    case 'invalid_response':
      return {
        title: 'Unreadable answer',
        explanation: 'The odds service sent an answer this page could not read, so nothing from it is shown.',
        action: 'Try again in a minute.',
      };
  }
}
