// Phantom Magic Vision rules text generated from a card definition, in English and Japanese (our own templates).
// The card file states the text each card is meant to have; test/cards/pmv.test.ts compares the two.
import type { Label } from '../../../core/label.ts';
import type { Ability, Aim, BaseEffect, Effect, Keyword, KeywordName, PmvCard, Race, TurnPhase } from './schema.ts';
import { KEYWORDS } from './schema.ts';

/** Names from our rules reference (data/rules/pmv/reference.json); rule numbers follow §10.2–10.34 in order. */
const KEYWORD_NAMES: Record<KeywordName, Label> = {
  haste: { en: 'Haste', ja: '速攻' },
  ambush: { en: 'Ambush', ja: '奇襲' },
  'first-strike': { en: 'First Strike', ja: '先制' },
  pierce: { en: 'Pierce', ja: '貫通' },
  stealth: { en: 'Stealth', ja: '隠密' },
  vigilance: { en: 'Vigilance', ja: '警戒' },
  'instant-death': { en: 'Instant Death', ja: '即死' },
  doll: { en: 'Doll', ja: '人形' },
  legend: { en: 'Legend', ja: '伝説' },
  resistance: { en: 'Resistance', ja: '耐性' },
  'mana-charge': { en: 'Mana Charge', ja: 'マナチャージ' },
  equip: { en: 'Equip', ja: '装備' },
  talisman: { en: 'Talisman', ja: '呪符' },
  'equip-field': { en: 'Equip/Field', ja: '装備／場' },
  'phantasmal-creature': { en: 'Phantasmal Creature', ja: '幻想生物' },
  'world-talisman': { en: 'World Talisman', ja: '世界呪符' },
  'spell-card-one': { en: 'Spell Card One', ja: '壱符' },
  'spell-card-two': { en: 'Spell Card Two', ja: '弐符' },
  link: { en: 'Link', ja: '連結' },
  'one-per-turn': { en: 'One per Turn', ja: 'ターン１枚制限' },
  'your-turn-only': { en: 'Your Turn Only', ja: '自分ターン制限' },
  'opponents-turn-only': { en: "Opponent's Turn Only", ja: '相手ターン制限' },
  'one-per-deck': { en: 'One per Deck', ja: 'デッキ１枚制限' },
  'sacred-treasure': { en: 'Sacred Treasure', ja: '神器' },
  resist: { en: 'Resist', ja: '抵抗' },
  'upkeep-cost': { en: 'Upkeep Cost', ja: '維持コスト' },
  transform: { en: 'Transform', ja: '変身' },
  blessing: { en: 'Blessing', ja: '加護' },
  'last-spell': { en: 'Last Spell', ja: 'ラストスペル' },
  'sealed-art': { en: 'Sealed Art', ja: '封術' },
  'last-word': { en: 'Last Word', ja: 'ラストワード' },
  overdrive: { en: 'Overdrive', ja: 'オーバードライブ' },
  leader: { en: 'Leader', ja: 'リーダー' },
};

export function keywordInfo(k: KeywordName): Label & { rule: string } {
  return { ...KEYWORD_NAMES[k], rule: `10.${KEYWORDS.indexOf(k) + 2}` };
}

export const RACE_NAMES: Record<Race, Label> = {
  human: { en: 'Human', ja: '人間' },
  youkai: { en: 'Youkai', ja: '妖怪' },
  fairy: { en: 'Fairy', ja: '妖精' },
  magician: { en: 'Magician', ja: '魔法使い' },
  kappa: { en: 'Kappa', ja: '河童' },
  vampire: { en: 'Vampire', ja: '吸血鬼' },
  makai: { en: 'Makai', ja: '魔界人' },
  ghost: { en: 'Ghost', ja: '幽霊' },
  tengu: { en: 'Tengu', ja: '天狗' },
  shinigami: { en: 'Shinigami', ja: '死神' },
  enma: { en: 'Enma', ja: '閻魔' },
  god: { en: 'God', ja: '神' },
  beast: { en: 'Beast', ja: '獣' },
  oni: { en: 'Oni', ja: '鬼' },
  celestial: { en: 'Celestial', ja: '天人' },
  dragon: { en: 'Dragon', ja: '龍' },
  hermit: { en: 'Hermit', ja: '仙人' },
  'little-folk': { en: 'Little Folk', ja: '小人' },
};

