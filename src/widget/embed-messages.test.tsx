import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_MESSAGE, reportHeight, type EmbedMessage } from './embed-messages.ts';

class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  disconnected = false;
  constructor(readonly callback: () => void) {
    FakeResizeObserver.instances.push(this);
  }
  observe(): void {}
  disconnect(): void {
    this.disconnected = true;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('reportHeight', () => {
  it('posts the content height at once and on every change, rounded up, skipping repeats', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    let height = 612.2;
    const element = document.createElement('div');
    element.getBoundingClientRect = () => ({ height }) as DOMRect;
    const posted: EmbedMessage[] = [];
    const stop = reportHeight(element, (message) => posted.push(message));
    const observer = FakeResizeObserver.instances.at(-1);
    observer?.callback();
    height = 900;
    observer?.callback();
    expect(posted).toEqual([
      { type: EMBED_MESSAGE.resize, height: 613 },
      { type: EMBED_MESSAGE.resize, height: 900 },
    ]);
    stop();
    expect(observer?.disconnected).toBe(true);
  });
});
