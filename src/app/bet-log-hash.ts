/** The address of the page's bet log view. */
export const BET_LOG_HASH = '#bet-log';