const races = (rs: readonly Race[]): Label => ({
  en: rs.map((r) => RACE_NAMES[r].en).join(' / '),
  ja: rs.map((r) => RACE_NAMES[r].ja).join('／'),
});

const TYPES = {
  character: { en: 'Character', ja: 'キャラクター' },
  spell: { en: 'Spell', ja: 'スペル' },
  command: { en: 'Command', ja: 'コマンド' },
} as const;

/** "Character — Human / Magician", "Spell — Caster: Ilse", "Command — Alternative race: Tengu ×2". */
export function typeLine(card: PmvCard): Label {
  const type = TYPES[card.type];
  const extra: Label[] = [];
  if (card.races.length > 0) extra.push(races(card.races));
  if (card.caster) extra.push({ en: `Caster: ${card.caster.en}`, ja: `術者：${card.caster.ja}` });
  if (card.alternativeRace) {
    const r = RACE_NAMES[card.alternativeRace.race];
    extra.push({
      en: `Alternative race: ${r.en} ×${card.alternativeRace.count}`,
      ja: `代替レース：${r.ja}×${card.alternativeRace.count}`,
    });
  }
  if (card.sideboard) extra.push({ en: 'Sideboard', ja: 'サイドボード' });
  return {
    en: [type.en, ...extra.map((e) => e.en)].join(' — '),
    ja: [type.ja, ...extra.map((e) => e.ja)].join(' — '),
  };
}

function keywordText(k: Keyword): Label {
  const n = KEYWORD_NAMES[k.keyword];
  if (k.x !== undefined) return { en: `${n.en} (${k.x})`, ja: `${n.ja}（${k.x}）` };
  if (k.race) return { en: `${n.en} (${RACE_NAMES[k.race].en})`, ja: `${n.ja}（${RACE_NAMES[k.race].ja}）` };
  if (k.names)
    return {
      en: `${n.en} (${k.names.map((x) => `"${x.en}"`).join(' + ')})`,
      ja: `${n.ja}（${k.names.map((x) => `「${x.ja}」`).join('＋')}）`,
    };
  return n;
}

const AIMS: Record<Aim, Label> = {
  'target-character': { en: 'target character', ja: '対象のキャラクター1体' },
  'target-your-character': { en: 'target character of yours', ja: '対象のあなたのキャラクター1体' },
  'target-your-sleeping-character': {
    en: 'target sleeping character of yours',
    ja: '対象の休息状態のあなたのキャラクター1体',
  },
  'target-player': { en: 'target player', ja: '対象のプレイヤー1人' },
  'target-card-being-played': { en: 'target card being played', ja: 'プレイ中の対象のカード1枚' },
  'target-opponents-hand': { en: "target opponent's hand", ja: '対象の相手の手札' },
  'target-character-cost-3-or-less': {
    en: 'target character with COST 3 or less',
    ja: 'COSTが3以下の対象のキャラクター1体',
  },
  self: { en: 'this character', ja: 'このキャラクター' },
  'each-character-on-opponents-fields': {
    en: "each character on your opponents' fields",
    ja: '相手の場のキャラクターすべて',
  },
  'target-spell-in-your-netherworld': {
    en: 'target spell card without World Talisman in your netherworld',
    ja: 'あなたの冥界にある世界呪符を持たない対象のスペルカード1枚',
  },
  'target-world-talisman-in-your-netherworld': {
    en: 'target spell card with World Talisman in your netherworld',
    ja: 'あなたの冥界にある世界呪符を持つ対象のスペルカード1枚',
  },
};

