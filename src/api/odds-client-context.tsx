/** One odds client per app instance, available to every feature's queries. */
import { createContext, useContext, type ReactNode } from 'react';
import type { OddsClient } from './client.ts';

const OddsClientContext = createContext<OddsClient | null>(null);

export function OddsClientProvider({ client, children }: { client: OddsClient; children: ReactNode }) {
  return <OddsClientContext.Provider value={client}>{children}</OddsClientContext.Provider>;
}

export function useOddsClient(): OddsClient {
  const client = useContext(OddsClientContext);
  if (!client) throw new Error('OddsClientProvider is missing above this component.');
  return client;
}
