import { parseZarPosition, presetById } from '@zar/engine';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { HintPanel } from '../hints/hint-panel.js';
import { useI18n } from '../i18n/index.js';
import { useAutoActions } from '../play/auto-actions.js';
import { ControlsBar, controlsOf } from '../play/controls-bar.js';
import { EndDialog } from '../play/end-dialog.js';
import {
  canUndo,
  currentPosition,
  diceOfEntry,
  diceOfTurn,
  drag,
  entryOf,
  highlights,
  playText,
  tap,
  turnOfView,
  undoEntry,
} from '../play/entry.js';
import { ScoreBar } from '../play/score-bar.js';
import { LastMoveLine, StatusText } from '../play/status-text.js';
import { TableNews } from '../play/table-news.js';
import { snapshotOf } from '../record/snapshot.js';
import { SnapshotBoard } from '../record/snapshot-board.js';
import { liveCursor, RecordPanel, recordedOpening, useLines } from '../record/table-record.js';
import { navigate } from '../router.js';
import { animationsOn } from '../settings.js';
import { useTableSounds } from '../sound/use-table-sounds.js';
import { boardModel, fromViewer, lastMoveModel } from '../table/board-model.js';
import { BoardView } from '../table/board-view.js';
import { cubeOf } from '../table/cube-view.js';
import { rulesOfView } from '../table/rules-of.js';
import { ErrorLine, Ltr } from '../ui.js';

/**
 * What the offline page uses of the app: the play page's table and its helpers, all in the
 * first bundle already, handed to the lazy page (app.tsx) rather than imported by it. A lazy
 * chunk importing a few of the first bundle's modules makes the bundler cut that bundle into
 * many small shared chunks, each compressed apart: it weighed 7 KB more, past its budget.
 */
export const OFFLINE_KIT = {
  hooks: { useEffect, useMemo, useRef, useState },
  parseZarPosition,
  presetById,
  api,
  useI18n,
  navigate,
  useAutoActions,
  ControlsBar,
  controlsOf,
  EndDialog,
  HintPanel,
  entry: {
    canUndo,
    currentPosition,
    diceOfEntry,
    diceOfTurn,
    drag,
    entryOf,
    highlights,
    playText,
    tap,
    turnOfView,
    undoEntry,
  },
  ScoreBar,
  LastMoveLine,
  StatusText,
  TableNews,
  snapshotOf,
  SnapshotBoard,
  liveCursor,
  RecordPanel,
  recordedOpening,
  useLines,
  animationsOn,
  useTableSounds,
  boardModel,
  fromViewer,
  lastMoveModel,
  BoardView,
  cubeOf,
  rulesOfView,
  ErrorLine,
  Ltr,
};

export type OfflineKit = typeof OFFLINE_KIT;
