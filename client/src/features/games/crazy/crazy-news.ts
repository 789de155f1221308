import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import type { CrazyLast, CrazyView } from './crazy-api.ts';
import { SUIT_SYMBOL, shortLabel, type Card, type Suit } from './crazy-cards.ts';
import { vibrate } from '../../../lib/vibration.ts';

/*
 * What the Crazy table tells everyone when something happens (the view's `last`): catches, false calls, Qeregn,
 * penalties, wrong cards, suit changes, skips, reversals, timeouts, players leaving. A short toast, never a dialog,
 * so nothing stands between the thumb and the hand. Plain plays, draws and passes are not announced: the pile and
 * the card counts already show them. The player's own moves are announced only when they cost something (caught, a
 * false call, a wrong card, a timeout) or confirm a catch.
 */

export type NewsKey =
  | 'caught'
  | 'caughtYou'
  | 'youCaught'
  | 'falseCall'
  | 'falseCallOnYou'
  | 'yourFalseCall'
  | 'qeregn'
  | 'penaltyTaken'
  | 'suitChosen'
  | 'skipped'
  | 'skippedYou'
  | 'reversed'
  | 'wrongCard'
  | 'falseJoker'
  | 'forgotQeregn'
  | 'yourWrongCard'
  | 'yourFalseJoker'
  | 'youForgotQeregn'
  | 'timedOut'
  | 'timedOutDrew'
  | 'yourTimeOut'
  | 'yourTimeOutDrew'
  | 'left'
  | 'outTimeouts';

export type News = {
  key: NewsKey;
  /** `warning` when it costs the viewer cards or a turn. */
  tone: 'info' | 'warning';
  /** Who acted (a player id). */
  by: string;
  /** The other player it is about (caught, called on, skipped). */
  target?: string;
  /** Cards it cost. */
  count: number;
  /** The cards played (suit changes, skips, reversals). */
  cards: Card[];
  suit?: Suit;
};

const WRONG_PLAY_KEYS: Readonly<Record<string, { theirs: NewsKey; mine: NewsKey }>> = {
  wrong_card: { theirs: 'wrongCard', mine: 'yourWrongCard' },
  false_joker: { theirs: 'falseJoker', mine: 'yourFalseJoker' },
  forgot_qeregn: { theirs: 'forgotQeregn', mine: 'youForgotQeregn' },
};

/**
 * What `me` is told about `last`, or null when it is not worth a toast. Once the game is over the winning card's
 * effect (a suit, a reversal) means nothing any more: the result says who won.
 */
export function newsOf(last: CrazyLast | null | undefined, me: string, over = false): News | null {
  if (!last) return null;
  const mine = last.by === me;
  const base = { by: last.by, count: last.count ?? 0, cards: last.cards ?? [] };
  const about = (key: NewsKey, tone: News['tone'] = 'info', target = last.target): News => ({
    ...base,
    key,
    tone,
    ...(target ? { target } : {}),
  });
  switch (last.kind) {
    case 'caught':
      if (last.target === me) return about('caughtYou', 'warning');
      return about(mine ? 'youCaught' : 'caught');
    case 'false_call':
      if (mine) return about('yourFalseCall', 'warning');
      return about(last.target === me ? 'falseCallOnYou' : 'falseCall');
    case 'qeregn':
      return mine ? null : about('qeregn');
    case 'penalty_taken':
      return mine ? null : about('penaltyTaken');
    case 'played': {
      if (mine || over) return null;
      if (last.effect === 'suit_choice' && last.suit) return { ...about('suitChosen'), suit: last.suit };
      if (last.skipped) return last.skipped === me ? about('skippedYou', 'warning', last.skipped) : about('skipped', 'info', last.skipped);
      return last.effect === 'reverse' ? about('reversed') : null;
    }
    case 'wrong_play': {
      const keys = WRONG_PLAY_KEYS[last.reason ?? ''] ?? WRONG_PLAY_KEYS.wrong_card!;
      return mine ? about(keys.mine, 'warning') : about(keys.theirs);
    }
    case 'timed_out':
      if (mine) return about(base.count > 0 ? 'yourTimeOutDrew' : 'yourTimeOut', 'warning');
      return about(base.count > 0 ? 'timedOutDrew' : 'timedOut');
    case 'left':
      return mine ? null : about(last.reason === 'timeouts' ? 'outTimeouts' : 'left');
    default:
      // drew, passed, and anything a newer server adds: the table shows it without words.
      return null;
  }
}

/** The sentence for `news` in the current language. */
export function newsText(news: News, t: TFunction<'crazy'>, nameOf: (id: string | undefined) => string): string {
  return t(`news.${news.key}`, {
    name: nameOf(news.by),
    target: nameOf(news.target),
    count: news.count,
    cards: news.cards.map(shortLabel).join(' '),
    suit: news.suit ? `${SUIT_SYMBOL[news.suit]} ${t(`suits.${news.suit}`)}` : '',
  });
}

/**
 * Toasts each new `last` once. What was already on the table when it opened (a reload, a late join) is old news, and
 * a view that repeats a `seq` already told (a re-render, a push crossing a move's answer) says nothing again.
 */
export function useCrazyNews(view: CrazyView | null, me: string, nameOf: (id: string | undefined) => string): void {
  const { t } = useTranslation('crazy');
  const told = useRef<number | null>(null);
  useEffect(() => {
    if (view === null) return;
    const seq = view.last?.seq ?? 0;
    const first = told.current === null;
    if (!first && seq <= told.current!) return;
    told.current = seq;
    if (first) return;
    const news = newsOf(view.last, me, view.status === 'finished');
    if (news) notify[news.tone](newsText(news, t, nameOf));
    // My card refused: a buzz too, when the player turned vibration on.
    if (view.last?.kind === 'wrong_play' && view.last.by === me) vibrate('wrong');
  }, [view, me, t, nameOf]);
}
