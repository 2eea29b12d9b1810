/** The widget's CSS, made shadow-safe once per page and shared by every widget's shadow root. */
import widgetCss from './widget.css?inline';
import { toShadowCss } from './shadow-css.ts';

let shadowCss: string | null = null;
let sharedSheet: CSSStyleSheet | null = null;

function constructableSheet(css: string): CSSStyleSheet | null {
  if (sharedSheet) return sharedSheet;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sharedSheet = sheet;
  } catch {
    // No constructable stylesheets here: a <style> element per shadow root instead.
  }
  return sharedSheet;
}

export function adoptWidgetStyles(shadow: ShadowRoot): void {
  shadowCss ??= toShadowCss(widgetCss);
  const sheet = 'adoptedStyleSheets' in shadow ? constructableSheet(shadowCss) : null;
  if (sheet) {
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = shadowCss;
  shadow.prepend(style);
}
