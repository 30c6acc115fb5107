import type { Label } from '../../../core/label.ts';
import type { SkippablePhase, SkippableStep } from '../state.ts';
import type {
  Ability,
  Amount,
  Cost,
  Counted,
  Effect,
  Filter,
  Keyword,
  NovaCard,
  Selector,
  Until,
  Who,
} from './schema.ts';

/** NOVA 405.1: the steps a card can skip, as card text names them (R104, R111). */
export const STEP_NAMES: Record<SkippableStep, Label> = {
  block: { en: 'block declaration step', ja: 'ブロック宣言ステップ' },
  'attack-start': { en: 'attack phase start step', ja: 'アタックフェイズ開始ステップ' },
  'attack-end': { en: 'attack phase end step', ja: 'アタックフェイズ終了ステップ' },
  'attack-declare': { en: 'attack declaration step', ja: '攻撃宣言ステップ' },
  battle: { en: 'battle resolution step', ja: 'バトル解決ステップ' },
};

/** A phase's name in "add a ... phase" (NOVA 401.2). */
export const ADDED_PHASE_NAMES: Record<'main' | 'draw' | 'standby' | 'end', Label> = {
  main: { en: 'a main phase', ja: 'メインフェイズ' },
  draw: { en: 'a draw phase', ja: 'ドローフェイズ' },
  standby: { en: 'a standby phase', ja: 'スタンバイフェイズ' },
  end: { en: 'an end phase', ja: 'エンドフェイズ' },
};

/** A skippable phase's word in "skip the next ... phase" (NOVA 401.3). */
export const SKIPPABLE_NAMES: Record<SkippablePhase, Label> = {
  standby: { en: 'standby', ja: 'スタンバイ' },
  draw: { en: 'draw', ja: 'ドロー' },
  main: { en: 'main', ja: 'メイン' },
  attack: { en: 'attack', ja: 'アタック' },
  end: { en: 'end', ja: 'エンド' },
};

/**
 * Rules text generated from a card's definition, in English and Japanese. The card file also states the text
 * the card is meant to have; a test checks that the two agree, so the data and the engine cannot drift apart.
 */
export function cardText(card: NovaCard): Label {
  const lines: Label[] = [];
  if (card.keywords.length > 0) lines.push(join(card.keywords.map(keywordName), ' ', '')); // NOVA 1001
  if (card.equip) lines.push(equipText(card.equip));
  if (card.locksWaitingArea) {
    lines.push({
      en: 'While this card is in the waiting area, no card or ability other than automatic abilities can be placed in the waiting area.',
      ja: 'このカードが待機領域にある間、自動能力以外のカードや能力は待機領域に置くことができない。',
    });
  }
  if (card.uniqueOnField) {
    lines.push({
      en: `Only one card named "${card.name.en}" can exist on your field.`,
      ja: `あなたの場に「${card.name.ja}」は1枚しか存在できない。`,
    });
  }
  if (card.additionalLifeCost) {
    lines.push({
      en: `As an additional cost to play this card, pay ${card.additionalLifeCost} LP.`,
      ja: `このカードをプレイするための追加コストとして、${card.additionalLifeCost}LPを支払う。`,
    });
  }
  if (card.optionalDiscardCost) {
    lines.push({
      en: `You may discard ${card.optionalDiscardCost} card as an additional cost to play this card.`,
      ja: `このカードをプレイするための追加コストとして、手札を${card.optionalDiscardCost}枚捨ててもよい。`,
    });
  }
  if (card.alternativeLifeCost) {
    lines.push({
      en: `You may pay ${card.alternativeLifeCost} LP rather than this card's energy cost.`,
      ja: `このカードのエナジーコストの代わりに${card.alternativeLifeCost}LPを支払ってもよい。`,
    });
  }
  if (card.appearanceCondition) {
    lines.push({
      en: `Appearance condition: ${card.appearanceCondition.graveyardAtLeast} or more cards in your graveyard.`,
      ja: `登場条件：あなたの墓地にカードが${card.appearanceCondition.graveyardAtLeast}枚以上ある。`,
    });
  }
  if (card.appearanceLifeCost) {
    lines.push({
      en: `Appearance cost: pay ${card.appearanceLifeCost} LP.`,
      ja: `登場コスト：${card.appearanceLifeCost}LPを支払う。`,
    });
  }
  if (card.appearanceFreezeEnergy) {
    lines.push({
      en: `Appearance cost: freeze ${card.appearanceFreezeEnergy} standby cards in your energy zone.`,
      ja: `登場コスト：あなたのエナジーゾーンのスタンバイ状態のカードを${card.appearanceFreezeEnergy}枚フリーズする。`,
    });
  }
  if (card.effects.length > 0) lines.push(effectsText(card.effects));
  for (const ability of card.abilities) lines.push(abilityText(ability));
  return join(lines, '\n', '\n');
}

export function keywordName(k: Keyword): Label {
  switch (k) {
    case 'quick-chant':
      return { en: 'Quick Chant.', ja: '【瞬唱】' };
    case 'gale':
      return { en: 'Gale.', ja: '【疾風】' };
    case 'pierce':
      return { en: 'Pierce.', ja: '【貫通】' };
  }
}

function keywordWord(k: Keyword): Label {
  const full = keywordName(k);
  return { en: full.en.replace(/\.$/, ''), ja: full.ja };
}

export function costText(cost: Cost): Label {
  const parts: string[] = [];
  const jaParts: string[] = [];
  const names: [keyof Cost, string, string][] = [
    ['red', 'R', '赤'],
    ['blue', 'U', '青'],
    ['green', 'G', '緑'],
    ['white', 'W', '白'],
    ['black', 'B', '黒'],
  ];
  for (const [key, letter, ja] of names) {
    const n = cost[key];
    if (n > 0) {
      parts.push(letter.repeat(n));
      jaParts.push(`${ja}${n}`);
    }
  }
  if (cost.generic > 0 || parts.length === 0) {
    parts.push(String(cost.generic));
    jaParts.push(`不特定${cost.generic}`);
  }
  return { en: parts.join('+'), ja: jaParts.join('+') };
}

