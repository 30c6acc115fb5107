/** Refusals a user can read, in English and Japanese. */
import { IllegalAction } from '../engine/core/errors.ts';
import { label } from '../engine/core/label.ts';

export function refuse(en: string, ja: string): never {
  throw new IllegalAction(label(en, ja));
}
