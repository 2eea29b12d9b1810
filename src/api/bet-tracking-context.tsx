/**
 * The client of the screens after the bet (line history, injuries), where an instance has one: the
 * app page does; the widget, which shows none of them, does not, and its pieces show nothing extra.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { BetTrackingEndpoints } from './bet-tracking/endpoints.ts';

const BetTrackingClientContext = createContext<BetTrackingEndpoints | null>(null);

export function BetTrackingClientProvider({
  client,
  children,
}: {
  client: BetTrackingEndpoints | null;
  children: ReactNode;
}) {
  return <BetTrackingClientContext.Provider value={client}>{children}</BetTrackingClientContext.Provider>;
}

export function useBetTrackingClient(): BetTrackingEndpoints | null {
  return useContext(BetTrackingClientContext);
}