/** §4.1.1: the phases' names, for skipped and extra phases (§4.10.3, §4.10.5) and the log. */
export const PHASE_NAMES: Record<TurnPhase, Label> = {
  active: { en: 'active phase', ja: 'アクティブフェイズ' },
  maintenance: { en: 'maintenance phase', ja: 'メンテナンスフェイズ' },
  draw: { en: 'draw phase', ja: 'ドローフェイズ' },
  main: { en: 'main phase', ja: 'メインフェイズ' },
  discard: { en: 'discard phase', ja: 'ディスカードフェイズ' },
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** §6.1.14: "±0" is written for no change. */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `-${-n}` : '±0');

function effectText(e: BaseEffect): Label {
  switch (e.do) {
    case 'effect-damage':
      return {
        en: `Deal ${e.amount} effect damage to ${AIMS[e.to].en}.`,
        ja: `${AIMS[e.to].ja}に${e.amount}点の効果ダメージを与える。`,
      };
    case 'modify': {
      const until =
        e.until === 'end-of-turn'
          ? { en: 'end of turn', ja: 'ターン終了時' }
          : { en: 'end of battle', ja: '戦闘終了時' };
      const pt = `${signed(e.atk)}/${signed(e.def)}`;
      return {
        en: `${cap(AIMS[e.to].en)} gets ${pt} until ${until.en}.`,
        ja: `${until.ja}まで、${AIMS[e.to].ja}は${pt}を得る。`,
      };
    }
    case 'treat-as': {
      const until =
        e.until === 'end-of-turn'
          ? { en: 'end of turn', ja: 'ターン終了時' }
          : { en: 'end of battle', ja: '戦闘終了時' };
      const whose = `${AIMS[e.to].en}'s`;
      const en =
        e.atk !== undefined && e.def !== undefined
          ? `${whose} ATK is treated as ${e.atk} and its DEF as ${e.def}`
          : e.atk !== undefined
            ? `${whose} ATK is treated as ${e.atk}`
            : `${whose} DEF is treated as ${e.def}`;
      const ja = [e.atk === undefined ? null : `攻撃力を${e.atk}`, e.def === undefined ? null : `耐久力を${e.def}`];
      return {
        en: `Until ${until.en}, ${en}.`,
        ja: `${until.ja}まで、${AIMS[e.to].ja}の${ja.filter(Boolean).join('、')}として扱う。`,
      };
    }
    case 'deck-to-netherworld':
      return e.who === 'you'
        ? {
            en: `Put the top ${e.count} cards of your deck into your netherworld as far as possible.`,
            ja: `可能な限り、あなたのデッキの上から${e.count}枚を冥界に置く。`,
          }
        : {
            en: `Put the top ${e.count} cards of your opponent's deck into their netherworld as far as possible.`,
            ja: `可能な限り、相手のデッキの上から${e.count}枚を冥界に置く。`,
          };
    case 'draw':
      return e.who === 'you'
        ? { en: `Draw ${e.count} card${e.count === 1 ? '' : 's'}.`, ja: `カードを${e.count}枚引く。` }
        : {
            en: `Each player draws ${e.count} card${e.count === 1 ? '' : 's'}.`,
            ja: `各プレイヤーはカードを${e.count}枚引く。`,
          };
    case 'gain-lp':
      return { en: `You gain ${e.amount} LP.`, ja: `あなたは${e.amount}LPを得る。` };
    case 'pay-lp':
      return { en: `Pay ${e.amount} LP.`, ja: `${e.amount}LPを支払う。` };
    case 'sleep-all':
      return {
        en: `Put all characters on your opponents' fields to sleep.`,
        ja: '相手の場のキャラクターすべてを休息状態にする。',
      };
    case 'cancel-attack':
      return { en: 'Cancel the attack.', ja: 'その攻撃を中止する。' };
    case 'end-turn':
      return { en: 'End the turn.', ja: 'ターンを終了する。' };
    case 'end-phase':
      return { en: 'End the phase.', ja: 'フェイズを終了する。' };
    case 'cancel-defense':
      return { en: 'Cancel the defense.', ja: 'その防御を取り消す。' };
    case 'defend':
      return { en: `${cap(AIMS[e.to].en)} defends.`, ja: `${AIMS[e.to].ja}は防御を行う。` };
    case 'set-lp':
      return e.who === 'you'
        ? { en: `Your LP become ${e.amount}.`, ja: `あなたのライフポイントは${e.amount}になる。` }
        : { en: `Your opponent's LP become ${e.amount}.`, ja: `相手のライフポイントは${e.amount}になる。` };
    case 'skip-phase': {
      const ph = PHASE_NAMES[e.phase];
      return e.who === 'you'
        ? { en: `You skip your next ${ph.en}.`, ja: `あなたは次の${ph.ja}をスキップする。` }
        : { en: `Your opponent skips their next ${ph.en}.`, ja: `相手は次の${ph.ja}をスキップする。` };
    }
    case 'extra-phase': {
      const ph = PHASE_NAMES[e.phase];
      return { en: `After this phase, there is an extra ${ph.en}.`, ja: `このフェイズの後、追加の${ph.ja}を得る。` };
    }
    case 'receives-no-damage':
      return {
        en: `${cap(AIMS[e.to].en)} receives no damage this turn.`,
        ja: `このターン、${AIMS[e.to].ja}はダメージを受けない。`,
      };
    case 'make-doomed':
      return { en: `${cap(AIMS[e.to].en)} becomes doomed.`, ja: `${AIMS[e.to].ja}を決死状態にする。` };
    case 'nullify-play':
      return {
        en: 'Nullify the play of target card being played and discard it.',
        ja: 'プレイ中の対象のカード1枚のプレイを無効にし、それを捨て札にする。',
      };
    case 'make-active':
      return { en: `Make ${AIMS[e.to].en} active.`, ja: `${AIMS[e.to].ja}を活動状態にする。` };
    case 'attack':
      return { en: `${cap(AIMS[e.to].en)} attacks.`, ja: `${AIMS[e.to].ja}は攻撃する。` };
    case 'cannot': {
      const what = {
        attack: { en: "This character can't attack.", ja: 'このキャラクターは攻撃できない。' },
        defend: { en: "This character can't defend.", ja: 'このキャラクターは防御できない。' },
        'become-doomed': { en: "This character doesn't become doomed.", ja: 'このキャラクターは破壊予定にならない。' },
        'be-targeted-by-opponents-commands': {
          en: "This character can't be the target of opponents' command cards.",
          ja: 'このキャラクターは相手のコマンドカードの対象にならない。',
        },
      } as const;
      return what[e.what];
    }
    case 'static-modify': {
      const pt = `${signed(e.atk)}/${signed(e.def)}`;
      if (e.who === 'self') return { en: `This character gets ${pt}.`, ja: `このキャラクターは${pt}を得る。` };
      if (e.who === 'your-other-characters')
        return { en: `Your other characters get ${pt}.`, ja: `あなたの他のキャラクターは${pt}を得る。` };
      const r = RACE_NAMES[e.who.race];
      return { en: `${r.en} characters get ${pt}.`, ja: `${r.ja}のキャラクターは${pt}を得る。` };
    }
    case 'never-below': {
      const stat = e.stat === 'atk' ? { en: 'ATK', ja: '攻撃力' } : { en: 'DEF', ja: '耐久力' };
      return {
        en: `This character's ${stat.en} never becomes ${e.floor} or less.`,
        ja: `このキャラクターの${stat.ja}は${e.floor}以下にならない。`,
      };
    }
    case 'place-instead':
      return {
        en: 'If this card would be put into the netherworld from the field, put it into the excluded area instead.',
        ja: 'このカードが場から冥界に置かれる場合、代わりに除外領域に置く。',
      };
    case 'code':
      return e.text;
  }
}

