import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { parseEvaluatorWeights, serializeEvaluatorWeights } from '../src/backgammon-net/weights.js';
import { fromBase64, toBase64 } from '../src/nn/base64.js';
import { randomNetwork } from '../src/nn/network.js';
import { parseNetwork, serializeNetwork } from '../src/nn/serialize.js';
import { OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';

describe('weights serialization', () => {
  it('base64 round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(fromBase64(toBase64(bytes))).toEqual(bytes);
      }),
    );
  });

  it('base64 matches a known encoding (RFC 4648 §10: "foobar" is "Zm9vYmFy")', () => {
    expect(toBase64(new TextEncoder().encode('fooba'))).toBe('Zm9vYmE=');
    expect(toBase64(new TextEncoder().encode('foobar'))).toBe('Zm9vYmFy');
  });

  it('a network survives a JSON round trip bit for bit', () => {
    const net = randomNetwork(20, 7, 5, seededRandom(3));
    const back = parseNetwork(JSON.parse(JSON.stringify(serializeNetwork(net, { games: 1 }))));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.w1).toEqual(net.w1);
    expect(back.value.b1).toEqual(net.b1);
    expect(back.value.w2).toEqual(net.w2);
    expect(back.value.b2).toEqual(net.b2);
  });

  it('rejects bad input with stable codes', () => {
    expect(parseNetwork({ format: 'nope' })).toMatchObject({ ok: false, error: { code: 'ERR_NETWORK_FORMAT' } });
    expect(parseNetwork({ format: 'zar-nn/1', inputs: 2, hidden: 0, outputs: 1, weights: '' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_NETWORK_SHAPE' },
    });
    expect(parseNetwork({ format: 'zar-nn/1', inputs: 2, hidden: 1, outputs: 1, weights: 'AAAA' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_NETWORK_WEIGHTS' },
    });
  });

  it('evaluator weights carry both nets and check the encoder shape', () => {
    const random = seededRandom(5);
    const nets = {
      contact: randomNetwork(INPUTS, 8, OUTPUTS, random),
      race: randomNetwork(INPUTS, 4, OUTPUTS, random),
    };
    const back = parseEvaluatorWeights(JSON.parse(JSON.stringify(serializeEvaluatorWeights(nets, { games: 0 }))));
    expect(back.ok && back.value.race.w1).toEqual(nets.race.w1);
    const wrong = serializeEvaluatorWeights({ contact: randomNetwork(3, 2, OUTPUTS, random), race: nets.race }, {});
    expect(parseEvaluatorWeights(wrong)).toMatchObject({ ok: false, error: { code: 'ERR_WEIGHTS_INPUTS' } });
  });
});
