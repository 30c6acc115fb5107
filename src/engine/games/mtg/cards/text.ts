// MTG rules text generated from a card definition, in English and Japanese (our own templates). The card file
// states the text each card is meant to have; test/cards/mtg.test.ts compares the two.
import type { Label } from '../../../core/label.ts';
import { MTG_CARDS } from './pool.ts';
import type {
  Ability,
  BaseEffect,
  CardType,
  Effect,
  Keyword,
  ManaSymbol,
  MtgCard,
  StarCount,
  StaticAbility,
  Subtype,
  Target,
  TriggerCondition,
  TriggerEvent,
  TriggerState,
} from './schema.ts';

/** A token as an effect names it: "1/1 Dawn Soldier creature" (CR 110.5b: the effect defines it). */
function MTG_TOKEN_NAMES(id: string): Label {
  const token = MTG_CARDS.get(id);
  if (!token) return { en: id, ja: id };
  const pt = `${token.power ?? 0}/${token.toughness ?? 0}`;
  return { en: `${pt} ${token.name.en} creature`, ja: `${pt}の「${token.name.ja}」クリーチャー` };
}

const KEYWORDS: Record<Keyword, Label & { rule: string }> = {
  deathtouch: { en: 'Deathtouch', ja: '接死', rule: '702.2' },
  defender: { en: 'Defender', ja: '防衛', rule: '702.3' },
  'double-strike': { en: 'Double strike', ja: '二段攻撃', rule: '702.4' },
  flash: { en: 'Flash', ja: '瞬速', rule: '702.8' },
  hexproof: { en: 'Hexproof', ja: '呪禁', rule: '702.11' },
  indestructible: { en: 'Indestructible', ja: '破壊不能', rule: '702.12' },
  menace: { en: 'Menace', ja: '威迫', rule: '702.110' },
  prowess: { en: 'Prowess', ja: '果敢', rule: '702.107' },
  'protection-from-white': { en: 'Protection from white', ja: 'プロテクション（白）', rule: '702.16' },
  'protection-from-blue': { en: 'Protection from blue', ja: 'プロテクション（青）', rule: '702.16' },
  'protection-from-black': { en: 'Protection from black', ja: 'プロテクション（黒）', rule: '702.16' },
  'protection-from-red': { en: 'Protection from red', ja: 'プロテクション（赤）', rule: '702.16' },
  'protection-from-green': { en: 'Protection from green', ja: 'プロテクション（緑）', rule: '702.16' },
  'first-strike': { en: 'First strike', ja: '先制攻撃', rule: '702.7' },
  flying: { en: 'Flying', ja: '飛行', rule: '702.9' },
  haste: { en: 'Haste', ja: '速攻', rule: '702.10' },
  lifelink: { en: 'Lifelink', ja: '絆魂', rule: '702.15' },
  reach: { en: 'Reach', ja: '到達', rule: '702.17' },
  trample: { en: 'Trample', ja: 'トランプル', rule: '702.19' },
  vigilance: { en: 'Vigilance', ja: '警戒', rule: '702.20' },
  shroud: { en: 'Shroud', ja: '被覆', rule: '702.18' },
  fear: { en: 'Fear', ja: '畏怖', rule: '702.35' },
  intimidate: { en: 'Intimidate', ja: '威嚇', rule: '702.13' },
  plainswalk: { en: 'Plainswalk', ja: '平地渡り', rule: '702.14' },
  islandwalk: { en: 'Islandwalk', ja: '島渡り', rule: '702.14' },
  swampwalk: { en: 'Swampwalk', ja: '沼渡り', rule: '702.14' },
  mountainwalk: { en: 'Mountainwalk', ja: '山渡り', rule: '702.14' },
  forestwalk: { en: 'Forestwalk', ja: '森渡り', rule: '702.14' },
  exalted: { en: 'Exalted', ja: '賛美', rule: '702.82' },
  undying: { en: 'Undying', ja: '不死', rule: '702.92' },
  persist: { en: 'Persist', ja: '頑強', rule: '702.78' },
  wither: { en: 'Wither', ja: '萎縮', rule: '702.79' },
  infect: { en: 'Infect', ja: '感染', rule: '702.89' },
};

/** A keyword's name and the rule that defines it (for `/card`'s keyword rules). */
export function keywordInfo(k: Keyword): Label & { rule: string } {
  return KEYWORDS[k];
}

const TYPES: Record<CardType, Label> = {
  artifact: { en: 'Artifact', ja: 'アーティファクト' },
  creature: { en: 'Creature', ja: 'クリーチャー' },
  enchantment: { en: 'Enchantment', ja: 'エンチャント' },
  instant: { en: 'Instant', ja: 'インスタント' },
  land: { en: 'Land', ja: '土地' },
  planeswalker: { en: 'Planeswalker', ja: 'プレインズウォーカー' },
  sorcery: { en: 'Sorcery', ja: 'ソーサリー' },
};

