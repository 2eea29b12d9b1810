import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_MESSAGE, heightMessages, isSizeRequest, reportHeight, wordPressSecretOf } from './embed-messages.ts';

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
  it('reports the content height at once and on every change, rounded up, skipping repeats unless asked', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    let height = 612.2;
    const element = document.createElement('div');
    element.getBoundingClientRect = () => ({ height }) as DOMRect;
    const reported: number[] = [];
    const report = reportHeight(element, (value) => reported.push(value));
    const observer = FakeResizeObserver.instances.at(-1);
    observer?.callback();
    height = 900;
    observer?.callback();
    report.repeat();
    expect(reported).toEqual([613, 900, 900]);
    report.stop();
    expect(observer?.disconnected).toBe(true);
  });
});

describe('the height in the forms hosts listen for', () => {
  it('says it as ours and as AMP’s embed-size, and as WordPress’s only with the secret it gave', () => {
    expect(heightMessages(640, null)).toEqual([
      { type: EMBED_MESSAGE.resize, height: 640 },
      { sentinel: 'amp', type: 'embed-size', height: 640 },
    ]);
    expect(heightMessages(640, 'Ab12')).toContainEqual({ message: 'height', value: 640, secret: 'Ab12' });
  });

  it('reads WordPress’s secret from the hash, letters and digits only', () => {
    expect(wordPressSecretOf('#?secret=XyZ123')).toBe('XyZ123');
    expect(wordPressSecretOf('#?secret=a"><b')).toBeNull();
    expect(wordPressSecretOf('')).toBeNull();
  });

  it('hears a request for the height from our script, or WordPress’s ready with its secret only', () => {
    expect(isSizeRequest({ type: EMBED_MESSAGE.sizeRequest }, null)).toBe(true);
    expect(isSizeRequest({ message: 'ready', secret: 'Ab12' }, 'Ab12')).toBe(true);
    expect(isSizeRequest({ message: 'ready', secret: 'other' }, 'Ab12')).toBe(false);
    expect(isSizeRequest('ready', 'Ab12')).toBe(false);
  });
});
