/**
 * The digest's stage-B keywords and keyword actions (§6.3) are all in the card schema now; the refusal mechanism
 * (`NOT_YET_SUPPORTED`) stays for the next name the engine does not know, and an unknown word keeps zod's message.
 */
import { describe, expect, it } from 'vitest';
import { MtgCardSchema, NOT_YET_SUPPORTED } from '../../src/engine/games/mtg/cards/schema.ts';

const creature = {
  id: 'probe',
  name: { en: 'Probe', ja: 'プローブ' },
  manaCost: ['1'],
  types: ['creature'],
  power: 1,
  toughness: 1,
  text: { en: '', ja: '' },
};
const sorcery = { id: 'probe', name: { en: 'Probe', ja: 'プローブ' }, manaCost: ['1'], types: ['sorcery'] };

function refusal(card: object): string {
  const r = MtgCardSchema.safeParse(card);
  return r.success ? 'accepted' : r.error.issues.map((i) => i.message).join(' | ');
}

describe('stage-B keywords and keyword actions (digest §6.3)', () => {
  it('nothing of the digest is refused any more', () => {
    expect(NOT_YET_SUPPORTED).toEqual({});
  });

  it.each(['exalted', 'wither', 'infect', 'undying', 'persist'])('the keyword %s is accepted', (name) => {
    expect(refusal({ ...creature, keywords: [name] })).toBe('accepted');
  });

  it.each([{ do: 'proliferate' }, { do: 'investigate' }, { do: 'adapt', count: 1 }])(
    'the keyword action %o is accepted as an effect',
    (effect) => {
      expect(refusal({ ...sorcery, effects: [effect], text: { en: '', ja: '' } })).toBe('accepted');
    },
  );

  it('cycling and outlast keep their whole shape: another effect beside them is refused naming the rule', () => {
    const cycling = { kind: 'activated', cycling: true, cost: { mana: ['2'] }, effects: [{ do: 'draw', count: 2 }] };
    expect(refusal({ ...creature, abilities: [cycling] })).toContain('702.28a');
    const outlast = { kind: 'activated', outlast: true, cost: { mana: ['G'] }, effects: [{ do: 'draw', count: 1 }] };
    expect(refusal({ ...creature, abilities: [outlast] })).toContain('702.106a');
    expect(refusal({ ...creature, flashback: ['1'] })).toContain('702.33a');
  });

  it('stage C stays out of the pool: a planeswalker is refused naming CR 306', () => {
    const walker = { ...creature, types: ['planeswalker'], power: undefined, toughness: undefined, loyalty: 3 };
    expect(refusal(walker)).toContain('UnsupportedRule 306');
    expect(refusal(creature)).toBe('accepted');
  });

  it('an unknown word keeps the schema’s own message (no rule is invented for it)', () => {
    expect(refusal({ ...creature, keywords: ['flyng'] })).toMatch(/expected one of/);
  });
});