function equipText(equip: NonNullable<NovaCard['equip']>): Label {
  const gives: Label[] = [];
  if (equip.atk !== 0 || equip.hp !== 0)
    gives.push({ en: `gets ${stat(equip.atk, equip.hp)}`, ja: `${stat(equip.atk, equip.hp)}され` });
  for (const k of equip.keywords) gives.push({ en: `has ${keywordWord(k).en}`, ja: `${keywordWord(k).ja}を得` });
  if (equip.cantAttack) gives.push({ en: "can't attack", ja: '攻撃でき' });
  for (const g of equip.grants) {
    const a = abilityText(g);
    gives.push({ en: `has "${a.en}"`, ja: `「${a.ja}」を持` });
  }
  // Japanese chains clauses with the continuative form and ends the last one in the plain form.
  const jaClauses = gives.map((g) => g.ja);
  const last = jaClauses.length - 1;
  const ending = (c: string | undefined) => (c?.endsWith('でき') ? 'ない' : c?.endsWith('を持') ? 'つ' : 'る');
  jaClauses[last] = `${jaClauses[last]}${ending(jaClauses[last])}`;
  const type =
    equip.type === 'character' ? { en: 'Character', ja: 'キャラクター' } : { en: 'Servant', ja: 'サーバント' };
  const what = gives.map((g) => g.en).join(' and ');
  // A quoted ability already ends its sentence inside the quotes.
  const en = `Equip: ${type.en}. The equipped ${type.en.toLowerCase()} ${what}${what.endsWith('"') ? '' : '.'}`;
  const ja = `【装備】：${type.ja} 装備している${type.ja}は${jaClauses.join('、')}。`;
  return { en, ja };
}

function stat(atk: number, hp: number): string {
  const sign = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);
  return `${sign(atk)}/${sign(hp)}`;
}

function abilityText(a: Ability): Label {
  switch (a.kind) {
    case 'triggered': {
      const paid = a.ifOptionalCostPaid
        ? { en: 'if that additional cost was paid, ', ja: 'その追加コストが支払われていたなら、' }
        : { en: '', ja: '' };
      return prefix(join([triggerText(a.when, a.count, a.of), paid], '', ''), effectsText(a.effects));
    }
    case 'activated': {
      const cost: Label[] = [];
      if (a.cost.energy) cost.push(costText(a.cost.energy));
      if (a.cost.freezeSelf) cost.push({ en: 'Freeze this card', ja: 'このカードをフリーズする' });
      if (a.cost.sendSelfToGraveyard)
        cost.push({
          en: 'send this card from your field to the graveyard',
          ja: 'このカードをあなたの場から墓地に送る',
        });
      if (a.cost.exileSelf)
        cost.push({
          en: 'put this card from your field into the exclusion zone',
          ja: 'このカードをあなたの場から除外領域に置く',
        });
      if (a.cost.removeCounters) {
        const c = a.cost.removeCounters;
        cost.push({
          en: `remove ${c.count} ${c.counter} counters from this card`,
          ja: `このカードから${c.counter}カウンターを${c.count}個取り除く`,
        });
      }
      if (a.cost.exileFromHand) {
        const n = a.cost.exileFromHand;
        cost.push({
          en: `put ${n} card${n > 1 ? 's' : ''} from your hand into the exclusion zone`,
          ja: `あなたの手札からカードを${n}枚除外領域に置く`,
        });
      }
      if (a.cost.exileFromGraveyard) {
        const n = a.cost.exileFromGraveyard;
        cost.push({
          en: `put ${n} card${n > 1 ? 's' : ''} from your graveyard into the exclusion zone`,
          ja: `あなたの墓地からカードを${n}枚除外領域に置く`,
        });
      }
      if (a.cost.discard)
        cost.push({
          en: `discard ${a.cost.discard} card${a.cost.discard > 1 ? 's' : ''}`,
          ja: `手札を${a.cost.discard}枚捨てる`,
        });
      const head = join(cost, ', ', '、');
      return { en: `Act ${head.en}: ${effectsText(a.effects).en}`, ja: `起 ${head.ja}：${effectsText(a.effects).ja}` };
    }
    case 'static-buff':
      return {
        en: `${filterText(a.filter).en} get ${stat(a.atk, a.hp)}.`,
        ja: `${filterText(a.filter).ja}は${stat(a.atk, a.hp)}される。`,
      };
    case 'static-race':
      return { en: `Your servants gain <Race: ${a.race}>.`, ja: `あなたのサーバントは〈種族：${a.race}〉を得る。` };
    case 'static-keyword-while-character':
      return {
        en: `While you control a character, this servant has ${keywordWord(a.keyword).en}.`,
        ja: `あなたがキャラクターをコントロールしている間、このサーバントは${keywordWord(a.keyword).ja}を持つ。`,
      };
    case 'indestructible':
      return { en: 'This servant is not destroyed.', ja: 'このサーバントは破壊されない。' };
    case 'leaves-field-replacement':
      return {
        en: 'When this card leaves the field, it is put into the exclusion zone instead.',
        ja: 'このカードは場から離れる時、代わりに除外ゾーンに置かれる。',
      };
    case 'destruction-replacement':
      return a.instead === 'exile'
        ? {
            en: 'If this card would be destroyed, put it into the exclusion zone instead.',
            ja: 'このカードが破壊される場合、代わりに除外ゾーンに置く。',
          }
        : {
            en: "If this card would be destroyed, put it into its owner's graveyard instead.",
            ja: 'このカードが破壊される場合、代わりに持ち主の墓地に置く。',
          };
    case 'optional-draw-replacement':
      return {
        en: `If you would draw a card, you may instead put the top ${a.mill} ${a.mill > 1 ? 'cards' : 'card'} of your main deck into your graveyard. If you do, draw ${a.thenDraw} ${a.thenDraw > 1 ? 'cards' : 'card'}.`,
        ja: `あなたがカードを1枚引く場合、代わりにメインデッキの上から${a.mill}枚を墓地に置いてもよい。そうしたら、カードを${a.thenDraw}枚引く。`,
      };
    case 'ally-destruction-replacement':
      return a.instead === 'exile'
        ? {
            en: 'If another servant you control would be destroyed, instead put it into the exclusion zone.',
            ja: 'あなたがコントロールする他のサーバントが破壊される場合、代わりにそれを除外ゾーンに置く。',
          }
        : {
            en: "If another servant you control would be destroyed, instead send it to its owner's graveyard.",
            ja: 'あなたがコントロールする他のサーバントが破壊される場合、代わりにそれをオーナーの墓地に送る。',
          };
    case 'optional-destruction-replacement': {
      const whose =
        a.protects === 'this'
          ? { en: 'If this card would be destroyed', ja: 'このカードが破壊される場合' }
          : {
              en: 'If another servant you control would be destroyed',
              ja: 'あなたがコントロールする他のサーバントが破壊される場合',
            };
      const choice =
        a.instead === 'exile-it'
          ? { en: 'put it into the exclusion zone', ja: 'それを除外ゾーンに置いて' }
          : a.protects === 'this'
            ? { en: 'send it to your graveyard', ja: 'それを墓地に送って' }
            : { en: 'send this card to your graveyard', ja: 'このカードを墓地に送って' };
      const then =
        a.ifYouDo.do === 'gain-life'
          ? { en: `you gain ${a.ifYouDo.amount} LP`, ja: `あなたは${a.ifYouDo.amount}LPを得る` }
          : {
              en: `that servant gets +0/+${a.ifYouDo.hp} until end of turn`,
              ja: `そのサーバントはターン終了時まで+0/+${a.ifYouDo.hp}を得る`,
            };
      return {
        en: `${whose.en}, you may instead ${choice.en}. If you do, ${then.en}.`,
        ja: `${whose.ja}、代わりに${choice.ja}もよい。そうしたら、${then.ja}。`,
      };
    }
    case 'optional-damage-replacement':
      return mayMillInstead(
        a.protects === 'this'
          ? { en: 'If this card would be dealt damage', ja: 'このカードがダメージを与えられる場合' }
          : { en: 'If you would be dealt damage', ja: 'あなたがダメージを与えられる場合' },
        a,
      );
    case 'optional-move-replacement':
      return mayMillInstead(
        a.move === 'send-to-graveyard'
          ? {
              en: 'If this card would be sent from the field to the graveyard',
              ja: 'このカードが場から墓地に送られる場合',
            }
          : { en: 'If this card would be put into the exclusion zone', ja: 'このカードが除外ゾーンに置かれる場合' },
        a,
      );
    case 'draw-replacement':
      return {
        en: `If you would draw a card, instead put the top ${a.mill} ${a.mill > 1 ? 'cards' : 'card'} of your main deck into your graveyard, then draw ${a.thenDraw} ${a.thenDraw > 1 ? 'cards' : 'card'}.`,
        ja: `あなたがカードを1枚引く場合、代わりにメインデッキの上から${a.mill}枚を墓地に置き、カードを${a.thenDraw}枚引く。`,
      };
    case 'reduce-spell-damage':
      return {
        en: `If a spell would deal damage to a servant on your field, reduce that damage by ${a.amount}.`,
        ja: `スペルがあなたの場のサーバントにダメージを与える場合、そのダメージを${a.amount}軽減する。`,
      };
    case 'spell-cost-reduction':
      return {
        en: `Spells you play cost ${colorLetter(a.color).repeat(a.amount)} less.`,
        ja: `あなたがプレイするスペルのコストは${colorJa(a.color)}${a.amount}少なくなる。`,
      };
  }
}

