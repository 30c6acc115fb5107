// Aquarian Age card data (rules summary, seed 002), as the future AQA engine will read it. Section numbers are the
// summary's (§6-1 …); G-numbers are the digest's gaps, where a proposal stands in for a missing rule. Faction names
// are our own, mapped onto the six priority slots of §22-4. A `code` escape names what the vocabulary cannot say.
import { z } from 'zod';
import { CardIdSchema, CodeEscapeSchema, IntendedTextSchema, LabelSchema } from '../../../core/card-data.ts';

/** §22-2: the five card types, in priority order (break first, character last). */
export const CardTypeSchema = z.enum(['break', 'permanent', 'project', 'fast', 'character']);
export type CardType = z.infer<typeof CardTypeSchema>;

/** §18, §22-4: factions in tie-break slot order (1–6); none means factionless (§18-2). */
export const FACTIONS = ['psyche', 'kagura', 'grimoire', 'wildwood', 'meridian', 'null'] as const;
export const FactionSchema = z.enum(FACTIONS);
export type Faction = z.infer<typeof FactionSchema>;

/** §6, §3-9, §18-1: the named skills ("Search" takes a Name, "Resist" a faction, Charge/Bind a number). */
export const SKILLS = [
  'aggressive',
  'penetrate',
  'resist',
  'charge',
  'bind',
  'intercept',
  'search',
  'stealth',
] as const;
export const SkillNameSchema = z.enum(SKILLS);
export type SkillName = z.infer<typeof SkillNameSchema>;

export const SkillSchema = z
  .object({
    skill: SkillNameSchema,
    x: z.number().int().min(1).optional(),
    faction: FactionSchema.optional(),
    name: LabelSchema.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message });
    need(
      (s.skill === 'charge' || s.skill === 'bind') === (s.x !== undefined),
      `${s.skill}: a number is required for (and only for) Charge and Bind (§6-3, §6-4)`,
    );
    need(
      (s.skill === 'resist') === (s.faction !== undefined),
      `${s.skill}: a faction is required for (and only for) Resist (§6-2, G-proposal)`,
    );
    need(
      (s.skill === 'search') === (s.name !== undefined),
      `${s.skill}: a Name is required for (and only for) Search (§6-6)`,
    );
  });
export type Skill = z.infer<typeof SkillSchema>;

/** §4.3: 目標 (designated target) and 対象 are one concept here (proposal G41). */
export const AimSchema = z.enum(['self', 'target-character', 'target-player', 'target-effect']);
export type Aim = z.infer<typeof AimSchema>;

const BaseEffect = z.discriminatedUnion('do', [
  /** §21-1: draw; `optional` is "may" (§21-6). */
  z.object({ do: z.literal('draw'), count: z.number().int().min(1), optional: z.boolean().default(false) }).strict(),
  /** Discard from hand; `afterPrevious` is その後 (§17-7): only if the text before it happened. */
  z
    .object({
      do: z.literal('discard'),
      count: z.number().int().min(1),
      who: z.enum(['you', 'target-player']),
      afterPrevious: z.boolean().default(false),
    })
    .strict(),
  /** §5-2, §7-1: normal damage to a character (not battle damage). */
  z.object({ do: z.literal('damage'), amount: z.number().int().min(1), to: AimSchema }).strict(),
  /** §21-5: distribute, at least 1 to each chosen target. */
  z.object({ do: z.literal('distribute-damage'), amount: z.union([z.number().int().min(1), z.literal('X')]) }).strict(),
  /** A stat change with a duration (§15-1 for judgments is a code escape instead). */
  z
    .object({
      do: z.literal('modify'),
      to: AimSchema,
      stat: z.enum(['atk', 'dur', 'mnd']),
      amount: z.number().int(),
      until: z.enum(['end-of-turn', 'end-of-battle']),
    })
    .strict(),
  /** §12-3: the top card of your deck set as a power card (an empty deck meets a losing condition). */
  z.object({ do: z.literal('set-deck-top-as-power'), on: z.literal('self') }).strict(),
  /** §13-1: negate until end of turn. */
  z.object({ do: z.literal('negate'), to: z.literal('target-effect') }).strict(),
  CodeEscapeSchema,
]);
/** §21-8: "choose one of the following effects". */
const Modal = z.object({ do: z.literal('choose-one'), modes: z.array(z.array(BaseEffect).min(1)).min(2) }).strict();
export const EffectSchema = z.union([BaseEffect, Modal]);
export type BaseEffect = z.infer<typeof BaseEffect>;
export type Effect = z.infer<typeof EffectSchema>;

/** The trigger phrases of §10.3 the sample pool uses. */
export const TRIGGERS = [
  'enters-field', // §1-1, §8-1-a-1
  'another-of-yours-discarded', // §17-2
  'this-discarded', // §17-1 ("when discarded", before the discard)
  'attack-confirmed', // §3-3, §3-3-a-1 ("if this attacks", "on attack": unguarded, at step 1)
  'damage-judgment-of-its-attack', // §3-3-a-2
  'at-battle', // §5-1
  'declares-attack', // §17-4 d
  'declares-guard', // §17-5 d
  'after-attack-ends', // §3-3-a-3
  'instead-of-damage-judgment', // §3-4
  'start-of-your-main-phase', // §13-7
  'end-of-turn', // §17-6
  'power-zero', // §17-3
] as const;
export const TriggerSchema = z.enum(TRIGGERS);
export type Trigger = z.infer<typeof TriggerSchema>;

