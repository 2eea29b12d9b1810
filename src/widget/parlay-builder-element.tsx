/**
 * <parlay-builder>: the builder as a custom element. Each element renders its own complete app
 * instance into an open shadow root, so several on one page share nothing, and styles cross the
 * boundary in neither direction (only the --pb-* custom properties come in, by design).
 */
import { createRoot, type Root } from 'react-dom/client';
import { parseWidgetOptions, WIDGET_ATTRIBUTES } from './attributes.ts';
import { WidgetApp, type WidgetEvents, type WidgetStorage } from './widget-app.tsx';
import { adoptWidgetStyles } from './widget-styles.ts';

export const SLIP_CHANGE_EVENT = 'parlay-builder:slip-change';
export const BOOK_CLICK_EVENT = 'parlay-builder:book-click';

/** The origin this script was loaded from: the default api-base. '' (the page's own origin) if unknown. */
function detectScriptOrigin(): string {
  const script = typeof document === 'undefined' ? null : document.currentScript;
  const source = script instanceof HTMLScriptElement && script.src ? script.src : import.meta.url;
  try {
    const url = new URL(source);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : '';
  } catch {
    return '';
  }
}

// Read while the script runs: document.currentScript is only set then.
const DEFAULT_API_BASE = detectScriptOrigin();

// Reached lazily, so a browser that blocks storage throws inside the stores, which say so and go on.
const localStorageOfPage: WidgetStorage = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
};

export class ParlayBuilderElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return [...WIDGET_ATTRIBUTES];
  }

  #root: Root | null = null;
  readonly #container: HTMLDivElement;
  readonly #events: WidgetEvents;
  #lastProblems = '';

  constructor() {
    super();
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    adoptWidgetStyles(shadow);
    this.#container = document.createElement('div');
    shadow.append(this.#container);
    this.#events = {
      slipChanged: (detail) => this.#emit(SLIP_CHANGE_EVENT, detail),
      bookClicked: (detail) => this.#emit(BOOK_CLICK_EVENT, detail),
    };
  }

  connectedCallback(): void {
    this.#render();
  }

  disconnectedCallback(): void {
    // A move within the page disconnects and reconnects at once: only a real removal unmounts.
    queueMicrotask(() => {
      if (this.isConnected || !this.#root) return;
      this.#root.unmount();
      this.#root = null;
    });
  }

  attributeChangedCallback(): void {
    // Before the first connection the attributes are read then, all at once.
    if (this.#root) this.#render();
  }

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #render(): void {
    try {
      const parsed = parseWidgetOptions((name) => this.getAttribute(name), {
        defaultApiBase: DEFAULT_API_BASE,
        baseUrl: document.baseURI,
      });
      const problems = parsed.problems.join('\n');
      // The console's wording loads only when there is something to say (most pages: never).
      if (problems !== this.#lastProblems && problems !== '')
        void import('./attribute-warnings.ts').then(({ warnAboutAttributes }) =>
          warnAboutAttributes(parsed.problems, 'element'),
        );
      this.#lastProblems = problems;
      this.#root ??= createRoot(this.#container);
      this.#root.render(<WidgetApp parsed={parsed} events={this.#events} storage={localStorageOfPage} />);
    } catch (error) {
      // Never let the widget break the host page.
      console.error('parlay-builder: the widget could not start.', error);
      this.#container.textContent = 'The parlay builder could not start. Reload the page to try again.';
    }
  }
}