function filterText(f: Filter): Label {
  const other = f.others ? { en: 'other ', ja: '他の' } : { en: '', ja: '' };
  if (f.race)
    return {
      en: `Your ${other.en}servants with <Race: ${f.race}>`,
      ja: `あなたの${other.ja}〈種族：${f.race}〉を持つサーバント`,
    };
  if (f.keyword)
    return {
      en: `Your ${other.en}servants with ${keywordWord(f.keyword).en}`,
      ja: `あなたの${other.ja}${keywordWord(f.keyword).ja}を持つサーバント`,
    };
  return { en: `Your ${other.en}servants`, ja: `あなたの${other.ja}サーバント` };
}

function triggerText(
  when: Ability extends never ? never : Extract<Ability, { kind: 'triggered' }>['when'],
  count = 1,
  of?: Counted,
): Label {
  switch (when) {
    case 'count-at-least':
    case 'count-at-most': {
      const noun = COUNTED_NOUN[of ?? 'your-hand'];
      const more = when === 'count-at-least';
      const unit = of?.endsWith('servants') ? '体' : '枚';
      return {
        en: `When the number of ${noun.plural} becomes ${count} or ${more ? 'more' : 'fewer'}, `,
        ja: `${noun.ja}が${count}${unit}${more ? '以上' : '以下'}になった時、`,
      };
    }
    case 'your-energy-zone-at-least':
      return {
        en: `When your energy zone has ${count} or more cards, `,
        ja: `あなたのエナジーゾーンのカードが${count}枚以上になった時、`,
      };
    case 'your-hand-empty':
      return { en: 'When your hand becomes empty, ', ja: 'あなたの手札が0枚になった時、' };
    case 'your-graveyard-at-least':
      return {
        en: `When your graveyard has ${count} or more cards, `,
        ja: `あなたの墓地のカードが${count}枚以上になった時、`,
      };
    case 'your-life-at-most':
      return { en: `When your LP becomes ${count} or less, `, ja: `あなたのLPが${count}点以下になった時、` };
    case 'enters-field':
      return { en: 'When this card is placed on the field, ', ja: 'このカードが場に置かれた時、' };
    case 'attacks':
      return { en: 'When this card attacks, ', ja: 'このカードが攻撃した時、' };
    case 'blocks':
      return { en: 'When this card blocks, ', ja: 'このカードが防御宣言した時、' };
    case 'destroyed':
      return { en: 'When this card is destroyed, ', ja: 'このカードが破壊された時、' };
    case 'ally-servant-destroyed':
      return { en: 'When a servant on your field is destroyed, ', ja: 'あなたの場のサーバントが破壊された時、' };
    case 'enemy-servant-destroyed':
      return {
        en: "When a servant on the opponent's field is destroyed, ",
        ja: '相手の場のサーバントが破壊された時、',
      };
    case 'your-end-phase':
      return { en: 'At the start of your end phase, ', ja: 'あなたのエンドフェイズの開始時、' };
    case 'destroyed-in-battle':
      return { en: 'When this card is destroyed in battle, ', ja: 'このカードがバトルで破壊された時、' };
    case 'becomes-frozen':
      return { en: 'When this card becomes frozen, ', ja: 'このカードがフリーズ状態になった時、' };
    case 'becomes-standby':
      return { en: 'When this card becomes standby, ', ja: 'このカードがスタンバイ状態になった時、' };
    case 'sent-to-graveyard':
      return { en: 'When this card is sent to the graveyard, ', ja: 'このカードが墓地に送られた時、' };
    case 'dealt-damage':
      return { en: 'When this card is dealt damage, ', ja: 'このカードがダメージを受けた時、' };
    case 'you-dealt-damage':
      return { en: 'When you are dealt damage, ', ja: 'あなたがダメージを受けた時、' };
    case 'opponent-dealt-damage':
      return { en: 'When your opponent is dealt damage, ', ja: '相手がダメージを受けた時、' };
    case 'any-servant-dealt-damage':
      return { en: 'Whenever a servant is dealt damage, ', ja: 'サーバントがダメージを受けるたび、' };
    case 'any-servant-blocks':
      return { en: 'Whenever a servant blocks, ', ja: 'サーバントが防御宣言するたび、' };
    case 'any-servant-becomes-standby':
      return { en: 'Whenever a servant becomes standby, ', ja: 'サーバントがスタンバイ状態になるたび、' };
    case 'your-attack-phase-end':
      return { en: 'At the end of your attack phase, ', ja: 'あなたのアタックフェイズ終了時、' };
    case 'each-end-phase':
      return { en: 'At the start of each end phase, ', ja: '各エンドフェイズの開始時、' };
    case 'any-servant-destroyed-in-battle':
      return { en: 'Whenever a servant is destroyed in battle, ', ja: 'サーバントがバトルで破壊されるたび、' };
    case 'any-servant-becomes-frozen':
      return { en: 'Whenever a servant becomes frozen, ', ja: 'サーバントがフリーズ状態になるたび、' };
    case 'any-card-sent-to-graveyard':
      return {
        en: 'Whenever a card on the field is sent to the graveyard, ',
        ja: '場のカードが墓地に送られるたび、',
      };
    case 'your-attack-declaration-start':
      return { en: 'At the start of your attack declaration step, ', ja: 'あなたの攻撃宣言ステップの開始時、' };
    case 'your-turn-start':
      return { en: 'At the start of your turn, ', ja: 'あなたのターン開始時、' };
    case 'your-draw-phase':
      return { en: 'At the start of your draw phase, ', ja: 'あなたのドローフェイズの開始時、' };
    case 'opponent-places-servant':
      return { en: 'When the opponent places a servant on the field, ', ja: '相手がサーバントを場に出した時、' };
    case 'you-control-no-servants-at-end':
      return {
        en: 'At the end of your turn, if you control no servants, ',
        ja: 'あなたのターン終了時、あなたがサーバントをコントロールしていないなら、',
      };
  }
}

