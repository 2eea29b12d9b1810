/** Whether the browser says it is online, for what the page shows about the connection. */
import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
