import { startInstance } from './instance.ts';

/** One local instance for the whole run; journeys reach it through STARLING_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const instance = await startInstance();
  process.env.STARLING_URL = instance.url;
  return () => instance.stop();
}
