/** One odds client per app instance, available to every feature's queries. */
import { createContext, useContext, type ReactNode } from 'react';
import type { OddsClient, OddsClientOptions } from './client.ts';

interface OddsClientContextValue {
  client: OddsClient;
  /** What the client was made with: the screens after the bet make their own client on the same. */
  options: OddsClientOptions;
}

const OddsClientContext = createContext<OddsClientContextValue | null>(null);

export function OddsClientProvider({ value, children }: { value: OddsClientContextValue; children: ReactNode }) {
  return <OddsClientContext.Provider value={value}>{children}</OddsClientContext.Provider>;
}

function useOddsClientContext(): OddsClientContextValue {
  const value = useContext(OddsClientContext);
  if (!value) throw new Error('OddsClientProvider is missing above this component.');
  return value;
}

export function useOddsClient(): OddsClient {
  return useOddsClientContext().client;
}

export function useOddsClientOptions(): OddsClientOptions {
  return useOddsClientContext().options;
}