/** The words of mode `m` of the card's "Choose one" (§7.1.15), for the mode decision. */
export function modeText(card: PmvCard, m: number): Label {
  const modal = card.effects.find((e) => e.do === 'choose-one');
  const mode = modal && modal.do === 'choose-one' ? (modal.modes[m] ?? []) : [];
  const t = mode.map(effectText);
  return { en: t.map((x) => x.en).join(' '), ja: t.map((x) => x.ja).join('') };
}

function effectsText(effects: readonly Effect[]): Label {
  const parts: Label[] = effects.map((e) => {
    if (e.do !== 'choose-one') return effectText(e);
    const modes = e.modes.map((m) => {
      const t = m.map(effectText);
      return { en: t.map((x) => x.en).join(' '), ja: t.map((x) => x.ja).join('') };
    });
    return {
      en: `Choose one —\n${modes.map((m) => `• ${m.en}`).join('\n')}`,
      ja: `以下から1つを選ぶ —\n${modes.map((m) => `• ${m.ja}`).join('\n')}`,
    };
  });
  return { en: parts.map((p) => p.en).join(' '), ja: parts.map((p) => p.ja).join('') };
}

const TIMINGS = {
  always: { en: '(Always)', ja: '（常時）' },
  'your-turn': { en: '(Your turn)', ja: '（自分ターン）' },
  'opponents-turn': { en: "(Opponent's turn)", ja: '（相手ターン）' },
} as const;
const CLASSES = { alpha: 'α', beta: 'β', gamma: 'γ' } as const;
const WHEN = {
  defends: { en: 'When this character defends, ', ja: 'このキャラクターが防御したとき、' },
  'deals-battle-damage-to-player': {
    en: 'When this character deals battle damage to a player, ',
    ja: 'このキャラクターがプレイヤーに戦闘ダメージを与えたとき、',
  },
  'has-attacked': { en: 'When this character has attacked, ', ja: 'このキャラクターが攻撃したとき、' },
  'entered-field': { en: 'When this character has entered the field, ', ja: 'このキャラクターが場に出たとき、' },
  'turn-end': { en: 'At turn end, ', ja: 'ターン終了時、' },
  'another-of-yours-would-be-doomed': {
    en: 'When another character of yours would become doomed, ',
    ja: 'あなたの他のキャラクターが破壊予定になるとき、',
  },
  'deals-damage': { en: 'When this character deals damage, ', ja: 'このキャラクターがダメージを与えたとき、' },
  'receives-damage': { en: 'When this character receives damage, ', ja: 'このキャラクターがダメージを受けたとき、' },
  discarded: { en: 'When this character is discarded, ', ja: 'このキャラクターが破棄されたとき、' },
  'your-played-card-resolved': {
    en: 'When the effect of a card you played has resolved, ',
    ja: 'あなたがプレイしたカードの効果が解決されたとき、',
  },
  excluded: {
    en: 'When this character is excluded from the game, ',
    ja: 'このキャラクターがゲームから除外されたとき、',
  },
  'would-deal-damage': {
    en: 'When this character would deal damage, ',
    ja: 'このキャラクターがダメージを与える場合、',
  },
  'would-receive-damage': {
    en: 'When this character would receive damage, ',
    ja: 'このキャラクターがダメージを受ける場合、',
  },
  'discards-a-card': { en: 'When this card discards a card, ', ja: 'このカードがカードを破棄する場合、' },
  'being-discarded': { en: 'When this character is being discarded, ', ja: 'このキャラクターが破棄される場合、' },
  'has-discarded-a-card': { en: 'When this card has discarded a card, ', ja: 'このカードがカードを破棄したとき、' },
  'makes-a-character-doomed': {
    en: 'When this card makes a character doomed, ',
    ja: 'このカードがキャラクターを決死状態にする場合、',
  },
  'has-made-a-character-doomed': {
    en: 'When this card has made a character doomed, ',
    ja: 'このカードがキャラクターを決死状態にしたとき、',
  },
  'excludes-a-card': {
    en: 'When this card excludes a card from the game, ',
    ja: 'このカードがカードをゲームから除外する場合、',
  },
  'being-excluded': {
    en: 'When this character is being excluded from the game, ',
    ja: 'このキャラクターがゲームから除外される場合、',
  },
  'has-excluded-a-card': {
    en: 'When this card has excluded a card from the game, ',
    ja: 'このカードがカードをゲームから除外したとき、',
  },
} as const;
/** Node costs are printed as circled numbers (①②…). */
const circled = (n: number) => String.fromCharCode(0x2460 + n - 1);

