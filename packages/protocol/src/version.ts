/**
 * The version of this contract. A client sends it when it connects (the socket's `protocol`
 * query parameter, the `zar-protocol` header of a REST call); a server of another version
 * refuses with ERR_VERSION, and the page asks to be reloaded. Raise it with every change a
 * client of the previous version could not read.
 */
export const PROTOCOL_VERSION = 8;

/**
 * The close code of a socket the server lets go to be reached again at once (RFC 6455's 1012,
 * Service Restart): its instance is stopping, or the game it watched moved to another instance.
 * The client reconnects without its backoff.
 */
export const CLOSE_RECONNECT_NOW = 1012;

/** The socket URL's query parameter that carries the client's version: /ws?protocol=3. */
export const PROTOCOL_PARAM = 'protocol';

/** The request header that carries the client's version on REST calls. */
export const PROTOCOL_HEADER = 'zar-protocol';

/** What a server answers a client of another version. */
export const versionMismatch = (client: string | undefined): string =>
  `this page speaks protocol ${client ?? 'unknown'}, the server ${PROTOCOL_VERSION}: reload the page`;
