import type { Handler } from './ws-connection.js';

/** Watches or stops watching the lobby (issue 28). */
export const lobby: Handler<'lobby'> = async (c) => {
  c.send({ t: 'error', code: 'ERR_MESSAGE', message: 'the live lobby is not served yet' });
};

/** Asks to be paired (issue 28). */
export const seek: Handler<'seek'> = async (c) => {
  c.send({ t: 'error', code: 'ERR_PAIRING_REQUEST', message: 'pairing is not served yet' });
};

/** Cancels a pairing request (issue 28). */
export const unseek: Handler<'unseek'> = async (c) => {
  c.send({ t: 'error', code: 'ERR_PAIRING_REQUEST', message: 'pairing is not served yet' });
};