export const AbilitySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('triggered'), when: TriggerSchema, effects: z.array(EffectSchema).min(1) }).strict(),
  /** §11-6, §7-4: "Eff [n]": an effect whose cost is paid from this character's power cards. */
  z
    .object({
      kind: z.literal('effect'),
      cost: z.union([z.number().int().min(0), z.literal('X')]),
      effects: z.array(EffectSchema).min(1),
    })
    .strict(),
  z.object({ kind: z.literal('cannot-declare-attacks') }).strict(), // §3-8
  z.object({ kind: z.literal('cannot-be-guarded') }).strict(), // §4-4
  z.object({ kind: z.literal('cannot-be-targeted') }).strict(), // §10-1, §10-1-a (ruling R19)
  /** ☆§13-8: also named, in every zone. */
  z.object({ kind: z.literal('also-named'), name: LabelSchema }).strict(),
  /** ☆§13-8: this card's own name is changed, in every zone (ruling R26: its printed name no longer counts). */
  z.object({ kind: z.literal('renamed'), name: LabelSchema }).strict(),
  /** §20-8–20-9: a cost reduction for your cards of a type, in every zone. */
  z.object({ kind: z.literal('cost-reduction'), type: CardTypeSchema, amount: z.number().int().min(1) }).strict(),
  /** §11-5: a permanent's bonus to the character bearing it. */
  z.object({ kind: z.literal('bearer-gets'), stat: z.enum(['atk', 'dur', 'mnd']), amount: z.number().int() }).strict(),
  /** Anything else a card states as a rule of its own (static text). */
  z.object({ kind: z.literal('static'), effects: z.array(CodeEscapeSchema).min(1) }).strict(),
]);
export type Ability = z.infer<typeof AbilitySchema>;

/** §19: a required factor, e.g. "Psyche ×1". */
export const FactorSchema = z.object({ faction: FactionSchema, count: z.number().int().min(1) }).strict();

/** §10-2: what a break card may be set on. */
export const BreakConditionSchema = z
  .object({ faction: FactionSchema.optional(), name: LabelSchema.optional() })
  .strict()
  .refine((c) => (c.faction === undefined) !== (c.name === undefined), 'a break condition names a faction or a Name');

export const AqaCardSchema = z
  .object({
    id: CardIdSchema,
    name: LabelSchema,
    type: CardTypeSchema,
    /** §6-6, §11-7, §21-3c: the Name tag ("Aoi"), and whether the card is name-level (§9-3). */
    nameTag: LabelSchema.optional(),
    nameLevel: z.boolean().default(false),
    factions: z.array(FactionSchema).default([]),
    requiredFactor: FactorSchema.optional(),
    /** §20: characters cost nothing to set (G8); X costs name their class (§20-5-a to d). */
    cost: z.union([z.number().int().min(0), z.literal('X')]).optional(),
    xClass: z.enum(['a', 'b', 'c', 'd']).optional(),
    xMax: z.number().int().min(1).optional(),
    /** Characters and break cards: attack (a parenthesised "(0)" is §15-3b), durability, mental power. */
    atk: z.number().int().min(0).optional(),
    atkParenthesized: z.boolean().default(false),
    dur: z.number().int().min(0).optional(),
    /** §8-4: "mental power equal to power" is `"power"`. */
    mnd: z.union([z.number().int().min(0), z.literal('power')]).optional(),
    mentalAttack: z.number().int().min(1).optional(), // §12-5
    breakCondition: BreakConditionSchema.optional(),
    /** §8-1-b: a character card usable as a break card. */
    usableAsBreak: z
      .object({ factor: FactorSchema, cost: z.number().int().min(0), condition: BreakConditionSchema })
      .strict()
      .optional(),
    /** §13-3, §14-2: project and fast cards. */
    duration: z.enum(['instant', 'continuous', 'until-end-of-turn']).optional(),
    range: z.enum(['target', 'area']).optional(),
    skills: z.array(SkillSchema).default([]),
    /** Project and fast cards: what happens on resolution. */
    effects: z.array(EffectSchema).default([]),
    abilities: z.array(AbilitySchema).default([]),
    text: IntendedTextSchema,
  })
  .strict()
  .superRefine((card, ctx) => {
    const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message });
    const fighter = card.type === 'character' || card.type === 'break';
    need(
      !fighter || (card.atk !== undefined && card.dur !== undefined && card.mnd !== undefined),
      'characters and break cards have ATK, DUR and MND (§5, §12-2)',
    );
    need(
      fighter || (card.atk === undefined && card.dur === undefined && card.mnd === undefined),
      'only characters and break cards have ATK, DUR and MND',
    );
    need(
      card.type === 'character' ? card.cost === undefined : card.cost !== undefined,
      'every card but a character has a cost; characters cost nothing to set (§20, G8)',
    );
    need((card.cost === 'X') === (card.xClass !== undefined), 'an X cost names its class (§20-5)');
    need(
      (card.type === 'break') === (card.breakCondition !== undefined),
      'break cards, and only break cards, have a break condition (§10-2)',
    );
    const timed = card.type === 'project' || card.type === 'fast';
    need(
      timed === (card.duration !== undefined && card.range !== undefined),
      'project and fast cards, and only they, have a duration and a range (§13-3, §14-2)',
    );
    need(timed || card.effects.length === 0, 'only project and fast cards have effects on resolution');
    need(!card.nameLevel || card.nameTag !== undefined, 'a name-level card has a Name (§9-3)');
  });
export type AqaCard = z.infer<typeof AqaCardSchema>;

export const AqaCardFileSchema = z.object({ game: z.literal('aqa'), cards: z.array(AqaCardSchema).min(1) }).strict();
