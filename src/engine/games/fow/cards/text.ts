// Force of Will rules text generated from a card definition, in English and Japanese (our own templates). The
// card file states the text each card is meant to have; test/cards/fow.test.ts compares the two.
import type { Label } from '../../../core/label.ts';
import type {
  Ability,
  Attribute,
  CardType,
  Cost,
  Effect,
  Face,
  FowCard,
  Grant,
  Keyword,
  KeywordName,
  Race,
  Target,
  Weather,
  WillSymbol,
} from './schema.ts';

/** Names from our rules reference (data/rules/fow/reference.json) and the rule defining each keyword. */
const KEYWORDS: Record<KeywordName, Label & { rule: string }> = {
  pierce: { en: 'Pierce', ja: '貫通', rule: '1102' },
  precision: { en: 'Precision', ja: '襲撃', rule: '1103' },
  'first-strike': { en: 'First Strike', ja: '先制攻撃', rule: '1104' },
  explode: { en: 'Explode', ja: '爆散', rule: '1105' },
  flying: { en: 'Flying', ja: '飛翔', rule: '1106' },
  swiftness: { en: 'Swiftness', ja: '迅速', rule: '1107' },
  imperishable: { en: 'Imperishable', ja: '不滅', rule: '1108' },
  awakening: { en: 'Awakening', ja: '覚醒', rule: '1109' },
  incarnation: { en: 'Incarnation', ja: '顕現', rule: '1110' },
  quickcast: { en: 'Quickcast', ja: '瞬動', rule: '1111' },
  'gods-art': { en: "God's Art", ja: '神技', rule: '1112' },
  trigger: { en: 'Trigger', ja: '発動条件', rule: '1113' },
  stealth: { en: 'Stealth', ja: '潜伏', rule: '1114' },
  remnant: { en: 'Remnant', ja: '追憶', rule: '1115' },
  evolution: { en: 'Evolution', ja: '進化', rule: '1116' },
  shift: { en: 'Shift', ja: '時変', rule: '1117' },
  limit: { en: 'Limit', ja: '現界', rule: '1118' },
  energize: { en: 'Energize', ja: '後抗', rule: '1119' },
  barrier: { en: 'Barrier', ja: '障壁', rule: '1120' },
  equip: { en: 'Equip', ja: '装備', rule: '1121' },
  mana: { en: 'Mana', ja: 'マナ', rule: '1122' },
  bloodlust: { en: 'Bloodlust', ja: '猛進', rule: '1123' },
  torrent: { en: 'Torrent', ja: '連唱', rule: '1124' },
  judgment: { en: 'Judgment', ja: 'ジャッジメント', rule: '1125' },
  inheritance: { en: 'Inheritance', ja: '継承', rule: '1126' },
  resonance: { en: 'Resonance', ja: '共鳴', rule: '1127' },
  seal: { en: 'Seal', ja: '封印', rule: '1128' },
  mobilize: { en: 'Mobilize', ja: '稼働', rule: '1129' },
  'sealed-item': { en: 'Sealed Item', ja: 'シールアイテム', rule: '1130' },
  crest: { en: 'Crest', ja: '紋章', rule: '1131' },
  grimoire: { en: 'Grimoire', ja: 'グリモア', rule: '1132' },
  fable: { en: 'Fable', ja: '物語', rule: '1133' },
  void: { en: 'Void', ja: '虚空', rule: '1134' },
  drain: { en: 'Drain', ja: '吸魂', rule: '1135' },
  divinity: { en: 'Divinity', ja: '神力', rule: '1136' },
  rune: { en: 'Rune', ja: 'ルーン', rule: '1137' },
  bane: { en: 'Bane', ja: '即死', rule: '1138' },
  eternal: { en: 'Eternal', ja: '破壊不能', rule: '1139' },
  enter: { en: 'Enter', ja: '参戦', rule: '1140' },
};

export function keywordInfo(k: KeywordName): Label & { rule: string } {
  return KEYWORDS[k];
}

/** The attributes' names (card text, decisions). */
export const ATTRIBUTES: Record<Attribute, Label> = {
  light: { en: 'Light', ja: '光' },
  fire: { en: 'Fire', ja: '炎' },
  water: { en: 'Water', ja: '水' },
  wind: { en: 'Wind', ja: '風' },
  darkness: { en: 'Darkness', ja: '闇' },
};
/** FoW 1028: the weathers' names. */
export const WEATHERS: Record<Weather, Label> = { rainy: { en: 'Rainy', ja: '雨天' } };
const SYMBOL_OF: Record<Attribute, WillSymbol> = { light: 'L', fire: 'R', water: 'U', wind: 'G', darkness: 'B' };

