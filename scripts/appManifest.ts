import type { Plugin } from 'vite';
import {
  APP_ICONS,
  ICON_DIR,
  MANIFEST_PATH,
  appManifest,
  drawIcon,
} from '../server/src/app/app-manifest.ts';

/**
 * Writes the web app manifest and its icons into the build (dist/manifest.json,
 * dist/static/icons/), for proxy mode and any plain static hosting. The local instance answers
 * these paths itself with its own name (server/src/app/app-manifest-routes.ts); Pleroma and
 * Akkoma answer /manifest.json with theirs.
 */
export function appManifestFiles(): Plugin {
  return {
    name: 'starling:app-manifest',
    apply: 'build',
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: MANIFEST_PATH.slice(1),
        source: `${JSON.stringify(appManifest({ name: 'Starling' }), null, 2)}\n`,
      });
      for (const icon of APP_ICONS) {
        this.emitFile({
          type: 'asset',
          fileName: `${ICON_DIR.slice(1)}/${icon.file}`,
          source: await drawIcon(icon),
        });
      }
    },
  };
}