export function effectsText(effects: readonly Effect[]): Label {
  const parts = effects.map((e, i) => {
    const text = effectText(e);
    // "..., then this card and the chosen servant battle." continues the sentence before it.
    if (e.do === 'battle' && i > 0)
      return { en: `then ${text.en.charAt(0).toLowerCase()}${text.en.slice(1)}`, ja: `その後、${text.ja}` };
    if (effects[i + 1]?.do !== 'battle') return text;
    return { en: text.en.replace(/\.$/, ','), ja: text.ja.replace(/にする。$/, 'にし、') };
  });
  // A sentence that ends in a comma ("If you do,") runs on into the next instruction in lower case.
  for (let i = 1; i < parts.length; i++) {
    const prev = parts[i - 1] as Label;
    const cur = parts[i] as Label;
    if (prev.en.endsWith(',')) parts[i] = { en: cur.en.charAt(0).toLowerCase() + cur.en.slice(1), ja: cur.ja };
  }
  // "Draw 1 card." follows a sentence; join with a space (en) or nothing (ja).
  return join(parts, ' ', '');
}

/**
 * An instruction's object: "a target servant" with "それ" after the selector's own words, or for "each servant" (R93)
 * the whole phrase as the object ("相手の場のサーバント全て").
 */
function objectText(sel: Selector): { en: string; lead: string; it: string } {
  if (sel.mode !== 'each') return { en: selectorText(sel).en, lead: `${selectorText(sel).ja}、`, it: 'それ' };
  const t = selectorText(sel);
  return { en: t.en, lead: '', it: t.ja };
}

function selectorText(s: Selector): Label {
  const side =
    s.side === 'opponents'
      ? { en: " on the opponent's field", ja: '相手の場の' }
      : s.side === 'yours'
        ? { en: ' on your field', ja: 'あなたの場の' }
        : { en: '', ja: '' };
  const noun: Record<Selector['what'], Label> = {
    servant: { en: 'servant', ja: 'サーバント' },
    'servant-or-player': { en: 'servant or player', ja: 'サーバントかプレイヤー' },
    player: { en: 'player', ja: 'プレイヤー' },
    'waiting-item': { en: 'card or ability in the waiting area', ja: '待機領域のカードか能力' },
    'destroyed-servant': { en: 'servant in the destroyed state', ja: '破壊状態のサーバント' },
    'servant-or-character': { en: 'servant or character', ja: 'サーバントかキャラクター' },
    character: { en: 'character', ja: 'キャラクター' },
  };
  const base = s.upTo && s.upTo > 1 ? plural(noun[s.what]) : noun[s.what];
  // NOVA 302: a frozen or standby filter reads before the noun.
  const state =
    s.state === 'frozen'
      ? { en: 'frozen ', ja: 'フリーズ状態の' }
      : s.state === 'standby'
        ? { en: 'standby ', ja: 'スタンバイ状態の' }
        : null;
  const n = state ? { en: `${state.en}${base.en}`, ja: `${state.ja}${base.ja}` } : base;
  const count = s.upTo
    ? { en: `up to ${s.upTo} ${s.mode === 'target' ? 'target ' : ''}`, ja: `${s.upTo}体まで` }
    : { en: s.mode === 'target' ? 'a target ' : '1 ', ja: '' };
  if (s.mode === 'target') return { en: `${count.en}${n.en}${side.en}`, ja: `${side.ja}${n.ja}${count.ja}を対象とし` };
  if (s.mode === 'each') return { en: `each ${n.en}${side.en}`, ja: `${side.ja}${n.ja}全て` };
  return { en: `${count.en}${n.en}${side.en}`, ja: `${side.ja}${n.ja}を${count.ja || '1つ'}選び` };
}

