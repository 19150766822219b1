import fc from 'fast-check';

/**
 * Any valid dice seeds (docs/fair-dice.md): a 32-byte server seed in lowercase hex and two
 * client seeds of visible ASCII. The patterns are written here, not taken from fair-dice.ts,
 * so that the tests check the source against the document.
 */
const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const clientSeed = fc.stringMatching(/^[\x21-\x7e]{1,64}$/);
export const seeds = fc.record({ serverSeed: hexSeed, clientSeeds: fc.tuple(clientSeed, clientSeed) });
