import type { SeatView } from '@zar/protocol';
import type { I18n } from '../i18n/index.js';
import { diceText } from '../table/dice-text.js';
import type { Block, Line } from './turns.js';

/** A seat named for the list: a person by name, a bot by its level, an empty seat by its colour. */
export function seatLabel(i18n: I18n, players: readonly [SeatView, SeatView], seat: 0 | 1): string {
  const { t } = i18n;
  const p = players[seat];
  if (p.kind === 'bot') {
    const level = (t.levels as Readonly<Record<string, string>>)[p.level ?? ''] ?? p.level ?? '';
    return i18n.f(t.match.bot, { level });
  }
  return p.taken ? p.name : t.colours[seat === 0 ? 'white' : 'black'];
}

/** One block of a turn: "6-4: 24/18 13/9", "6-6: no legal move", "5-2: to play". */
export function blockText(i18n: I18n, b: Block): { readonly dice: string; readonly play: string } {
  const r = i18n.t.record;
  const play = b.play === null ? r.toPlay : b.play === '' ? r.noMove : b.play;
  return { dice: diceText(b.dice), play };
}

/** What a line says beside its player's name (turns are drawn block by block by the list). */
export function lineText(i18n: I18n, line: Line, players: readonly [SeatView, SeatView]): string {
  const { t, f } = i18n;
  const r = t.record;
  switch (line.kind) {
    case 'opening': {
      const dice = diceText(line.dice);
      if (line.starter === null) return f(r.openingTie, { dice });
      return f(r.opening, { dice, name: seatLabel(i18n, players, line.starter) });
    }
    case 'turn':
      return line.blocks
        .map((b) => blockText(i18n, b))
        .map((b) => `${b.dice}: ${b.play}`)
        .join(', ');
    case 'double':
    case 'beaver':
    case 'raccoon':
      return f(r[line.kind], { n: i18n.num(line.cube) });
    case 'resign':
      return f(r.resign, { level: t.resign[line.level] });
    default:
      return r[line.kind];
  }
}