function plural(noun: Label): Label {
  const en = noun.en.replace(/^servant or player$/, 'servants and/or players').replace(/^servant\b/, 'servants');
  return { en, ja: noun.ja };
}

function effectText(e: Effect): Label {
  switch (e.do) {
    case 'damage': {
      const t = selectorText(e.to);
      const a = amountText(e.amount);
      if (e.to.mode === 'each')
        return { en: `Deal ${a.n} damage to ${t.en}${a.en}.`, ja: `${t.ja}に${a.ja}${a.n}ダメージを与える。` };
      const it = e.to.upTo && e.to.upTo > 1 ? 'それら' : 'それ';
      return { en: `Deal ${a.n} damage to ${t.en}${a.en}.`, ja: `${t.ja}、${it}に${a.ja}${a.n}ダメージを与える。` };
    }
    case 'distribute-damage': {
      const t = selectorText(e.to);
      return {
        en: `Distribute ${e.amount} damage, in units of ${e.unit}, among any number of target ${plural({ en: t.en.replace(/^a target /, ''), ja: '' }).en}.`,
        ja: `${e.amount}ダメージを${e.unit}単位で、任意の数の対象の${t.ja.replace(/を対象とし$/, '')}に割り振って与える。`,
      };
    }
    case 'draw': {
      const a = amountText(e.count);
      return e.who === 'you'
        ? { en: `Draw ${a.n} ${cardsWord(e.count)}${a.en}.`, ja: `${a.ja}カードを${a.n}枚引く。` }
        : {
            en: `Choose a player. That player draws ${a.n} cards${a.en}.`,
            ja: `プレイヤー1人を選ぶ。そのプレイヤーは${a.ja}カードを${a.n}枚引く。`,
          };
    }
    case 'gain-life': {
      const a = amountText(e.amount);
      return { en: `You gain ${a.n} LP${a.en}.`, ja: `あなたは${a.ja}${a.n}LPを得る。` };
    }
    case 'discard': {
      const w = whoText(e.who);
      const a = amountText(e.count);
      return {
        en: `${w.en} ${w.third ? 'discards' : 'discard'} ${a.n} ${cardsWord(e.count)}${a.en}.`,
        ja: `${w.ja}は${a.ja}手札を${a.n}枚捨てる。`,
      };
    }
    case 'choose-number':
      return { en: `Choose a number X from 0 to ${e.max}.`, ja: `0から${e.max}までの数値Xを1つ選ぶ。` };
    case 'opponent-loses-life':
      return { en: `The opponent loses ${e.amount} LP.`, ja: `相手は${e.amount}LPを失う。` };
    case 'lose-life': {
      const w = whoText(e.who);
      const a = amountText(e.amount);
      return {
        en: `${w.en} ${w.third ? 'loses' : 'lose'} ${a.n} LP${a.en}.`,
        ja: `${w.ja}は${a.ja}${a.n}LPを失う。`,
      };
    }
    case 'mill': {
      const w = whoText(e.who);
      const a = amountText(e.count);
      const their = w.third ? 'their' : 'your';
      return {
        en: `${w.en} ${w.third ? 'puts' : 'put'} the top ${a.n} ${cardsWord(e.count)} of ${their} main deck into ${their} graveyard${a.en}.`,
        ja: `${w.ja}は${a.ja}メインデッキの上から${a.n}枚を墓地に置く。`,
      };
    }
    case 'freeze': {
      const t = objectText(e.to);
      return { en: `Freeze ${t.en}.`, ja: `${t.lead}${t.it}をフリーズ状態にする。` };
    }
    case 'make-standby': {
      const t = objectText(e.to);
      return { en: `Make ${t.en} standby.`, ja: `${t.lead}${t.it}をスタンバイ状態にする。` };
    }
    case 'send-to-graveyard': {
      const t = objectText(e.to);
      const into = e.to.mode === 'each' ? "their owners' graveyards" : "its owner's graveyard";
      return { en: `Put ${t.en} into ${into}.`, ja: `${t.lead}${t.it}を持ち主の墓地に置く。` };
    }
    case 'damage-each': {
      const side = {
        any: { en: '', ja: '' },
        yours: { en: ' on your field', ja: 'あなたの場の' },
        opponents: { en: " on the opponent's field", ja: '相手の場の' },
      }[e.side];
      return {
        en: `Deal ${e.amount} damage to each servant${side.en}${e.players ? ' and each player' : ''}.`,
        ja: `${side.ja}サーバント全て${e.players ? 'と各プレイヤー' : ''}に${e.amount}ダメージを与える。`,
      };
    }
    case 'modify': {
      const u = untilText(e.until);
      const per = e.per ? amountText({ each: 1, per: e.per }) : { en: '', ja: '' };
      if (e.to === 'self')
        return {
          en: `This servant gets ${stat(e.atk, e.hp)}${per.en} ${u.en}.`,
          ja: `${u.ja}、このサーバントは${per.ja}${stat(e.atk, e.hp)}される。`,
        };
      const t = selectorText(e.to);
      if (e.to.mode === 'each')
        return {
          en: `${capitalise(t.en)} gets ${stat(e.atk, e.hp)}${per.en} ${u.en}.`,
          ja: `${u.ja}、${t.ja}は${per.ja}${stat(e.atk, e.hp)}される。`,
        };
      const it = e.to.upTo && e.to.upTo > 1 ? { en: 'they get', ja: 'それら' } : { en: 'it gets', ja: 'それ' };
      return {
        en: `Choose ${t.en}; ${it.en} ${stat(e.atk, e.hp)}${per.en} ${u.en}.`,
        ja: `${t.ja}、${u.ja}、${it.ja}は${per.ja}${stat(e.atk, e.hp)}される。`,
      };
    }
    case 'grant-keyword': {
      const t = selectorText(e.to);
      const u = untilText(e.until);
      if (e.to.mode === 'each')
        return {
          en: `${capitalise(t.en)} gains ${keywordWord(e.keyword).en} ${u.en}.`,
          ja: `${u.ja}、${t.ja}は${keywordWord(e.keyword).ja}を得る。`,
        };
      const it = e.to.upTo && e.to.upTo > 1 ? { en: 'they gain', ja: 'それら' } : { en: 'it gains', ja: 'それ' };
      return {
        en: `Choose ${t.en}; ${it.en} ${keywordWord(e.keyword).en} ${u.en}.`,
        ja: `${t.ja}、${u.ja}、${it.ja}は${keywordWord(e.keyword).ja}を得る。`,
      };
    }
    case 'lose-races': {
      const u = untilText(e.until);
      if (e.to === 'self')
        return { en: `This servant loses all its races ${u.en}.`, ja: `${u.ja}、このサーバントは全ての種族を失う。` };
      const t = selectorText(e.to);
      const many = !!e.to.upTo && e.to.upTo > 1;
      return {
        en: `Choose ${t.en}; ${many ? 'they lose all their' : 'it loses all its'} races ${u.en}.`,
        ja: `${t.ja}、${u.ja}、${many ? 'それら' : 'それ'}は全ての種族を失う。`,
      };
    }
    case 'become-race':
    case 'become-keyword':
    case 'lose-keyword': {
      const u = untilText(e.until);
      const what =
        e.do === 'become-keyword'
          ? {
              en: `becomes ${keywordWord(e.keyword).en} (losing its other keywords)`,
              en2: `become ${keywordWord(e.keyword).en} (losing their other keywords)`,
              ja: `${keywordWord(e.keyword).ja}になる（他のキーワード能力を失う）`,
            }
          : e.do === 'lose-keyword'
            ? {
                en: `loses ${keywordWord(e.keyword).en}`,
                en2: `lose ${keywordWord(e.keyword).en}`,
                ja: `${keywordWord(e.keyword).ja}を失う`,
              }
            : e.gain
              ? { en: `gains <Race: ${e.race}>`, en2: `gain <Race: ${e.race}>`, ja: `〈種族：${e.race}〉を得る` }
              : {
                  en: `becomes <Race: ${e.race}> (losing its other races)`,
                  en2: `become <Race: ${e.race}> (losing their other races)`,
                  ja: `〈種族：${e.race}〉になる（他の種族を失う）`,
                };
      if (e.to === 'self')
        return { en: `This servant ${what.en} ${u.en}.`, ja: `${u.ja}、このサーバントは${what.ja}。` };
      const t = selectorText(e.to);
      const many = !!e.to.upTo && e.to.upTo > 1;
      return {
        en: `Choose ${t.en}; ${many ? `they ${what.en2}` : `it ${what.en}`} ${u.en}.`,
        ja: `${t.ja}、${u.ja}、${many ? 'それら' : 'それ'}は${what.ja}。`,
      };
    }
    case 'destroy-all': {
      const what =
        e.servants && e.characters
          ? { en: 'all servants and all characters', ja: 'すべてのサーバントとすべてのキャラクター' }
          : e.servants
            ? { en: 'all servants', ja: 'すべてのサーバント' }
            : { en: 'all characters', ja: 'すべてのキャラクター' };
      return { en: `Destroy ${what.en}.`, ja: `${what.ja}を破壊する。` };
    }
    case 'add-energy':
      return {
        en: `Add ${colorLetter(e.color).repeat(e.count)} to your energy stock.`,
        ja: `あなたのエナジーストックに${colorJa(e.color)}${e.count}を加える。`,
      };
    case 'negate': {
      const t = selectorText(e.to);
      return { en: `Negate ${t.en}.`, ja: `${t.ja}、それを無効にする。` };
    }
    case 'negate-destruction': {
      const t = selectorText(e.to);
      return {
        en: `Choose ${t.en}; negate ${e.to.upTo ? 'their' : 'its'} destruction.`,
        ja: `${t.ja}、その破壊を無効にする。`,
      };
    }
    case 'add-counter': {
      const on = e.to ? selectorText(e.to) : { en: 'this card', ja: 'このカード' };
      return {
        en: `Put ${e.count} ${e.counter} counter${e.count > 1 ? 's' : ''} on ${on.en}.`,
        ja: `${on.ja}に${e.counter}カウンターを${e.count}個置く。`,
      };
    }
    case 'move-counters': {
      const t = selectorText(e.to);
      const counters = `${e.count} ${e.counter} counter${e.count > 1 ? 's' : ''}`;
      return {
        en: `Move ${counters} from this card to ${t.en}.`,
        ja: `${t.ja}、このカードの${e.counter}カウンターを${e.count}個それに移動する。`,
      };
    }
    case 'raise-limit-level':
      return {
        en: `Your limit level gets +${e.amount} until end of turn.`,
        ja: `ターン終了時まで、あなたのリミットレベルは+${e.amount}される。`,
      };
    case 'win-if-characters':
      return {
        en: `If you control ${e.count} or more characters, you win the game.`,
        ja: `あなたがキャラクターを${e.count}体以上コントロールしているなら、あなたはゲームに勝利する。`,
      };
    case 'retire': {
      const t = objectText(e.to);
      return {
        en: `${capitalise(t.en)} ${e.to.mode === 'each' ? 'retire' : 'retires'}.`,
        ja: `${t.lead}${t.it}は退場する。`,
      };
    }
    case 'retire-self':
      return { en: 'This character retires.', ja: 'このキャラクターは退場する。' };
    case 'may-send-self-to-graveyard':
      return {
        en: 'You may send this card to the graveyard. If you do,',
        ja: 'このカードを墓地に送ってもよい。そうしたなら、',
      };
    case 'destroy': {
      if (e.to === 'that-card') return { en: 'Destroy that servant.', ja: 'そのサーバントを破壊する。' };
      const t = objectText(e.to);
      return { en: `Destroy ${t.en}.`, ja: `${t.lead}${t.it}を破壊する。` };
    }
    case 'may-choose': {
      const t = selectorText({ what: e.to.what, side: e.to.side, mode: e.to.mode });
      return { en: `You may choose ${t.en}.`, ja: `${t.ja.replace(/を1つ選び$/, '')}を1体選んでもよい。` };
    }
    case 'double': {
      const stat = e.stat === 'atk' ? { en: 'ATK', ja: '攻撃力' } : { en: 'HP', ja: '体力' };
      const head = e.ifChosen ? { en: 'If you do, double', ja: 'そうしたなら、' } : { en: 'Double', ja: '' };
      return {
        en: `${head.en} this card's ${stat.en} until end of turn.`,
        ja: `${head.ja}ターン終了時まで、このカードの${stat.ja}を倍にする。`,
      };
    }
    case 'battle':
      return {
        en: 'This card and the chosen servant battle.',
        ja: 'このカードと選んだサーバントをバトルさせる。',
      };
    case 'gain-control': {
      const t = selectorText(e.to);
      const gains = e.servantGains.map(keywordWord);
      const servant =
        gains.length > 0
          ? {
              en: ` If it is a servant, it gains ${gains.map((g) => g.en).join(' and ')} until end of turn.`,
              ja: `それがサーバントなら、ターン終了時まで、それは${gains.map((g) => g.ja).join('と')}を得る。`,
            }
          : { en: '', ja: '' };
      if (e.to.mode === 'each')
        return {
          en: `Gain control of ${t.en} until end of turn.${gains.length > 0 ? ` They gain ${gains.map((g) => g.en).join(' and ')} until end of turn.` : ''}`,
          ja: `ターン終了時まで、${t.ja}のコントロールを得る。${gains.length > 0 ? `ターン終了時まで、それらは${gains.map((g) => g.ja).join('と')}を得る。` : ''}`,
        };
      return {
        en: `Gain control of ${t.en} until end of turn.${servant.en}`,
        ja: `${t.ja}、ターン終了時まで、そのコントロールを得る。${servant.ja}`,
      };
    }
    case 'shield': {
      const t = selectorText(e.to);
      return {
        en: `Choose ${t.en}; the next time damage would be dealt to it this turn, reduce that damage by ${e.amount}.`,
        ja: `${t.ja}、このターン、次にそれにダメージが与えられる場合、そのダメージを${e.amount}軽減する。`,
      };
    }
    case 'reveal-top': {
      const type = {
        servant: { en: 'a servant', ja: 'サーバント' },
        spell: { en: 'a spell', ja: 'スペル' },
        'magic-item': { en: 'a magic item', ja: 'マジックアイテム' },
      }[e.take];
      return {
        en: `Reveal the top card of your main deck. If it is ${type.en}, put it into your hand.`,
        ja: `あなたのメインデッキの一番上のカードを公開する。それが${type.ja}なら、それを手札に加える。`,
      };
    }
    case 'shuffle-deck':
      return { en: 'Shuffle your main deck.', ja: 'あなたのメインデッキをシャッフルする。' };
    case 'look-and-reorder-top':
      return {
        en: `Look at the top ${e.count} cards of your main deck and put them back in any order.`,
        ja: `あなたのメインデッキの上から${e.count}枚を見て、好きな順番で戻す。`,
      };
    case 'exile': {
      const t = objectText(e.to);
      return { en: `Put ${t.en} into the exclusion zone.`, ja: `${t.lead}${t.it}を除外ゾーンに置く。` };
    }
    case 'return-at-next-end-phase':
      return {
        en: "At the start of the next end phase, put that card onto its owner's field.",
        ja: '次のエンドフェイズの開始時、そのカードを持ち主の場に出す。',
      };
    case 'put-onto-owners-field':
      return { en: "Put that card onto its owner's field.", ja: 'そのカードを持ち主の場に出す。' };
    case 'skip-phase': {
      if (e.phase === 'turn')
        return e.whose === 'opponents-next'
          ? { en: 'The opponent skips their next turn.', ja: '相手は次のターンをスキップする。' }
          : { en: 'You skip your next turn.', ja: 'あなたは次のターンをスキップする。' };
      const name = SKIPPABLE_NAMES[e.phase];
      if (e.whose === 'opponents-next')
        return {
          en: `The opponent skips their next ${name.en} phase.`,
          ja: `相手は次の${name.ja}フェイズをスキップする。`,
        };
      if (e.whose === 'yours-next')
        return { en: `Skip your next ${name.en} phase.`, ja: `あなたは次の${name.ja}フェイズをスキップする。` };
      const draw = e.thenDraw
        ? {
            en: ` If you do, draw ${e.thenDraw} card${e.thenDraw > 1 ? 's' : ''}.`,
            ja: `スキップしたなら、カードを${e.thenDraw}枚引く。`,
          }
        : { en: '', ja: '' };
      return {
        en: `Skip this turn's attack phase.${draw.en}`,
        ja: `このターンのアタックフェイズをスキップする。${draw.ja}`,
      };
    }
    case 'skip-step': {
      const step = STEP_NAMES[e.step];
      return e.whose === 'opponents-next'
        ? {
            en: `The opponent skips their next ${step.en}.`,
            ja: `相手は次の${step.ja}をスキップする。`,
          }
        : { en: `Skip your next ${step.en}.`, ja: `あなたは次の${step.ja}をスキップする。` };
    }
    case 'add-phase': {
      const phase = ADDED_PHASE_NAMES[e.phase];
      return {
        en: `After this main phase, add ${phase.en}.`,
        ja: `このメインフェイズの直後に、${phase.ja}を1つ追加する。`,
      };
    }
    case 'add-attack-phase':
      return {
        en: 'After this main phase, add an attack phase.',
        ja: 'このメインフェイズの直後に、アタックフェイズを1つ追加する。',
      };
    case 'draw-at-next-attack-phase':
      return {
        en: `At the start of the next attack phase, draw ${e.count} card${e.count > 1 ? 's' : ''}.`,
        ja: `次のアタックフェイズの開始時、カードを${e.count}枚引く。`,
      };
    case 'at-your-next-turn-start':
    case 'at-next-start': {
      // One sentence, so that every instruction reads as part of the delayed trigger.
      const parts = e.effects.map((x) => effectText(x));
      const en = parts.map((x) => x.en.charAt(0).toLowerCase() + x.en.slice(1).replace(/\.$/, '')).join('; ');
      const ja = parts.map((x) => x.ja).join('');
      const when = e.do === 'at-your-next-turn-start' ? DELAYED_WHEN['your-turn'] : DELAYED_WHEN[e.of];
      return {
        en: `At the start of ${when.en}, ${en}.`,
        ja: parts.length > 1 ? `${when.ja}開始時、「${ja}」を行う。` : `${when.ja}開始時、${ja}`,
      };
    }
  }
}

