import { describe, expect, it } from 'vitest';
import { propertyFallbacks, toShadowCss } from './shadow-css.ts';

const tailwindLike = [
  '@layer properties{@supports (x){*{--tw-shadow:0 0 #0000}}}',
  '@layer theme{:root,:host{--spacing:.25rem;--text-sm:0.875rem}}',
  '@layer utilities{.p-4{padding:calc(var(--spacing)*4)}.-mt-1{margin-top:-.25rem}@media (width>=40rem){.sm\\:px-3{padding-inline:1rem}}@media (hover:hover){.hover\\:x{color:red}}}',
  '@layer utilities{.max-h-\\[20rem\\]{max-height:20rem}.h-\\[calc\\(100vh-1\\.5rem\\)\\]{height:calc(100vh - 1.5rem)}@container (width>=56rem){.\\@min-\\[56rem\\]\\:w-48{width:calc(var(--spacing) * 48)}}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-inset{syntax:"*";inherits:false}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
].join('');

describe('toShadowCss', () => {
  it('declares every @property initial value on each element, in the lowest layer, before everything', () => {
    expect(propertyFallbacks(tailwindLike)).toBe(
      '@layer properties{:host,*,::before,::after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-inset:initial;--tw-border-style:solid}}',
    );
    expect(toShadowCss(tailwindLike).startsWith(propertyFallbacks(tailwindLike))).toBe(true);
    expect(propertyFallbacks('.a{color:red}')).toBe('');
  });

  it('turns rem into px so the host page’s root font size does not scale the widget', () => {
    const css = toShadowCss(tailwindLike);
    expect(css).toContain('--spacing:4px;--text-sm:14px');
    expect(css).toContain('margin-top:-4px');
    // Outside class names (`\[…\]`), no rem is left.
    expect(css.replace(/\\\[.*?\\\]/g, '')).not.toMatch(/\drem/);
  });

  it('leaves arbitrary-value class names as the markup writes them, converting only their values', () => {
    const css = toShadowCss(tailwindLike);
    expect(css).toContain('.max-h-\\[20rem\\]{max-height:320px}');
    expect(css).toContain('.h-\\[calc\\(100vh-1\\.5rem\\)\\]{height:calc(100vh - 24px)}');
    expect(css).toContain('@container (width>=896px){.\\@min-\\[56rem\\]\\:w-48{');
  });

  it('turns width media queries into container queries and leaves the others alone', () => {
    const css = toShadowCss(tailwindLike);
    expect(css).toContain('@container (width>=640px){.sm\\:px-3{padding-inline:16px}}');
    expect(css).toContain('@media (hover:hover){');
  });
});
