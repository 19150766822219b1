import type { ClientAction, GameView, ResignChoice } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { ResignDialog } from './resign-dialog.js';

/** A button under the board, named after its action (pass is the protocol's drop). */
export type Control = 'roll' | 'double' | 'take' | 'pass' | 'beaver' | 'raccoon' | 'resign' | 'accept' | 'decline';

/** The buttons in the order they stand, each with the action that offers it. */
const BUTTONS: readonly [Control, keyof GameView['allowed']][] = [
  ['roll', 'roll'],
  ['double', 'double'],
  ['take', 'take'],
  ['pass', 'drop'],
  ['beaver', 'beaver'],
  ['raccoon', 'raccoon'],
  ['accept', 'accept'],
  ['decline', 'decline'],
];

/** The buttons for what the view says the viewer may do; the server decided, the page only draws. */
export function controlsOf(allowed: GameView['allowed']): Control[] {
  const controls = BUTTONS.filter(([, action]) => allowed[action] === true).map(([control]) => control);
  return allowed.resign.length > 0 ? [...controls, 'resign'] : controls;
}

export interface ControlsProps {
  readonly controls: readonly Control[];
  /** Present while the player enters a play. */
  readonly entering: { readonly canConfirm: boolean; readonly canUndo: boolean } | null;
  /** The levels the viewer may resign at, with the points each gives away (the server's). */
  readonly resignChoices: readonly ResignChoice[];
  readonly busy: boolean;
  readonly act: (a: ClientAction) => void;
  readonly confirm: () => void;
  readonly undo: () => void;
}

/** Simple actions: the control's name is the action's type (pass is the protocol's drop). */
export const CONTROL_ACTIONS: Partial<Record<Control, ClientAction>> = {
  roll: { type: 'roll' },
  double: { type: 'double' },
  take: { type: 'take' },
  pass: { type: 'drop' },
  beaver: { type: 'beaver' },
  raccoon: { type: 'raccoon' },
  accept: { type: 'accept' },
  decline: { type: 'decline' },
};

/** The buttons under the board; each has a stable data-testid named after its action. */
export function ControlsBar(props: ControlsProps) {
  const { t } = useI18n();
  const [resigning, setResigning] = useState(false);
  const { controls, entering, busy } = props;
  const canResign = controls.includes('resign');
  // A dialog left open when the turn moved on must not come back by itself at the next turn.
  useEffect(() => {
    if (!canResign) setResigning(false);
  }, [canResign]);
  return (
    <div class="controls" data-testid="controls">
      {entering && (
        <>
          <button
            type="button"
            class="primary"
            data-testid="confirm"
            disabled={busy || !entering.canConfirm}
            onClick={props.confirm}
          >
            {t.actions.confirm}
          </button>
          <button type="button" data-testid="undo" disabled={busy || !entering.canUndo} onClick={props.undo}>
            {t.actions.undo}
          </button>
        </>
      )}
      {controls.map((c) => {
        const action = CONTROL_ACTIONS[c];
        if (!action) return null;
        return (
          <button
            type="button"
            key={c}
            data-testid={c}
            class={c === 'roll' || c === 'take' || c === 'accept' ? 'primary' : ''}
            disabled={busy}
            onClick={() => props.act(action)}
          >
            {t.actions[c as keyof typeof t.actions]}
          </button>
        );
      })}
      {canResign && (
        <button
          type="button"
          data-testid="resign"
          aria-haspopup="dialog"
          aria-expanded={resigning}
          disabled={busy}
          onClick={() => setResigning(true)}
        >
          {t.actions.resign}
        </button>
      )}
      {resigning && canResign && (
        <ResignDialog
          choices={props.resignChoices}
          busy={busy}
          onCancel={() => setResigning(false)}
          onResign={(level) => {
            setResigning(false);
            props.act({ type: 'resign', level });
          }}
        />
      )}
    </div>
  );
}