/** When a delayed trigger of a card's text triggers (NOVA 801.4.9). */
const DELAYED_WHEN: Record<
  'your-turn' | 'end-phase' | 'attack-phase' | 'opponents-turn' | 'standby-phase' | 'draw-phase' | 'main-phase',
  Label
> = {
  'your-turn': { en: 'your next turn', ja: '次のあなたのターン' },
  'end-phase': { en: 'the next end phase', ja: '次のエンドフェイズの' },
  'attack-phase': { en: 'the next attack phase', ja: '次のアタックフェイズの' },
  'opponents-turn': { en: "your opponent's next turn", ja: '次の相手のターン' },
  'standby-phase': { en: 'the next standby phase', ja: '次のスタンバイフェイズの' },
  'draw-phase': { en: 'the next draw phase', ja: '次のドローフェイズの' },
  'main-phase': { en: 'the next main phase', ja: '次のメインフェイズの' },
};

/** NOVA 407.6 "until end of turn"; 405.7.3 "during the attack phase". */
function untilText(until: Until): Label {
  switch (until) {
    case 'end-of-turn':
      return { en: 'until end of turn', ja: 'ターン終了時まで' };
    case 'end-of-attack-phase':
      return { en: 'during this attack phase', ja: 'このアタックフェイズ中' };
    case 'your-next-turn':
      return { en: 'until the start of your next turn', ja: '次のあなたのターン開始時まで' };
    case 'end-of-your-next-turn':
      return { en: 'until the end of your next turn', ja: '次のあなたのターン終了時まで' };
  }
}

