/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The commit the client was built from (vite.config.ts); empty outside a git checkout. */
  readonly VITE_STARLING_COMMIT?: string;
}