const TYPES: Record<CardType, Label> = {
  ruler: { en: 'Ruler', ja: 'ルーラー' },
  'j-ruler': { en: 'J-Ruler', ja: 'Jルーラー' },
  'magic-stone': { en: 'Magic Stone', ja: '魔石' },
  resonator: { en: 'Resonator', ja: 'リゾネイター' },
  chant: { en: 'Chant', ja: '詠唱' },
  addition: { en: 'Addition', ja: 'アディション' },
  regalia: { en: 'Regalia', ja: 'レガリア' },
  rune: { en: 'Rune', ja: 'ルーン' },
};
const CLASSES: Record<NonNullable<Face['classified']>, Label> = {
  resonator: { en: 'Resonator', ja: 'リゾネイター' },
  'j-resonator': { en: 'J/Resonator', ja: 'J/リゾネイター' },
};
const GENERIC: Record<'basic' | 'special' | 'master', Label> = {
  basic: { en: 'Basic', ja: '基本' },
  special: { en: 'Special', ja: '特殊' },
  master: { en: 'Master', ja: '必殺' },
};
const RACE_JA: Record<Race, string> = {
  Human: '人間',
  Merfolk: 'マーフォーク',
  Beast: '獣',
  Bird: '鳥',
  Golem: 'ゴーレム',
  Dragon: 'ドラゴン',
  Giant: '巨人',
  Shade: '影',
  Vampire: '吸血鬼',
  Insect: '昆虫',
  Machine: '機械',
  Knight: '騎士',
  Wizard: '魔術師',
  Spirit: '精霊',
  Fairy: '妖精',
  Familiar: '使い魔',
  'Magic Circle': '魔法陣',
  Armor: '鎧',
  Loom: '織機',
  Relic: '遺物',
  Fable: '物語',
  'Drowned Knight': '溺れ騎士',
  Invert: '転化',
};

/** "Resonator", "Chant / Rune" (201). */
export function typeNames(types: readonly CardType[]): Label {
  return { en: types.map((t) => TYPES[t].en).join(' / '), ja: types.map((t) => TYPES[t].ja).join('／') };
}

/** "Basic Magic Stone", "Resonator — Beast", "Chant / Rune — Fable" (201, 205). */
export function typeLine(face: Face): Label {
  const generic = face.genericType ? GENERIC[face.genericType] : null;
  // 1406.1a: a classified addition shows its class after the type ("Addition: J/Resonator").
  const cls = face.classified ? CLASSES[face.classified] : null;
  const names = typeNames(face.types);
  const en = `${generic ? `${generic.en} ` : ''}${names.en}${cls ? `: ${cls.en}` : ''}`;
  const ja = `${generic ? generic.ja : ''}${names.ja}${cls ? `：${cls.ja}` : ''}`;
  if (face.races.length === 0) return { en, ja };
  return { en: `${en} — ${face.races.join(' / ')}`, ja: `${ja} — ${face.races.map((r) => RACE_JA[r]).join('／')}` };
}

const SYMBOL_JA: Partial<Record<WillSymbol, string>> = { moon: '月', time: '時' };
const symbol = (s: WillSymbol | 'any', locale: 'en' | 'ja'): string =>
  s === 'moon' || s === 'time' ? `{${locale === 'ja' ? SYMBOL_JA[s] : s === 'moon' ? 'Moon' : 'Time'}}` : `{${s}}`;

/** "{R}{R}{1}": attribute symbols, then the free cost (203.2–203.4). */
export function costText(cost: Cost, locale: 'en' | 'ja'): string {
  return cost.will.map((s) => symbol(s, locale)).join('') + (cost.free > 0 ? `{${cost.free}}` : '');
}
const costLabel = (cost: Cost): Label => ({ en: costText(cost, 'en'), ja: costText(cost, 'ja') });