const SUBTYPE_JA: Record<Subtype, string> = {
  Human: '人間',
  Soldier: '兵士',
  Bird: '鳥',
  Cleric: 'クレリック',
  Knight: '騎士',
  Wizard: 'ウィザード',
  Drake: 'ドレイク',
  Serpent: '海蛇',
  Snake: '蛇',
  Vampire: '吸血鬼',
  Rogue: 'ならず者',
  Zombie: 'ゾンビ',
  Warrior: '戦士',
  Goblin: 'ゴブリン',
  Shaman: 'シャーマン',
  Ogre: 'オーガ',
  Elf: 'エルフ',
  Druid: 'ドルイド',
  Elk: '大鹿',
  Spider: '蜘蛛',
  Plant: '植物',
  Beast: 'ビースト',
  Faerie: 'フェアリー',
  Assassin: '暗殺者',
  Boar: '猪',
  Merfolk: 'マーフォーク',
  Wolf: '狼',
  Construct: '構築物',
  Shapeshifter: '多相の戦士',
  Spirit: 'スピリット',
  Aura: 'オーラ',
  Equipment: '装備品',
  Clue: '手掛かり',
  Plains: '平地',
  Island: '島',
  Swamp: '沼',
  Mountain: '山',
  Forest: '森',
};

/** CR 305.6: the mana ability each basic land type gives. */
const BASIC_MANA: Partial<Record<Subtype, 'W' | 'U' | 'B' | 'R' | 'G'>> = {
  Plains: 'W',
  Island: 'U',
  Swamp: 'B',
  Mountain: 'R',
  Forest: 'G',
};

/** "Artifact Creature — Construct", "アーティファクト・クリーチャー — 構築物" (CR 205). */
export function typeLine(card: MtgCard): Label {
  const superEn = card.supertypes.map((s) => (s === 'basic' ? 'Basic' : 'Legendary'));
  const superJa = card.supertypes.map((s) => (s === 'basic' ? '基本' : '伝説の'));
  const en = [...superEn, ...card.types.map((t) => TYPES[t].en)].join(' ');
  const ja = superJa.join('') + card.types.map((t) => TYPES[t].ja).join('・');
  if (card.subtypes.length === 0) return { en, ja };
  return {
    en: `${en} — ${card.subtypes.join(' ')}`,
    ja: `${ja} — ${card.subtypes.map((s) => SUBTYPE_JA[s]).join('・')}`,
  };
}

export function manaText(symbols: readonly ManaSymbol[]): string {
  return symbols.map((s) => `{${s}}`).join('');
}

const WORDS = ['no', 'a', 'two', 'three', 'four', 'five', 'six', 'seven'];
const cards = (n: number) => (n === 1 ? 'a card' : `${WORDS[n] ?? n} cards`);

function targetNoun(t: Target): Label {
  const restricted: Record<string, Label> = {
    'attacking-or-blocking': { en: 'attacking or blocking creature', ja: '攻撃しているかブロックしているクリーチャー' },
    nonblack: { en: 'nonblack creature', ja: '黒でないクリーチャー' },
    noncreature: { en: 'noncreature spell', ja: 'クリーチャーでない呪文' },
    'you-control': { en: 'creature you control', ja: 'あなたがコントロールするクリーチャー' },
    'you-dont-control': { en: "creature you don't control", ja: 'あなたがコントロールしていないクリーチャー' },
  };
  if (t.restriction) return restricted[t.restriction] as Label;
  const base: Record<Target['target'], Label> = {
    any: { en: 'any target', ja: '対象' },
    creature: { en: 'creature', ja: 'クリーチャー' },
    player: { en: 'player', ja: 'プレイヤー' },
    opponent: { en: 'opponent', ja: '対戦相手' },
    spell: { en: 'spell', ja: '呪文' },
    artifact: { en: 'artifact', ja: 'アーティファクト' },
    enchantment: { en: 'enchantment', ja: 'エンチャント' },
  };
  const noun = base[t.target];
  if (t.cmcAtMost !== undefined)
    return {
      en: `${noun.en} with converted mana cost ${t.cmcAtMost} or less`,
      ja: `点数で見たマナ・コストが${t.cmcAtMost}以下の${noun.ja}`,
    };
  return noun;
}