/** What an amount counts, singular and plural (NOVA 004.6). */
const COUNTED_NOUN: Record<Counted, { en: string; plural: string; ja: string }> = {
  'chosen-number': { en: 'the chosen number', plural: 'the chosen number', ja: '選んだ数値' },
  'your-servants': { en: 'servant on your field', plural: 'servants on your field', ja: 'あなたの場のサーバント' },
  'opponents-servants': {
    en: "servant on the opponent's field",
    plural: "servants on the opponent's field",
    ja: '相手の場のサーバント',
  },
  'your-graveyard': { en: 'card in your graveyard', plural: 'cards in your graveyard', ja: 'あなたの墓地のカード' },
  'your-hand': { en: 'card in your hand', plural: 'cards in your hand', ja: 'あなたの手札' },
  'opponents-hand': { en: "card in the opponent's hand", plural: "cards in the opponent's hand", ja: '相手の手札' },
  'your-energy-zone': {
    en: 'card in your energy zone',
    plural: 'cards in your energy zone',
    ja: 'あなたのエナジーゾーンのカード',
  },
  'opponents-energy-zone': {
    en: "card in the opponent's energy zone",
    plural: "cards in the opponent's energy zone",
    ja: '相手のエナジーゾーンのカード',
  },
  'opponents-graveyard': {
    en: "card in the opponent's graveyard",
    plural: "cards in the opponent's graveyard",
    ja: '相手の墓地のカード',
  },
  'your-main-deck': {
    en: 'card in your main deck',
    plural: 'cards in your main deck',
    ja: 'あなたのメインデッキのカード',
  },
};

