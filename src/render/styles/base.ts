// The theme every game starts from; each game overrides only what identifies it.
import { label } from '../../engine/core/label.ts';
import type { GameStyle } from './game-style.ts';

export const BASE_STYLE: Omit<GameStyle, 'title' | 'accent' | 'colours' | 'motif'> = {
  background: '#15181d',
  panel: '#20252c',
  panelEdge: '#323a44',
  ink: '#eef1f4',
  mutedInk: '#9aa5b1',
  neutral: { fill: '#8a929b', ink: '#111418' },
  states: {
    turned: label('Tapped', 'タップ'),
    upsideDown: label('Upside down', '逆向き'),
    destroyedPending: label('Destroyed', '破壊状態'),
    attacking: label('Attacking', '攻撃中'),
    blocking: label('Blocking', 'ブロック中'),
    actionRestricted: label('Restricted', '行動制限'),
    revealed: label('Revealed', '公開'),
  },
  life: label('Life', 'ライフ'),
  frameRadius: 10,
};

/** The generic-cost pip, shared by every game. */
export const GENERIC_PIP = { fill: '#c9ced4', ink: '#15181d' };