const WORDS = ['no', 'a', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

const TARGETS: Record<Target, Label> = {
  'j-resonator': { en: 'target J/resonator', ja: '対象のJ/リゾネイター1体' },
  resonator: { en: 'target resonator', ja: '対象のリゾネイター1体' },
  player: { en: 'target player', ja: '対象のプレイヤー1人' },
  spell: { en: 'target spell', ja: '対象の呪文1つ' },
  chant: { en: 'target chant', ja: '対象のチャント1つ' },
  'magic-stone': { en: 'target magic stone', ja: '対象の魔石1つ' },
  addition: { en: 'target addition', ja: '対象のアディション1つ' },
  ability: { en: 'target ability on the chase', ja: 'チェイス上の対象の能力1つ' },
};

/** The phase names of 502–505 as the Japanese card text says them before フェイズ. */
const PHASE_JA = { draw: 'ドロー', recovery: 'リカバリー', main: 'メイン', end: 'エンド' } as const;
const kw = (k: KeywordName): Label => ({ en: `[${KEYWORDS[k].en}]`, ja: `[${KEYWORDS[k].ja}]` });
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const signed = (n: number) => (n >= 0 ? `+${n}` : `-${-n}`);

function effectText(e: Effect): Label {
  switch (e.do) {
    case 'damage':
      return {
        en: `Deal ${e.amount} damage to ${TARGETS[e.to].en}.`,
        ja: `${TARGETS[e.to].ja}に${e.amount}ダメージを与える。`,
      };
    case 'draw':
      return {
        en: `Draw ${e.count === 1 ? 'a card' : `${WORDS[e.count]} cards`}.`,
        ja: `カードを${e.count}枚引く。`,
      };
    case 'discard':
      return {
        en: `Discard ${e.count === 1 ? 'a card' : `${WORDS[e.count]} cards`}.`,
        ja: `カードを${e.count}枚捨てる。`,
      };
    case 'foresee':
      return { en: `Foresee ${e.count}.`, ja: `選別${e.count}を行う。` };
    case 'cancel':
      return { en: `Cancel ${TARGETS.spell.en}.`, ja: `${TARGETS.spell.ja}を無効にする。` };
    case 'destroy-all':
      return { en: 'Destroy all resonators.', ja: 'すべてのリゾネイターを破壊する。' };
    case 'counters': {
      const on = e.on === 'self' ? { en: 'this card', ja: 'このカード' } : TARGETS[e.on];
      return {
        en: `Put ${e.count === 1 ? 'a' : NUMBER_WORDS[e.count]} ${e.counter} counter${e.count === 1 ? '' : 's'} on ${on.en}.`,
        ja: `${on.ja}に${e.counter}カウンターを${e.count}個置く。`,
      };
    }
    case 'move-counters': {
      const counters = `${e.count === 1 ? 'a' : NUMBER_WORDS[e.count]} ${e.counter} counter${e.count === 1 ? '' : 's'}`;
      if (e.from)
        return {
          en: `Move ${counters} from ${TARGETS[e.from].en} to another ${TARGETS[e.to].en}.`,
          ja: `${TARGETS[e.from].ja}から他の${TARGETS[e.to].ja}に${e.counter}カウンターを${e.count}個移動する。`,
        };
      return {
        en: `Move ${counters} from this card to ${TARGETS[e.to].en}.`,
        ja: `このカードから${TARGETS[e.to].ja}に${e.counter}カウンターを${e.count}個移動する。`,
      };
    }
    case 'produce': {
      if (e.one.length === 1 && e.one[0] === 'any')
        return { en: 'Produce one will of any attribute.', ja: '任意の属性のウィル1つを生み出す。' };
      return {
        en: `Produce ${e.one.map((s) => symbol(s, 'en')).join(' or ')}.`,
        ja: `${e.one.map((s) => symbol(s, 'ja')).join('か')}を生み出す。`,
      };
    }
    case 'recover':
      return { en: `Recover ${TARGETS[e.to].en}.`, ja: `${TARGETS[e.to].ja}をリカバーする。` };
    case 'grant-until-end-of-turn': {
      const ks = e.keywords.map(kw);
      return {
        en: `${cap(TARGETS[e.to].en)} gains ${ks.map((k) => k.en).join(' and ')} until end of turn.`,
        ja: `ターン終了時まで、${TARGETS[e.to].ja}は${ks.map((k) => k.ja).join('と')}を得る。`,
      };
    }
    case 'lose-abilities-until-end-of-turn':
      return {
        en: `Until end of turn, ${TARGETS[e.to].en} loses all its abilities.`,
        ja: `ターン終了時まで、${TARGETS[e.to].ja}はすべての能力を失う。`,
      };
    case 'becomes-until-end-of-turn':
      return {
        en: `Until end of turn, ${TARGETS[e.to].en} becomes [${e.atk}/${e.def}].`,
        ja: `ターン終了時まで、${TARGETS[e.to].ja}は[${e.atk}/${e.def}]になる。`,
      };
    case 'shield-next-destruction-this-turn':
      return {
        en: `The next time ${TARGETS[e.to].en} would be destroyed this turn, instead remove all damage from it and rest it.`,
        ja: `このターン、次に${TARGETS[e.to].ja}が破壊される場合、代わりにそれからすべてのダメージを取り除き、それをレストする。`,
      };
    case 'extra-turn-after-this-one':
      return { en: 'Take an extra turn after this one.', ja: 'このターンの後に追加ターンを得る。' };
    case 'extra-turn-for-target-player':
      return {
        en: `${cap(TARGETS[e.to].en)} takes an extra turn after this one.`,
        ja: `${TARGETS[e.to].ja}はこのターンの後に追加ターンを得る。`,
      };
    case 'extra-turn-after-next-turn-of': {
      // The target player, when it is the one who takes the turn.
      const taker = { en: cap(TARGETS[e.to].en), ja: TARGETS[e.to].ja };
      if (e.after === 'opponent')
        return e.taker === 'target'
          ? {
              en: `${taker.en} takes an extra turn after their opponent's next turn.`,
              ja: `${taker.ja}はその対戦相手の次のターンの後に追加ターンを得る。`,
            }
          : {
              en: `You take an extra turn after the next turn of ${TARGETS[e.to].en}'s opponent.`,
              ja: `あなたは${TARGETS[e.to].ja}の対戦相手の次のターンの後に追加ターンを得る。`,
            };
      if (e.taker === 'target')
        return {
          en: `${taker.en} takes an extra turn after their next turn.`,
          ja: `${taker.ja}は次の自分のターンの後に追加ターンを得る。`,
        };
      return {
        en: `You take an extra turn after ${TARGETS[e.to].en}'s next turn.`,
        ja: `あなたは${TARGETS[e.to].ja}の次のターンの後に追加ターンを得る。`,
      };
    }
    case 'skip-next-phase':
      return {
        en: `${cap(TARGETS[e.to].en)} skips their next ${e.phase} phase.`,
        ja: `${TARGETS[e.to].ja}は次の自分の${PHASE_JA[e.phase]}フェイズをスキップする。`,
      };
    case 'skip-phase-this-turn':
      return {
        en: `Skip the ${e.phase} phase of this turn.`,
        ja: `このターンの${PHASE_JA[e.phase]}フェイズをスキップする。`,
      };
    case 'unseal-yours-for-the-game':
      return {
        en: `For the rest of the game, unseal the ${kw('seal').en} abilities of cards you control.`,
        ja: `このゲームの間、あなたがコントロールするカードの${kw('seal').ja}を解除する。`,
      };
    case 'unseal-yours-until-end-of-turn':
      return {
        en: `Until end of turn, unseal the ${kw('seal').en} abilities of cards you control.`,
        ja: `ターン終了時まで、あなたがコントロールするカードの${kw('seal').ja}を解除する。`,
      };
    case 'unseal':
      if (e.until === 'end-of-turn')
        return {
          en: `Until end of turn, unseal the ${kw('seal').en} abilities of ${TARGETS[e.to].en}.`,
          ja: `ターン終了時まで、${TARGETS[e.to].ja}の${kw('seal').ja}を解除する。`,
        };
      return {
        en: `Unseal the ${kw('seal').en} abilities of ${TARGETS[e.to].en}.`,
        ja: `${TARGETS[e.to].ja}の${kw('seal').ja}を解除する。`,
      };
    case 'become-weather':
      return { en: `You become ${WEATHERS[e.weather].en}.`, ja: `あなたは${WEATHERS[e.weather].ja}になる。` };
    case 'target-becomes-weather':
      return {
        en: `${cap(TARGETS[e.to].en)} becomes ${WEATHERS[e.weather].en}.`,
        ja: `${TARGETS[e.to].ja}は${WEATHERS[e.weather].ja}になる。`,
      };
    case 'wear-top-of-deck':
      if (e.of)
        return {
          en: `Your J/ruler wears the top card of ${TARGETS[e.of].en}'s main deck.`,
          ja: `あなたのJ/ルーラーは、${TARGETS[e.of].ja}のメインデッキの一番上のカードを纏う。`,
        };
      return {
        en: 'Your J/ruler wears the top card of your main deck.',
        ja: 'あなたのJ/ルーラーは、あなたのメインデッキの一番上のカードを纏う。',
      };
    case 'wear-self':
      return { en: 'Your J/ruler wears this card.', ja: 'あなたのJ/ルーラーはこのカードを纏う。' };
    case 'gain-gem':
      if (e.attribute === 'any') return { en: 'Gain a gem of any attribute.', ja: '任意の属性の宝石を得る。' };
      return {
        en: `Gain ${/^[AEIOU]/.test(ATTRIBUTES[e.attribute].en) ? 'an' : 'a'} ${ATTRIBUTES[e.attribute].en.toLowerCase()} gem.`,
        ja: `${ATTRIBUTES[e.attribute].ja}の宝石を得る。`,
      };
    case 'damage-per-gem':
      return {
        en: `Then deal ${e.per} damage to ${TARGETS[e.to].en} for each gem you have.`,
        ja: `その後、${TARGETS[e.to].ja}に、あなたが持つ宝石1つにつき${e.per}ダメージを与える。`,
      };
    case 'becomes-attribute-until-end-of-turn':
      return {
        en: `Until end of turn, ${TARGETS[e.to].en} becomes ${ATTRIBUTES[e.attribute].en.toLowerCase()}.`,
        ja: `ターン終了時まで、${TARGETS[e.to].ja}は${ATTRIBUTES[e.attribute].ja}になる。`,
      };
    case 'becomes-type-until-end-of-turn':
      return {
        en: `Until end of turn, ${TARGETS[e.to].en} becomes a ${TYPES[e.type].en.toLowerCase()} and is no longer a resonator.`,
        ja: `ターン終了時まで、${TARGETS[e.to].ja}は${TYPES[e.type].ja}になり、リゾネイターではなくなる。`,
      };
    case 'becomes-race-until-end-of-turn':
      return {
        en: `Until end of turn, ${TARGETS[e.to].en} becomes ${/^[AEIOU]/.test(e.race) ? 'an' : 'a'} ${e.race} and loses its other races.`,
        ja: `ターン終了時まで、${TARGETS[e.to].ja}は${RACE_JA[e.race]}になり、それ以外の種族を失う。`,
      };
    case 'gains-race-until-end-of-turn':
      return {
        en: `Until end of turn, ${TARGETS[e.to].en} gains the race ${e.race}.`,
        ja: `ターン終了時まで、${TARGETS[e.to].ja}は種族「${RACE_JA[e.race]}」を得る。`,
      };
    case 'return-instead-of-destruction-this-turn':
      return {
        en: `This turn, if ${TARGETS[e.to].en} would be destroyed, instead return it to its owner's hand.`,
        ja: `このターン、${TARGETS[e.to].ja}が破壊される場合、代わりにそれをオーナーの手札に戻す。`,
      };
    case 'remove-instead-of-graveyard-this-turn':
      return {
        en: `This turn, if ${TARGETS[e.to].en} would be put into a graveyard from the field, remove it from the game instead.`,
        ja: `このターン、${TARGETS[e.to].ja}がフィールドから墓地に置かれる場合、代わりにそれをゲームから除外する。`,
      };
    case 'prevent-next-damage-this-turn':
      return {
        en: `The next time damage would be dealt to ${TARGETS[e.to].en} this turn, prevent ${e.amount} of that damage.`,
        ja: `このターン、次に${TARGETS[e.to].ja}にダメージが与えられる場合、そのダメージを${e.amount}軽減する。`,
      };
    case 'copy-chant':
      return {
        en: `Copy ${TARGETS.chant.en}. The copy has the same targets.`,
        ja: `${TARGETS.chant.ja}をコピーする。そのコピーは同じ対象を持つ。`,
      };
    case 'destroy-opponents-ruler':
      return { en: "Destroy your opponent's ruler.", ja: '対戦相手のルーラーを破壊する。' };
    case 'invert-self':
      return { en: 'Invert this card.', ja: 'このカードを転化する。' };
    case 'invert-and-remove-self':
      return { en: 'Invert this card and remove it from the game.', ja: 'このカードを転化してゲームから除外する。' };
    case 'invert':
      if (e.remove)
        return {
          en: `Invert ${TARGETS[e.to].en} and remove it from the game.`,
          ja: `${TARGETS[e.to].ja}を転化してゲームから除外する。`,
        };
      return { en: `Invert ${TARGETS[e.to].en}.`, ja: `${TARGETS[e.to].ja}を転化する。` };
    case 'become-copy': {
      const until =
        e.until === 'end-of-turn' ? { en: 'Until end of turn, ', ja: 'ターン終了時まで、' } : { en: '', ja: '' };
      if (e.copier === 'target')
        return {
          en: `${until.en}${TARGETS[e.to].en} becomes a copy of another ${TARGETS[e.to].en}.`.replace(/^t/, 'T'),
          ja: `${until.ja}${TARGETS[e.to].ja}は他の${TARGETS[e.to].ja}のコピーになる。`,
        };
      return {
        en: `${until.en}${until.en ? 'this' : 'This'} card becomes a copy of another ${TARGETS[e.to].en}.`,
        ja: `${until.ja}このカードは他の${TARGETS[e.to].ja}のコピーになる。`,
      };
    }
    case 'copy-spell':
      return {
        en: `Copy ${TARGETS.spell.en}. The copy has the same targets.`,
        ja: `${TARGETS.spell.ja}をコピーする。そのコピーは同じ対象を持つ。`,
      };
    case 'play-copy-from-graveyard':
      return {
        en: 'Choose a chant card in your graveyard. Copy it and play the copy without paying its cost.',
        ja: 'あなたの墓地にあるチャント・カード1枚を選ぶ。それをコピーし、そのコピーをコストを支払わずにプレイする。',
      };
    case 'restart-game':
      return {
        en: 'Restart the game. You go first, and this card starts the new game in your removed area.',
        ja: 'ゲームをやり直す。あなたが先攻となり、このカードは新たなゲームをあなたの除外エリアで開始する。',
      };
    case 'copy-ability':
      return {
        en: `Copy ${TARGETS.ability.en}. The copy has the same targets.`,
        ja: `${TARGETS.ability.ja}をコピーする。そのコピーは同じ対象を持つ。`,
      };
    case 'mill':
      return {
        en: `Target player puts the top ${WORDS[e.count] ?? e.count} cards of their main deck into their graveyard.`,
        ja: `対象のプレイヤー1人は自分のメインデッキの上から${e.count}枚のカードを墓地に置く。`,
      };
    case 'code':
      return e.text;
  }
}

function effectsText(effects: readonly Effect[]): Label {
  const parts = effects.map(effectText);
  return { en: parts.map((p) => p.en).join(' '), ja: parts.map((p) => p.ja).join('') };
}

/** "This card gets +400/+400 and has [Precision]." (909). `subject` is singular unless `plural`. */
function grantText(grant: Grant, subject: Label, plural: boolean): Label {
  const stats = grant.atk !== 0 || grant.def !== 0 ? `${signed(grant.atk)}/${signed(grant.def)}` : null;
  const ks = grant.keywords.map(kw);
  const en: string[] = [];
  const ja: string[] = [];
  if (stats) en.push(`${plural ? 'get' : 'gets'} ${stats}`);
  if (ks.length > 0) en.push(`${plural ? 'have' : 'has'} ${ks.map((k) => k.en).join(' and ')}`);
  if (stats && ks.length > 0) ja.push(`${stats}を得て、${ks.map((k) => k.ja).join('と')}を持つ`);
  else if (stats) ja.push(`${stats}を得る`);
  else ja.push(`${ks.map((k) => k.ja).join('と')}を持つ`);
  return { en: `${subject.en} ${en.join(' and ')}.`, ja: `${subject.ja}は${ja.join('')}。` };
}

const THIS: Label = { en: 'This card', ja: 'このカード' };

function activatedText(a: Extract<Ability, { kind: 'activated' }>): Label {
  const en: string[] = [];
  const ja: string[] = [];
  if (a.cost.will) {
    en.push(costText(a.cost.will, 'en'));
    ja.push(costText(a.cost.will, 'ja'));
  }
  if (a.cost.rest) {
    en.push('{Rest}');
    ja.push('{レスト}');
  }
  if (a.cost.removeManaCounter) {
    en.push('Remove a mana counter from this card');
    ja.push('このカードからマナカウンターを1個取り除く');
  }
  const effects = effectsText(a.effects);
  return { en: `${en.join(', ')}: ${effects.en}`, ja: `${ja.join('、')}：${effects.ja}` };
}

function abilityText(a: Ability): Label {
  switch (a.kind) {
    case 'activated':
      return activatedText(a);
    case 'continuous': {
      const subject: Record<typeof a.affects, Label> = {
        self: THIS,
        'fire-j-resonators-you-control': {
          en: 'Fire J/resonators you control',
          ja: 'あなたがコントロールする炎のJ/リゾネイター',
        },
        equipped: { en: 'The equipped resonator', ja: '装備しているリゾネイター' },
        'added-to': { en: 'The card this is added to', ja: 'これが付与されているカード' },
      };
      const body = grantText(a.grant, subject[a.affects], a.affects === 'fire-j-resonators-you-control');
      if (a.each === 'card-your-j-ruler-wears')
        return {
          en: body.en.replace(/\.$/, ' for each card your J/ruler wears.'),
          ja: body.ja.replace(/は/, 'は、あなたのJ/ルーラーが纏っているカード1枚につき'),
        };
      if (!a.while) return body;
      const conds: Record<typeof a.while, Label> = {
        'no-limit-counters': {
          en: 'As long as this card has no limit counters on it, ',
          ja: 'このカードに現界カウンターが置かれていない限り、',
        },
        'has-evolution-counter': {
          en: 'As long as this card has an evolution counter on it, ',
          ja: 'このカードに進化カウンターが置かれている限り、',
        },
        'you-are-rainy': {
          en: `As long as you are ${WEATHERS.rainy.en}, `,
          ja: `あなたが${WEATHERS.rainy.ja}である限り、`,
        },
      };
      const cond = conds[a.while];
      return {
        en: cond.en + body.en.replace(/^This card/, 'it'),
        ja: cond.ja + body.ja.replace(/^このカードは/, 'これは'),
      };
    }
    case 'also-magic-stone': {
      const names = a.attributes.map((x) => ATTRIBUTES[x]);
      return {
        en: `This card is also treated as ${names.map((n) => `${n.en} Magic Stone`).join(' and ')}.`,
        ja: `このカードは${names.map((n) => `${n.ja}の魔石`).join('と')}としても扱う。`,
      };
    }
    case 'triggered': {
      const effects = effectsText(a.effects);
      return {
        en: `When this card performs Judgment ⇒ ${effects.en}`,
        ja: `このカードがジャッジメントを行ったとき⇒${effects.ja}`,
      };
    }
  }
}

const CONDITIONS = {
  'opponent-j-resonator-attacks': {
    en: 'a J/resonator an opponent controls attacks',
    ja: '対戦相手がコントロールするJ/リゾネイターが攻撃する',
  },
  'opponent-plays-a-chant': {
    en: 'an opponent plays a chant',
    ja: '対戦相手が詠唱をプレイする',
  },
  'banish-a-resonator-you-control': {
    en: 'banish a resonator you control',
    ja: 'あなたがコントロールするリゾネイター1体を破棄する',
  },
} as const;

function keywordText(k: Keyword): Label {
  const name = kw(k.keyword);
  const n = KEYWORDS[k.keyword];
  switch (k.keyword) {
    case 'mana':
    case 'limit':
    case 'grimoire':
    case 'divinity':
      return { en: `[${n.en} ${k.amount}]`, ja: `[${n.ja}${k.amount}]` };
    case 'evolution':
    case 'shift':
    case 'equip':
    case 'mobilize': {
      const c = costLabel(k.cost as Cost);
      return { en: `${name.en} ${c.en}`, ja: `${name.ja}${c.ja}` };
    }
    case 'judgment': {
      const c = costLabel(k.cost as Cost);
      if (!k.minMagicStones) return { en: `${name.en} ${c.en}`, ja: `${name.ja}${c.ja}` };
      return {
        en: `${name.en} ${c.en} (only while you control ${NUMBER_WORDS[k.minMagicStones]} or more magic stones)`,
        ja: `${name.ja}${c.ja}（あなたが魔石を${k.minMagicStones}つ以上コントロールしている間のみ）`,
      };
    }
    case 'incarnation':
    case 'energize': {
      const choices = k.choices ?? [];
      if (k.keyword === 'energize')
        return {
          en: `${name.en} ${choices.map((c) => c.map((a) => `{${SYMBOL_OF[a]}}`).join(' or ')).join(' ')}`,
          ja: `${name.ja}${choices.map((c) => c.map((a) => `{${SYMBOL_OF[a]}}`).join('か')).join('')}`,
        };
      return {
        en: `${name.en} ${choices.map((c) => `(${c.map((a) => ATTRIBUTES[a].en).join(' or ')})`).join(' ')}`,
        ja: `${name.ja}${choices.map((c) => `（${c.map((a) => ATTRIBUTES[a].ja).join('か')}）`).join('')}`,
      };
    }
    case 'gods-art': {
      const c = costLabel(k.cost as Cost);
      const e = effectsText(k.effects ?? []);
      return {
        en: `${name.en} "${k.name?.en}" ${c.en}: ${e.en}`,
        ja: `${name.ja}「${k.name?.ja}」${c.ja}：${e.ja}`,
      };
    }
    case 'trigger':
    case 'stealth': {
      const cond = CONDITIONS[k.condition ?? 'opponent-j-resonator-attacks'];
      return { en: `${name.en} (${cond.en})`, ja: `${name.ja}（${cond.ja}）` };
    }
    case 'awakening': {
      const c = costLabel(k.cost as Cost);
      const g = k.grant as Grant;
      const parts = [...g.keywords.map(kw)];
      if (g.enter.length > 0) {
        const e = effectsText(g.enter);
        parts.push({ en: `"[${KEYWORDS.enter.en}] ⇒ ${e.en}"`, ja: `「[${KEYWORDS.enter.ja}]⇒${e.ja}」` });
      }
      const gained = parts.map((p) => p.en).join(' and ');
      return {
        // A quoted ability already ends with its own full stop.
        en: `${name.en} ${c.en}: This card gains ${gained}${gained.endsWith('"') ? '' : '.'}`,
        ja: `${name.ja}${c.ja}：このカードは${parts.map((p) => p.ja).join('と')}を得る。`,
      };
    }
    case 'torrent':
    case 'enter': {
      const e = effectsText(k.effects ?? []);
      return k.keyword === 'enter'
        ? { en: `${name.en} ⇒ ${e.en}`, ja: `${name.ja}⇒${e.ja}` }
        : { en: `${name.en} ${e.en}`, ja: `${name.ja}${e.ja}` };
    }
    case 'inheritance': {
      const c = costLabel(k.cost as Cost);
      const e = effectsText(k.effects ?? []);
      return { en: `${name.en} ${c.en}: ${e.en}`, ja: `${name.ja}${c.ja}：${e.ja}` };
    }
    case 'resonance': {
      const a = ATTRIBUTES[k.attribute ?? 'light'];
      const e = effectsText(k.effects ?? []);
      return { en: `${name.en} (${a.en} Magic Stone) ⇒ ${e.en}`, ja: `${name.ja}（${a.ja}の魔石）⇒${e.ja}` };
    }
    case 'seal':
    case 'fable': {
      const g = grantText(k.grant as Grant, THIS, false);
      return { en: `[${n.en} ${k.amount}] ${g.en}`, ja: `[${n.ja}${k.amount}]${g.ja}` };
    }
    case 'crest': {
      const a = ATTRIBUTES[k.attribute ?? 'fire'];
      const g = grantText(k.grant as Grant, THIS, false);
      return { en: `${name.en} (${a.en}) ${g.en}`, ja: `${name.ja}（${a.ja}）${g.ja}` };
    }
    case 'void': {
      const g = grantText(k.grant as Grant, THIS, false);
      return { en: `${name.en} ${g.en}`, ja: `${name.ja}${g.ja}` };
    }
    case 'sealed-item': {
      const a = activatedText(k.ability as Extract<Ability, { kind: 'activated' }>);
      return { en: `${name.en} "${k.name?.en}": "${a.en}"`, ja: `${name.ja}「${k.name?.ja}」：「${a.ja}」` };
    }
    case 'rune': {
      const a = activatedText(k.ability as Extract<Ability, { kind: 'activated' }>);
      return { en: `[${n.en} ${k.amount}] ${a.en}`, ja: `[${n.ja}${k.amount}]${a.ja}` };
    }
    default:
      return name;
  }
}

/** Plain keywords share one line ("[Precision] [Bane]"); the others get a line each, in printed order. */
function faceText(face: Face): Label[] {
  const lines: Label[] = [];
  let plain: Label[] = [];
  const flush = () => {
    if (plain.length > 0) lines.push({ en: plain.map((p) => p.en).join(' '), ja: plain.map((p) => p.ja).join('') });
    plain = [];
  };
  for (const k of face.keywords) {
    const t = keywordText(k);
    const isPlain = Object.keys(k).length === 1;
    if (isPlain) plain.push(t);
    else {
      flush();
      lines.push(t);
    }
  }
  flush();
  if (face.cannotBeChased) lines.push({ en: 'This card cannot be chased.', ja: 'このカードはチェイスできない。' });
  if (face.effects.length > 0) lines.push(effectsText(face.effects));
  for (const a of face.abilities) lines.push(abilityText(a));
  return lines;
}

/** The card's rules text; a double-faced card's other face follows after a "//" line with its name and stats. */
export function cardText(card: FowCard): Label {
  const lines = faceText(card);
  // 1304.2: a colossal ruler's 2nd J-ruler face follows its 1st.
  for (const b of [card.back, card.second]) {
    if (!b) continue;
    const t = typeLine(b);
    const stats = b.atk !== undefined ? ` ${b.atk}/${b.def}` : '';
    lines.push({ en: `// ${b.name.en} (${t.en}${stats})`, ja: `// ${b.name.ja}（${t.ja}${stats}）` });
    lines.push(...faceText(b));
  }
  return { en: lines.map((l) => l.en).join('\n'), ja: lines.map((l) => l.ja).join('\n') };
}

/** Every keyword on either face, once each. */
export function cardKeywords(card: FowCard): KeywordName[] {
  const all = [...card.keywords, ...(card.back?.keywords ?? []), ...(card.second?.keywords ?? [])].map(
    (k) => k.keyword,
  );
  return [...new Set(all)];
}
