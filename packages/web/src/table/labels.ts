import type { BoardLabels, PointInfo, Side } from '@zar/board-ui';
import type { I18n } from '../i18n/index.js';

/**
 * Accessible names for the board, in the page's language: a screen reader user hears
 * "Point 13: 5 checkers, yours, you can move from here" and can play with that alone. Every
 * number goes through the language's plural rules and number format.
 */
export function boardLabels(i18n: I18n): BoardLabels {
  const { t } = i18n;
  const sep = t.board.sep;
  const count = (n: number) => i18n.n(t.board.checkers, n);
  const whose = (own: number, opp: number): string[] => {
    const parts: string[] = [];
    if (own > 0) parts.push(`${count(own)}${sep}${t.board.yours}`);
    if (opp > 0) parts.push(`${count(opp)}${sep}${t.board.theirs}`);
    return parts;
  };
  return {
    board: t.board.label,
    point(info: PointInfo) {
      const parts = whose(info.own, info.opp);
      if (parts.length === 0) parts.push(t.board.empty);
      if (info.pinned) parts.push(`${t.board.pinned} (${info.pinned === 'own' ? t.board.yours : t.board.theirs})`);
      if (info.selected) parts.push(t.board.selected);
      else if (info.source) parts.push(t.board.source);
      if (info.destination) parts.push(t.board.destination);
      return `${i18n.f(t.board.point, { n: i18n.num(info.point) })}: ${parts.join(sep)}`;
    },
    bar(info) {
      const parts = whose(info.own, info.opp);
      if (parts.length === 0) parts.push(t.board.empty);
      if (info.selected) parts.push(t.board.selected);
      else if (info.source) parts.push(t.board.source);
      return `${t.board.bar}: ${parts.join(sep)}`;
    },
    off(info) {
      const parts = [`${t.board.yourOff}: ${count(info.own)}`];
      if (info.destination) parts.push(t.board.destination);
      return parts.join(sep);
    },
    oppOff: (n: number) => i18n.f(t.table.oppOff, { n: i18n.num(n) }),
    cube(info) {
      const owner = info.owner === null ? t.board.cubeCentred : info.owner === 'own' ? t.board.yours : t.board.theirs;
      const parts = [`${t.board.cube} ${i18n.num(info.value)}`, owner];
      if (info.offered) parts.push(t.board.cubeOffered);
      if (info.canDouble) parts.push(t.board.cubeDouble);
      return parts.join(sep);
    },
    dice(info: { readonly values: readonly number[]; readonly used: readonly boolean[]; readonly side: Side }) {
      const values = info.values.map((v, i) => (info.used[i] ? `${i18n.num(v)} (${t.board.used})` : i18n.num(v)));
      return `${info.side === 'own' ? t.board.yourDice : t.board.theirDice}: ${values.join(sep)}`;
    },
    // Beside the tray there is room for the number only; the score bar names it.
    pips: (n: number) => i18n.num(n),
    number: (n: number) => i18n.num(n),
  };
}
