import { strList } from './fields.ts';
import { makeParser } from './parse.ts';

/**
 * GET /api/v1/instance/peers: a list of host names. Its own module, apart from the instance's
 * schema, so that only the settings chunk that suggests domains carries it.
 */
export const parseInstancePeers = makeParser('InstancePeers', strList()('InstancePeers', false));