/**
 * An amount's words: `n` stands where the number goes, `en` follows the sentence's object, `ja` comes before the
 * number: "Draw 1 card for each card in the opponent's hand beyond the number of cards in your hand", "X", "2×X".
 */
function amountText(a: Amount): { n: string; en: string; ja: string } {
  if (typeof a === 'number') return { n: `${a}`, en: '', ja: '' };
  if (a.per === 'chosen-number' && !a.minus) return { n: a.each === 1 ? 'X' : `${a.each}×X`, en: '', ja: '' };
  const per = COUNTED_NOUN[a.per];
  const minus = a.minus ? COUNTED_NOUN[a.minus] : null;
  const perEn = a.per === 'chosen-number' ? 'for each 1 of X' : `for each ${per.en}`;
  const perJa =
    a.per === 'chosen-number' ? 'Xの1につき' : `${per.ja}1${a.per.endsWith('servants') ? '体' : '枚'}につき`;
  if (!minus) return { n: `${a.each}`, en: ` ${perEn}`, ja: perJa };
  return {
    n: `${a.each}`,
    en: ` ${perEn} beyond the number of ${minus.plural}`,
    ja: `${per.ja}の数が${minus.ja}の数を上回る1につき`,
  };
}

/** "card" or "cards" after an amount. */
function cardsWord(a: Amount): string {
  if (typeof a === 'number') return a === 1 ? 'card' : 'cards';
  return a.each === 1 && a.per !== 'chosen-number' ? 'card' : 'cards';
}

function colorLetter(c: string): string {
  return (
    ({ red: 'R', blue: 'U', green: 'G', white: 'W', black: 'B', colorless: 'C' } as Record<string, string>)[c] ?? '?'
  );
}

function colorJa(c: string): string {
  return (
    ({ red: '赤', blue: '青', green: '緑', white: '白', black: '黒', colorless: '無色' } as Record<string, string>)[
      c
    ] ?? '?'
  );
}

function prefix(head: Label, body: Label): Label {
  // English continues the sentence in lower case after the trigger condition.
  const en = body.en.charAt(0).toLowerCase() + body.en.slice(1);
  return { en: head.en + en, ja: head.ja + body.ja };
}

function join(parts: readonly Label[], en: string, ja: string): Label {
  return { en: parts.map((p) => p.en).join(en), ja: parts.map((p) => p.ja).join(ja) };
}

/** "you", "the opponent", "each player": the subject of an instruction (`third`: it takes a third-person verb). */
function whoText(who: Who): { en: string; ja: string; third: boolean } {
  if (who === 'you') return { en: 'You', ja: 'あなた', third: false };
  if (who === 'opponent') return { en: 'The opponent', ja: '相手', third: true };
  return { en: 'Each player', ja: '各プレイヤー', third: true };
}

function capitalise(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** NOVA 802.1.3.1.3: "(when), you may instead put the top N cards of your main deck into your graveyard. If you do, ...". */
function mayMillInstead(
  when: Label,
  a: { mill: number; ifYouDo: { do: 'freeze-self' } | { do: 'gain-life'; amount: number } },
): Label {
  const then =
    a.ifYouDo.do === 'freeze-self'
      ? { en: 'freeze this card', ja: 'このカードをフリーズする' }
      : { en: `you gain ${a.ifYouDo.amount} LP`, ja: `あなたは${a.ifYouDo.amount}LPを得る` };
  return {
    en: `${when.en}, you may instead put the top ${a.mill} ${a.mill > 1 ? 'cards' : 'card'} of your main deck into your graveyard. If you do, ${then.en}.`,
    ja: `${when.ja}、代わりにメインデッキの上から${a.mill}枚を墓地に置いてもよい。そうしたら、${then.ja}。`,
  };
}
