import { API_PREFIX, type Route } from '@zar/protocol';

/** What a game id or an invite token in a path may be (protocol's IdSchema): anything else is not looked up. */
export const ID = /^[A-Za-z0-9_-]{6,32}$/;

/** Where a route of the contract is mounted under the /api prefix. */
export const at = (route: Route): string => route.path.slice(API_PREFIX.length);
