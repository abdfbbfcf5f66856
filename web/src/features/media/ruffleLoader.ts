/**
 * Loads the Flash emulator (Ruffle) on demand: its self-hosted script is added to the page the
 * first time a user presses play, never at start-up. The build copies it to RUFFLE_PATH
 * (scripts/ruffleAssets.ts).
 */
export const RUFFLE_PATH = '/static/ruffle/';

export interface RufflePlayerElement extends HTMLElement {
  ruffle?: () => RuffleApi;
  load?: RuffleApi['load'];
}

interface RuffleApi {
  load(options: { url: string } | string): Promise<void>;
}

interface RuffleSource {
  createPlayer(): RufflePlayerElement;
}

interface RuffleGlobal {
  config?: Record<string, unknown>;
  newest?: () => RuffleSource | null;
}

declare global {
  interface Window {
    RufflePlayer?: RuffleGlobal;
  }
}

let loading: Promise<RuffleSource> | null = null;

function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Loading chunk ruffle failed (${src})`));
    document.head.append(script);
  });
}

/** The emulator, loading it once; a failed load can be tried again. */
export function loadRuffle(): Promise<RuffleSource> {
  loading ??= (async () => {
    window.RufflePlayer = {
      ...window.RufflePlayer,
      config: {
        publicPath: RUFFLE_PATH,
        // Only the players this client creates: no scanning the page for <object>/<embed>.
        polyfills: false,
        autoplay: 'on',
        unmuteOverlay: 'hidden',
        splashScreen: false,
        contextMenu: 'off',
        allowScriptAccess: false,
        allowNetworking: 'none',
        openUrlMode: 'deny',
      },
    };
    await addScript(`${RUFFLE_PATH}ruffle.js`);
    const source = window.RufflePlayer?.newest?.();
    if (!source) throw new Error('The Flash emulator did not start');
    return source;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts a movie in a new player element placed inside `container`. */
export async function playFlash(container: HTMLElement, url: string): Promise<RufflePlayerElement> {
  const source = await loadRuffle();
  const player = source.createPlayer();
  container.append(player);
  const api = typeof player.ruffle === 'function' ? player.ruffle() : player;
  if (!api.load) throw new Error('The Flash emulator cannot load movies');
  await api.load({ url });
  return player;
}
