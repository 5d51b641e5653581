import type * as Undici from 'undici';
import api from 'undici/lib/api/index.js';
import buildConnectorModule from 'undici/lib/core/connect.js';
import DispatcherModule from 'undici/lib/dispatcher/dispatcher.js';
import PoolModule from 'undici/lib/dispatcher/pool.js';
import ProxyAgentModule from 'undici/lib/dispatcher/proxy-agent.js';

/**
 * The parts of undici Robot Tray uses (a Pool, a ProxyAgent, the connector,
 * request), loaded from their own files: undici's index loads all of it,
 * fetch, WebSocket, caches and mocks included, 109 files where these need 34,
 * and that load was the largest part of every `robot-tray fire`. The index
 * gives every dispatcher its request methods; so does this module, the same
 * way. Typed by undici's own declarations.
 */
Object.assign((DispatcherModule as { prototype: object }).prototype, api);

export const Pool = PoolModule as typeof Undici.Pool;
export const ProxyAgent = ProxyAgentModule as typeof Undici.ProxyAgent;
export const buildConnector = buildConnectorModule as typeof Undici.buildConnector;