/** "target creature" / "対象のクリーチャー1体"; "any target" / "対象1つ"; "another target" / "別の対象1つ". */
function target(t: Target): Label {
  const noun = targetNoun(t);
  if (t.target === 'any')
    return t.another ? { en: 'another target', ja: '別の対象1つ' } : { en: 'any target', ja: '対象1つ' };
  const unit =
    t.target === 'creature' || t.restriction === 'you-control' || t.restriction === 'you-dont-control'
      ? '1体'
      : t.target === 'player' || t.target === 'opponent'
        ? '1人'
        : '1つ';
  return {
    en: `${t.another ? 'another' : 'target'} ${noun.en}`,
    ja: `${t.another ? '別の' : ''}対象の${noun.ja}${unit}`,
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const signed = (n: number) => (n >= 0 ? `+${n}` : `-${-n}`);

function keywordList(ks: readonly Keyword[], lowerFirst: boolean): Label {
  const en = ks.map((k, i) => (lowerFirst || i > 0 ? KEYWORDS[k].en.toLowerCase() : KEYWORDS[k].en));
  return {
    en: en.length === 2 ? `${en[0]} and ${en[1]}` : en.join(', '),
    ja: ks.map((k) => KEYWORDS[k].ja).join('と'),
  };
}

function effectText(e: BaseEffect, card: MtgCard): Label {
  const name = card.name;
  switch (e.do) {
    case 'damage': {
      if (e.to === 'each-creature-and-player')
        return {
          en: `${name.en} deals ${e.amount} damage to each creature and each player.`,
          ja: `${name.ja}は各クリーチャーと各プレイヤーにそれぞれ${e.amount}点のダメージを与える。`,
        };
      const t = target(e.to);
      return {
        en: `${name.en} deals ${e.amount} damage to ${t.en}.`,
        ja: `${name.ja}は${t.ja}に${e.amount}点のダメージを与える。`,
      };
    }
    case 'destroy': {
      const t = target(e.to);
      if (e.noRegenerate)
        return {
          en: `Destroy ${t.en}. It can't be regenerated.`,
          ja: `${t.ja}を破壊する。それは再生できない。`,
        };
      // CR 614.15: a self-replacement effect follows the effect it replaces.
      if (e.exileIf)
        return {
          en: `Destroy ${t.en}. If that creature has a counter on it, exile it instead.`,
          ja: `${t.ja}を破壊する。そのクリーチャーの上にカウンターが置かれている場合、代わりにそれを追放する。`,
        };
      return { en: `Destroy ${t.en}.`, ja: `${t.ja}を破壊する。` };
    }
    case 'prevent-damage': {
      const t = e.to === 'self' ? name : target(e.to);
      if (e.amount === 'all')
        return {
          en: `Prevent all damage that would be dealt to ${t.en} this turn.`,
          ja: `このターン、${t.ja}に与えられるすべてのダメージを軽減する。`,
        };
      return {
        en: `Prevent the next ${e.amount} damage that would be dealt to ${t.en} this turn.`,
        ja: `このターン、${t.ja}に与えられる次の${e.amount}点のダメージを軽減する。`,
      };
    }
    case 'prevent-combat-damage':
      return {
        en: 'Prevent all combat damage that would be dealt this turn.',
        ja: 'このターン、与えられるすべての戦闘ダメージを軽減する。',
      };
    case 'regenerate': {
      const t = e.to === 'self' ? name : target(e.to);
      return { en: `Regenerate ${t.en}.`, ja: `${t.ja}を再生する。` };
    }
    case 'exile': {
      const t = target(e.to);
      return { en: `Exile ${t.en}.`, ja: `${t.ja}を追放する。` };
    }
    case 'pump': {
      const who: Label =
        e.to === 'self'
          ? { en: `${name.en} gets`, ja: `${name.ja}は` }
          : e.to === 'creatures-you-control'
            ? { en: 'Creatures you control get', ja: 'あなたがコントロールするクリーチャーは' }
            : (() => {
                const t = target(e.to);
                return { en: `${cap(t.en)} gets`, ja: `${t.ja}は` };
              })();
      const pt = `${signed(e.power)}/${signed(e.toughness)}`;
      if (e.keywords.length === 0)
        return { en: `${who.en} ${pt} until end of turn.`, ja: `ターン終了時まで、${who.ja}${pt}の修整を受ける。` };
      const ks = keywordList(e.keywords, true);
      const gain = e.to === 'creatures-you-control' ? 'gain' : 'gains';
      if (e.power === 0 && e.toughness === 0) {
        const subject = who.en.replace(/ gets?$/, '');
        return {
          en: `${subject} ${gain} ${ks.en} until end of turn.`,
          ja: `ターン終了時まで、${who.ja}${ks.ja}を得る。`,
        };
      }
      return {
        en: `${who.en} ${pt} and ${gain} ${ks.en} until end of turn.`,
        ja: `ターン終了時まで、${who.ja}${pt}の修整を受けるとともに${ks.ja}を得る。`,
      };
    }
    case 'become-creature':
      return {
        en: `${name.en} becomes a ${e.power}/${e.toughness} artifact creature until end of turn.`,
        ja: `ターン終了時まで、${name.ja}は${e.power}/${e.toughness}のアーティファクト・クリーチャーになる。`,
      };
    case 'switch-pt': {
      const t = target(e.to);
      return {
        en: `Switch ${t.en}'s power and toughness until end of turn.`,
        ja: `ターン終了時まで、${t.ja}のパワーとタフネスを入れ替える。`,
      };
    }
    case 'gain-control': {
      const t = target(e.to);
      const steal =
        e.until === 'end-of-turn'
          ? { en: `Gain control of ${t.en} until end of turn.`, ja: `ターン終了時まで、${t.ja}のコントロールを得る。` }
          : { en: `Gain control of ${t.en}.`, ja: `${t.ja}のコントロールを得る。` };
      if (!e.untapHaste) return steal;
      return {
        en: `${steal.en} Untap that creature. It gains haste until end of turn.`,
        ja: `${steal.ja}そのクリーチャーをアンタップする。ターン終了時まで、それは速攻を得る。`,
      };
    }
    case 'counter': {
      const t = target(e.to);
      return { en: `Counter ${t.en}.`, ja: `${t.ja}を打ち消す。` };
    }
    case 'bounce': {
      const t = target(e.to);
      return { en: `Return ${t.en} to its owner's hand.`, ja: `${t.ja}をオーナーの手札に戻す。` };
    }
    case 'tap': {
      const t = target(e.to);
      return { en: `Tap ${t.en}.`, ja: `${t.ja}をタップする。` };
    }
    case 'draw':
      return { en: `Draw ${cards(e.count)}.`, ja: `カードを${e.count}枚引く。` };
    case 'scry':
      return { en: `Scry ${e.count}.`, ja: `占術${e.count}を行う。` };
    case 'surveil':
      return { en: `Surveil ${e.count}.`, ja: `諜報${e.count}を行う。` };
    case 'mill': {
      const t = target(e.to);
      const top = e.count === 1 ? 'top card' : `top ${e.count} cards`;
      return {
        en: `${cap(t.en)} puts the ${top} of their library into their graveyard.`,
        ja: `${t.ja}は自分のライブラリーの一番上から${e.count}枚のカードを自分の墓地に置く。`,
      };
    }
    case 'discard': {
      const t = target(e.to);
      return { en: `${cap(t.en)} discards ${cards(e.count)}.`, ja: `${t.ja}はカードを${e.count}枚捨てる。` };
    }
    case 'lose-life':
      return { en: `You lose ${e.amount} life.`, ja: `あなたは${e.amount}点のライフを失う。` };
    case 'gain-life':
      return { en: `You gain ${e.amount} life.`, ja: `あなたは${e.amount}点のライフを得る。` };
    case 'attach': {
      const t = target(e.to);
      return { en: `Attach ${name.en} to ${t.en}.`, ja: `${name.ja}を${t.ja}につける。` };
    }
    case 'fetch-basic-land-tapped':
      return {
        en: 'Search your library for a basic land card, put it onto the battlefield tapped, then shuffle your library.',
        ja: 'あなたのライブラリーから基本土地カードを1枚探し、タップ状態で戦場に出し、その後ライブラリーを切り直す。',
      };
    case 'fight': {
      const a = target(e.yours);
      const b = target(e.theirs);
      return { en: `${cap(a.en)} fights ${b.en}.`, ja: `${a.ja}は${b.ja}と格闘を行う。` };
    }
    case 'opponent-loses-life':
      return { en: `Each opponent loses ${e.amount} life.`, ja: `各対戦相手はそれぞれ${e.amount}点のライフを失う。` };
    case 'add-counters': {
      const n = e.count === 1 ? `a ${e.counter} counter` : `${WORDS[e.count] ?? e.count} ${e.counter} counters`;
      const on: Label =
        e.to === 'self'
          ? name
          : e.to === 'creatures-you-control'
            ? { en: 'each creature you control', ja: 'あなたがコントロールする各クリーチャー' }
            : target(e.to);
      return { en: `Put ${n} on ${on.en}.`, ja: `${on.ja}の上に${e.counter}カウンターを${e.count}個置く。` };
    }
    case 'create-token': {
      const token = MTG_TOKEN_NAMES(e.token);
      const n = e.count === 1 ? 'a' : (WORDS[e.count] ?? String(e.count));
      return {
        en: `Create ${n} ${token.en} token${e.count === 1 ? '' : 's'}.`,
        ja: `${token.ja}・トークンを${e.count}体生成する。`,
      };
    }
    case 'create-token-copy': {
      const t = target(e.of);
      return { en: `Create a token that's a copy of ${t.en}.`, ja: `${t.ja}のコピーであるトークンを1体生成する。` };
    }
    case 'exile-until-next-end-step': {
      const t = target(e.to);
      return {
        en: `Exile ${t.en}. Return that card to the battlefield under its owner's control at the beginning of the next end step.`,
        ja: `${t.ja}を追放する。次の終了ステップの開始時に、そのカードをオーナーのコントロール下で戦場に戻す。`,
      };
    }
    case 'adapt':
      return { en: `Adapt ${e.count}.`, ja: `順応${e.count}を行う。` };
    case 'proliferate':
      return {
        en: 'Proliferate. (Choose any number of permanents and/or players with counters, then give each another counter of a kind already there.)',
        ja: '増殖を行う。（カウンターが置かれているパーマネントやカウンターを持つプレイヤーを望む数選び、それぞれに既にある種類のカウンターを1個追加する。）',
      };
    case 'investigate':
      return { en: 'Investigate.', ja: '調査を行う。' };
    case 'add-mana':
      return {
        en: `Add ${e.one.map((m) => `{${m}}`).join(' or ')}.`,
        ja: `${e.one.map((m) => `{${m}}`).join('か')}を加える。`,
      };
    case 'code':
      return e.text;
  }
}

/** Sentences of one effect list; a damage to "another target" joins the sentence before it (CR 114.3). */
function effectsText(effects: readonly BaseEffect[], card: MtgCard): Label {
  const out: Label[] = [];
  for (const e of effects) {
    const prev = out[out.length - 1];
    if (e.do === 'damage' && e.to !== 'each-creature-and-player' && e.to.another && prev) {
      const t = target(e.to);
      out[out.length - 1] = {
        en: `${prev.en.replace(/\.$/, '')} and ${e.amount} damage to ${t.en}.`,
        ja: `${prev.ja.replace(/与える。$/, '与え、')}${t.ja}に${e.amount}点のダメージを与える。`,
      };
      continue;
    }
    out.push(effectText(e, card));
  }
  return { en: out.map((l) => l.en).join(' '), ja: out.map((l) => l.ja).join('') };
}

function spellText(effects: readonly Effect[], card: MtgCard): Label {
  const parts: Label[] = [];
  let run: BaseEffect[] = [];
  const flush = () => {
    if (run.length > 0) parts.push(effectsText(run, card));
    run = [];
  };
  for (const e of effects) {
    if (e.do !== 'choose-one') {
      run.push(e);
      continue;
    }
    flush();
    const modes = e.modes.map((m) => effectsText(m, card));
    parts.push({
      en: `Choose one —\n${modes.map((m) => `• ${m.en}`).join('\n')}`,
      ja: `以下から1つを選ぶ —\n${modes.map((m) => `• ${m.ja}`).join('\n')}`,
    });
  }
  flush();
  return { en: parts.map((p) => p.en).join(' '), ja: parts.map((p) => p.ja).join('') };
}

const TRIGGER_WORDS: Record<TriggerEvent, (card: MtgCard) => Label> = {
  enters: (c) => ({ en: `When ${c.name.en} enters the battlefield`, ja: `${c.name.ja}が戦場に出たとき` }),
  dies: (c) => ({ en: `When ${c.name.en} dies`, ja: `${c.name.ja}が死亡したとき` }),
  'another-creature-you-control-enters': () => ({
    en: 'Whenever another creature enters the battlefield under your control',
    ja: 'あなたのコントロール下で他のクリーチャーが1体戦場に出るたび',
  }),
  'another-creature-you-control-dies': () => ({
    en: 'Whenever another creature you control dies',
    ja: 'あなたがコントロールする他のクリーチャーが1体死亡するたび',
  }),
  attacks: (c) => ({ en: `Whenever ${c.name.en} attacks`, ja: `${c.name.ja}が攻撃するたび` }),
  blocks: (c) => ({ en: `Whenever ${c.name.en} blocks`, ja: `${c.name.ja}がブロックするたび` }),
  'your-upkeep': () => ({ en: 'At the beginning of your upkeep', ja: 'あなたのアップキープの開始時に' }),
  'your-end-step': () => ({ en: 'At the beginning of your end step', ja: 'あなたの終了ステップの開始時に' }),
  state: () => {
    throw new Error('a state trigger is worded by its state (STATE_WORDS)');
  },
};

/** CR 603.8: a state trigger's opening words. */
const STATE_WORDS: Record<TriggerState, Label> = {
  'no-cards-in-hand': { en: 'When you have no cards in hand', ja: 'あなたの手札が0枚であるとき' },
};

function conditionText(c: TriggerCondition): Label {
  switch (c.check) {
    case 'life-at-least':
      return { en: `if you have ${c.amount} or more life`, ja: `あなたのライフが${c.amount}点以上である場合` };
    case 'creatures-at-least':
      return {
        en: `if you control ${WORDS[c.amount] ?? c.amount} or more creatures`,
        ja: `あなたが${c.amount}体以上のクリーチャーをコントロールしている場合`,
      };
    case 'creature-died-this-turn':
      return { en: 'if a creature died this turn', ja: 'このターンにクリーチャーが死亡していた場合' };
  }
}

const lowerFirst = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);

const COLOR_WORDS: Record<'W' | 'U' | 'B' | 'R' | 'G', Label> = {
  W: { en: 'white', ja: '白' },
  U: { en: 'blue', ja: '青' },
  B: { en: 'black', ja: '黒' },
  R: { en: 'red', ja: '赤' },
  G: { en: 'green', ja: '緑' },
};

/** "Other Soldier creatures you control", "あなたがコントロールする他の兵士・クリーチャー". */
function staticSubject(a: StaticAbility): Label {
  const noun: Label = a.subtype
    ? { en: `${a.subtype} creatures`, ja: `${SUBTYPE_JA[a.subtype]}・クリーチャー` }
    : { en: 'creatures', ja: 'クリーチャー' };
  const withKw = a.withKeyword
    ? { en: ` with ${KEYWORDS[a.withKeyword].en.toLowerCase()}`, ja: `${KEYWORDS[a.withKeyword].ja}を持つ` }
    : { en: '', ja: '' };
  switch (a.affects) {
    case 'creatures-you-control':
      return { en: `${cap(noun.en)} you control${withKw.en}`, ja: `あなたがコントロールする${withKw.ja}${noun.ja}` };
    case 'other-creatures-you-control':
      return {
        en: `Other ${noun.en} you control${withKw.en}`,
        ja: `あなたがコントロールする他の${withKw.ja}${noun.ja}`,
      };
    case 'creatures-opponents-control':
      return {
        en: `${cap(noun.en)} your opponents control${withKw.en}`,
        ja: `対戦相手がコントロールする${withKw.ja}${noun.ja}`,
      };
    case 'attached':
      throw new Error('"enchanted/equipped creature" is worded by staticText');
  }
}

/** CR 604: "Other creatures you control get +1/+1 and have vigilance."; "Enchanted creature gets +2/+2." */
function staticText(a: StaticAbility, card: MtgCard): Label {
  // CR 613.1b: the whole ability (the schema allows nothing else beside it).
  if (a.control)
    return {
      en: 'You control enchanted creature.',
      ja: 'あなたはエンチャントされているクリーチャーをコントロールする。',
    };
  const one = a.affects === 'attached';
  const who: Label = !one
    ? staticSubject(a)
    : card.subtypes.includes('Aura')
      ? { en: 'Enchanted creature', ja: 'エンチャントされているクリーチャー' }
      : { en: 'Equipped creature', ja: '装備しているクリーチャー' };
  const en: string[] = [];
  const ja: string[] = [];
  if (a.loseAllAbilities) {
    en.push(`${one ? 'loses' : 'lose'} all abilities`); // CR 613.1f
    ja.push('すべての能力を失う');
  }
  if (a.basePT) {
    en.push(`${one ? 'has' : 'have'} base power and toughness ${a.basePT.power}/${a.basePT.toughness}`);
    ja.push(`基本のパワーとタフネスが${a.basePT.power}/${a.basePT.toughness}になる`);
  }
  if (a.power !== 0 || a.toughness !== 0) {
    en.push(`${one ? 'gets' : 'get'} ${signed(a.power)}/${signed(a.toughness)}`);
    ja.push(`${signed(a.power)}/${signed(a.toughness)}の修整を受ける`);
  }
  if (a.keywords.length > 0) {
    const ks = keywordList(a.keywords, true);
    en.push(`${one ? 'has' : 'have'} ${ks.en}`);
    ja.push(`${ks.ja}を持つ`);
  }
  if (a.addSubtypes) {
    // CR 205.1b: "in addition to their other types".
    const plural = (t: string) => (t.endsWith('f') ? `${t.slice(0, -1)}ves` : `${t}s`); // Elf, Wolf
    const names = a.addSubtypes.map((t) => (one ? t : plural(t))).join(' and ');
    en.push(`${one ? 'is a' : 'are'} ${names} in addition to ${one ? 'its' : 'their'} other types`);
    ja.push(`他のタイプに加えて${a.addSubtypes.map((t) => SUBTYPE_JA[t]).join('・')}でもある`);
  }
  if (a.colors) {
    const words = a.colors.map((c) => COLOR_WORDS[c]);
    en.push(`${one ? 'is' : 'are'} ${words.map((w) => w.en).join(' and ')}`);
    ja.push(`${words.map((w) => w.ja).join('と')}である`);
  }
  return { en: `${who.en} ${en.join(' and ')}.`, ja: `${who.ja}は${ja.join('とともに、')}。` };
}

function abilityText(a: Ability, card: MtgCard): Label {
  switch (a.kind) {
    case 'static':
      return staticText(a, card);
    case 'triggered': {
      const when = a.state ? STATE_WORDS[a.state] : TRIGGER_WORDS[a.when](card);
      const cond = a.if ? conditionText(a.if) : null;
      const effects = spellText(a.effects, card); // CR 700.2b: a modal one reads "choose one —"
      const en = `${when.en}, ${cond ? `${cond.en}, ` : ''}${a.optional ? 'you may ' : ''}${effects.en.startsWith(card.name.en) ? effects.en : lowerFirst(effects.en)}`;
      const ja = `${when.ja}、${cond ? `${cond.ja}、` : ''}${a.optional ? 'あなたは「' : ''}${a.optional ? effects.ja.replace(/。$/, '') : effects.ja}${a.optional ? '」を選んでもよい。' : ''}`;
      return { en, ja };
    }
    case 'activated': {
      // CR 702.6a: "Equip [cost]" stands for the whole sorcery-speed attach ability.
      if (a.equip) return { en: `Equip ${manaText(a.cost.mana)}`, ja: `装備${manaText(a.cost.mana)}` };
      // CR 702.28a, 702.106a: the keyword stands for the whole ability.
      if (a.cycling) return { en: `Cycling ${manaText(a.cost.mana)}`, ja: `サイクリング${manaText(a.cost.mana)}` };
      if (a.outlast) return { en: `Outlast ${manaText(a.cost.mana)}`, ja: `長久${manaText(a.cost.mana)}` };
      const en: string[] = [];
      const ja: string[] = [];
      if (a.cost.mana.length > 0) {
        en.push(manaText(a.cost.mana));
        ja.push(manaText(a.cost.mana));
      }
      if (a.cost.tap) {
        en.push('{T}');
        ja.push('{T}');
      }
      if (a.cost.life) {
        en.push(`Pay ${a.cost.life} life`);
        ja.push(`${a.cost.life}点のライフを支払う`);
      }
      if (a.cost.sacrificeSelf) {
        // A token's ability names it "this artifact" (CR 111.4: a token has no printed name on a card).
        en.push(card.token ? 'Sacrifice this artifact' : `Sacrifice ${card.name.en}`);
        ja.push(card.token ? 'このアーティファクトを生け贄に捧げる' : `${card.name.ja}を生け贄に捧げる`);
      }
      const effects = effectsText(a.effects, card);
      return { en: `${en.join(', ')}: ${effects.en}`, ja: `${ja.join('、')}：${effects.ja}` };
    }
    case 'cant-block':
      return { en: `${card.name.en} can't block.`, ja: `${card.name.ja}はブロックできない。` };
    case 'cant-attack-unless-defender-controls': {
      const article = /^[AEIOU]/.test(a.subtype) ? 'an' : 'a';
      return {
        en: `${card.name.en} can't attack unless defending player controls ${article} ${a.subtype}.`,
        ja: `${card.name.ja}は、防御プレイヤーが${SUBTYPE_JA[a.subtype]}をコントロールしていないかぎり攻撃できない。`,
      };
    }
    case 'cant-be-blocked-by-power-at-most':
      return {
        en: `${card.name.en} can't be blocked by creatures with power ${a.power} or less.`,
        ja: `${card.name.ja}はパワーが${a.power}以下のクリーチャーによってはブロックされない。`,
      };
  }
}

/** The card's rules text: keywords, additional cost, spell effects, abilities, basic land mana; one per line. */
/** CR 604.3: what a star ability counts, in words. */
const STAR_COUNT: Record<StarCount, Label> = {
  'creatures-you-control': { en: 'creatures you control', ja: 'あなたがコントロールするクリーチャー' },
  'lands-you-control': { en: 'lands you control', ja: 'あなたがコントロールする土地' },
  'forests-you-control': { en: 'Forests you control', ja: 'あなたがコントロールする森' },
  creatures: { en: 'creatures on the battlefield', ja: '戦場にあるクリーチャー' },
};

export function cardText(card: MtgCard): Label {
  const lines: Label[] = [];
  if (card.enchant) {
    // CR 702.5a: the Aura's enchant keyword ability.
    const t = targetNoun(card.enchant);
    lines.push({ en: `Enchant ${t.en}`, ja: `エンチャント（${t.ja}）` });
  }
  if (card.keywords.length > 0)
    lines.push({
      en: card.keywords.map((k, i) => (i === 0 ? KEYWORDS[k].en : KEYWORDS[k].en.toLowerCase())).join(', '),
      ja: card.keywords.map((k) => KEYWORDS[k].ja).join('、'),
    });
  // CR 604.3: a star ability reads first among the abilities that are not keywords.
  if (card.starPT) {
    const counted = STAR_COUNT[card.starPT.count];
    lines.push({
      en: `${card.name.en}'s power and toughness are each equal to the number of ${counted.en}.`,
      ja: `${card.name.ja}のパワーとタフネスはそれぞれ、${counted.ja}の数に等しい。`,
    });
  }
  // CR 101.1: a deck-construction line, read as printed (not an ability of the permanent).
  if (card.anyNumberInDeck)
    lines.push({
      en: `A deck can have any number of cards named ${card.name.en}.`,
      ja: `デッキには「${card.name.ja}」という名前のカードを何枚入れてもよい。`,
    });
  // CR 702.32a: the kicker keyword line.
  if (card.kicker) lines.push({ en: `Kicker ${manaText(card.kicker)}`, ja: `キッカー${manaText(card.kicker)}` });
  if (card.additionalCost)
    lines.push({
      en: 'As an additional cost to cast this spell, sacrifice a creature.',
      ja: 'この呪文を唱えるための追加コストとして、クリーチャーを1体生け贄に捧げる。',
    });
  if (card.entersAsCopy)
    lines.push({
      en: `You may have ${card.name.en} enter the battlefield as a copy of any creature on the battlefield.`,
      ja: `あなたは${card.name.ja}を、戦場にあるクリーチャー1体のコピーとして戦場に出してもよい。`,
    });
  if (card.entersTapped)
    lines.push({
      en: `${card.name.en} enters the battlefield tapped.`,
      ja: `${card.name.ja}はタップ状態で戦場に出る。`,
    });
  if (card.entersWithCounters) {
    const { counter, count } = card.entersWithCounters;
    const n = count === 1 ? `a ${counter} counter` : `${WORDS[count] ?? count} ${counter} counters`;
    lines.push({
      en: `${card.name.en} enters the battlefield with ${n} on it.`,
      ja: `${card.name.ja}は${counter}カウンターが${count}個置かれた状態で戦場に出る。`,
    });
  }
  if (card.effects.length > 0) lines.push(spellText(card.effects, card));
  if (card.kicked?.effects) {
    // CR 702.32, 607.2h: "If this spell was kicked, …" joins the spell's paragraph.
    const more = effectsText(card.kicked.effects, card);
    const last = lines.pop() ?? { en: '', ja: '' };
    lines.push({
      en: `${last.en} If this spell was kicked, ${more.en.charAt(0).toLowerCase()}${more.en.slice(1)}`,
      ja: `${last.ja}この呪文がキッカーされていた場合、${more.ja}`,
    });
  }
  // CR 702.33a: the flashback keyword line follows the spell's text.
  if (card.flashback)
    lines.push({ en: `Flashback ${manaText(card.flashback)}`, ja: `フラッシュバック${manaText(card.flashback)}` });
  if (card.kicked?.entersWithCounters) {
    const { counter, count } = card.kicked.entersWithCounters;
    const n = count === 1 ? `a ${counter} counter` : `${WORDS[count] ?? count} ${counter} counters`;
    lines.push({
      en: `If ${card.name.en} was kicked, it enters the battlefield with ${n} on it.`,
      ja: `${card.name.ja}がキッカーされていた場合、それは${counter}カウンターが${count}個置かれた状態で戦場に出る。`,
    });
  }
  for (const a of card.abilities) lines.push(abilityText(a, card));
  // CR 702.134a: the afterlife keyword line, with its reminder.
  if (card.afterlife) {
    const n = card.afterlife;
    const tokens =
      n === 1
        ? 'a 1/1 white and black Spirit creature token'
        : `${WORDS[n] ?? n} 1/1 white and black Spirit creature tokens`;
    lines.push({
      en: `Afterlife ${n} (When this creature dies, create ${tokens} with flying.)`,
      ja: `死後${n}（このクリーチャーが死亡したとき、飛行を持つ白であり黒である1/1のスピリット・クリーチャー・トークンを${n}体生成する。）`,
    });
  }
  // CR 305.6: a basic land type means "{T}: Add [mana]"; printed as reminder text.
  for (const s of card.subtypes) {
    const mana = BASIC_MANA[s];
    if (mana && card.types.includes('land'))
      lines.push({ en: `({T}: Add {${mana}}.)`, ja: `（{T}：{${mana}}を加える。）` });
  }
  return { en: lines.map((l) => l.en).join('\n'), ja: lines.map((l) => l.ja).join('\n') };
}
