/** Set by the build: true in the widget's build (vite.widget.config.ts), absent in the app's and in tests. */
interface ImportMetaEnv {
  readonly PB_WIDGET?: boolean;
}