export function abilityText(a: Ability): Label {
  const effects = effectsText(a.effects);
  if (a.kind === 'activated') {
    const icons = [a.cost.nodes > 0 ? circled(a.cost.nodes) : '', a.cost.sleep ? 'S' : ''].join('');
    // §1.9.4: an LP cost is written after the icons, as words.
    const lp = a.cost.lp !== 0 ? { en: `pay ${a.cost.lp} LP`, ja: `${a.cost.lp}LPを支払う` } : null;
    const cost = {
      en: [icons, lp?.en ?? ''].filter((x) => x !== '').join(', ') || '0',
      ja: [icons, lp?.ja ?? ''].filter((x) => x !== '').join('、') || '0',
    };
    return {
      en: `${TIMINGS[a.timing].en} ${cost.en}: ${effects.en}`,
      ja: `${TIMINGS[a.timing].ja}${cost.ja}：${effects.ja}`,
    };
  }
  const when = a.when ? WHEN[a.when] : null;
  const en = `(Auto ${CLASSES[a.class]}) ${when ? when.en + effects.en.charAt(0).toLowerCase() + effects.en.slice(1) : effects.en}`;
  const ja = `（自動${CLASSES[a.class]}）${when ? when.ja : ''}${effects.ja}`;
  return a.unnullifiable ? { en: `【${en}】`, ja: `【${ja}】` } : { en, ja };
}

