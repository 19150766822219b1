import {
  API_PREFIX,
  decode,
  ErrorBodySchema,
  PROTOCOL_PARAM,
  PROTOCOL_VERSION,
  REST,
  type Route,
  type ServerMessage,
  ServerMessageSchema,
} from '@zar/protocol';

/*
 * The contract, held against everything the test servers send: the harness passes every REST
 * answer and every socket frame through these, so a server that answers something its
 * schema does not describe fails whichever test met it.
 */

/** The socket path with this build's protocol version, as the page connects. */
export const WS_PATH = `/ws?${PROTOCOL_PARAM}=${PROTOCOL_VERSION}`;

export class ContractError extends Error {}

const ROUTES: readonly Route[] = Object.values(REST);

/** The contract's route for a request, matching `:name` parts to one path segment. */
export function routeOf(method: string, path: string): Route | null {
  const bare = path.split('?')[0] ?? '';
  return (
    ROUTES.find((r) => {
      if (r.method !== method) return false;
      const pattern = new RegExp(`^${r.path.replace(/:[a-z]+/g, '[^/]+')}$`);
      return pattern.test(bare);
    }) ?? null
  );
}

/** Checks one REST answer against its route's schema; throws a ContractError when it does not fit. */
export function checkBody(method: string, path: string, status: number, body: unknown): void {
  if (!path.startsWith(`${API_PREFIX}/`)) return;
  const where = `${method} ${path} → ${status}`;
  if (status >= 400) {
    const r = decode(ErrorBodySchema, body);
    if (!r.ok) throw new ContractError(`${where}: the error body breaks the contract: ${r.message}`);
    return;
  }
  const route = routeOf(method, path);
  if (route === null) throw new ContractError(`${where}: no route of the contract answers this`);
  if (route.reply === null) {
    if (status !== 204 || body !== null) throw new ContractError(`${where}: expected 204 with no body`);
    return;
  }
  const r = decode(route.reply, body);
  if (!r.ok) throw new ContractError(`${where}: the answer breaks the contract: ${r.message}`);
}

/** Checks one socket frame; throws a ContractError when the contract does not describe it. */
export function checkFrame(text: string): ServerMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ContractError(`a frame is not JSON: ${text.slice(0, 80)}`);
  }
  const r = decode(ServerMessageSchema, json);
  if (!r.ok) throw new ContractError(`a frame breaks the contract: ${r.message}: ${text.slice(0, 200)}`);
  return r.value;
}
