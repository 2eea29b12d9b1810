/** Set by the build: true in the widget's builds (scripts/preact-aliases.ts) and the `preact` Vitest project, absent in the app's. */
interface ImportMetaEnv {
  readonly PB_WIDGET?: boolean;
}