const TIERS = {
  penalty: { en: 'UNPOPULARITY PENALTY (0)', ja: '不人気ペナルティ（0）' },
  normal: { en: 'NORMAL (1+)', ja: '通常（1以上）' },
  bonus: { en: 'POPULARITY BONUS (2+)', ja: '人気ボーナス（2以上）' },
  explosion: { en: 'POPULARITY EXPLOSION (4+)', ja: '人気爆発（4以上）' },
} as const;

/** Keywords, play text, abilities, popularity boxes (§2.13.4), then the transformation description (§2.17). */
export function cardText(card: PmvCard): Label {
  const lines: Label[] = [];
  if (card.keywords.length > 0) {
    const ks = card.keywords.map(keywordText);
    lines.push({ en: ks.map((k) => k.en).join(', '), ja: ks.map((k) => k.ja).join('、') });
  }
  if (card.effects.length > 0) lines.push(effectsText(card.effects));
  for (const a of card.abilities) lines.push(abilityText(a));
  for (const p of card.popularity) {
    const t = p.abilities.map(abilityText);
    lines.push({
      en: `${TIERS[p.tier].en}: ${t.map((x) => x.en).join(' ')}`,
      ja: `${TIERS[p.tier].ja}：${t.map((x) => x.ja).join('')}`,
    });
  }
  const tr = card.transformation;
  if (tr) {
    const r = races(tr.races);
    lines.push({
      en: `Transformed: "${tr.name.en}" (${r.en}, Graze ${tr.graze}, ${tr.atk}/${tr.def})`,
      ja: `変身後：「${tr.name.ja}」（${r.ja}、グレイズ${tr.graze}、${tr.atk}/${tr.def}）`,
    });
    for (const a of tr.abilities) lines.push(abilityText(a));
  }
  return { en: lines.map((l) => l.en).join('\n'), ja: lines.map((l) => l.ja).join('\n') };
}
