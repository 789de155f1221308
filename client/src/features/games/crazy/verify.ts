import { CrazyReplay } from '@qal/events/contracts';
import { createFairRandom, type FairRandom, type FairnessSeeds } from '../../../lib/fairness/verify.ts';
import { RANKS, SUITS, type Suit } from './crazy-cards.ts';

/**
 * The browser's check of a finished Crazy match (docs/fairness.md), from the revealed seeds and the match's replay
 * (every hand shown at every step). It draws the match's chance again in the engine's order (its games/crazy
 * decider.ts): the 104 cards shuffled, then the starter `int(players)`, the starter's 6 cards and everyone's 5 in
 * seat order from the starter; then, as the match went, every reshuffle of the pile under its top card where the
 * stream had got to. It compares the deal with the hands the replay shows at the start, and every card drawn during
 * the match with the top of the deck it recomputes, so a deck that was stacked anywhere shows.
 */
export default async function verify(
  seeds: FairnessSeeds,
  _options: unknown,
  play: unknown,
): Promise<{ matches: boolean; recomputed: string }> {
  const parsed = CrazyReplay.safeParse(play);
  if (!parsed.success || parsed.data.steps.length === 0) return { matches: false, recomputed: 'no replay of the match' };
  const steps = parsed.data.steps;
  const first = steps[0]!.view;
  const players = first.players.map((p) => p.id);
  const deal = await dealOf(seeds, players);
  const recomputed = `starter ${deal.starter}, ${players.length} hands dealt`;
  const shownHands = first.hands;
  const dealt =
    shownHands !== undefined &&
    first.starter === deal.starter &&
    first.deckCount === deal.deck.length &&
    players.every((id) =>
      sameCards(
        shownHands[id]?.map((c) => c.id),
        deal.hands[id],
      ),
    );
  if (!dealt) return { matches: false, recomputed };

  let deck = deal.deck;
  let pile: string[] = [];
  let draws = 0;
  let reshuffles = 0;
  for (const [index, step] of steps.entries()) {
    if (index === 0) continue;
    switch (step.kind) {
      case 'play':
        pile = [...pile, ...(step.cards ?? [])];
        break;
      case 'reshuffle': {
        const top = pile.at(-1);
        const under = pile.slice(0, -1);
        if (step.count !== undefined && step.count !== under.length) return { matches: false, recomputed };
        deck = [...deck, ...(await deal.random.shuffle(under))];
        pile = top === undefined ? [] : [top];
        reshuffles += 1;
        break;
      }
      case 'draw': {
        const cards = step.cards ?? [];
        if (!sameCards(cards, deck.slice(0, cards.length)))
          return { matches: false, recomputed: `${recomputed}; draw ${draws + 1} differs` };
        deck = deck.slice(cards.length);
        draws += 1;
        break;
      }
      case 'removed': {
        // A player's cards go back under the deck, as their hand stood just before.
        const returned = step.playerId ? (steps[index - 1]!.view.hands?.[step.playerId] ?? []) : [];
        deck = [...deck, ...returned.map((c) => c.id)];
        break;
      }
      default:
        break;
    }
    if (step.view.deckCount !== deck.length) return { matches: false, recomputed: `${recomputed}; the deck differs after step ${index}` };
  }
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  return { matches: true, recomputed: `${recomputed}, ${plural(draws, 'draw')} and ${plural(reshuffles, 'reshuffle')} as drawn` };
}

const LETTER: Readonly<Record<Suit, string>> = { hearts: 'h', diamonds: 'd', clubs: 'c', spades: 's' };
/** The engine's games/crazy/rules.ts: two decks; the starter gets 6 cards, everyone else 5. */
const DECKS = 2;
const STARTER_CARDS = 6;
const HAND_CARDS = 5;

/** Every card of a match in the engine's fixed order (deck 1 then deck 2, suit by suit, A to K): what is shuffled. */
export const ALL_CARD_IDS: readonly string[] = Array.from({ length: DECKS }, (_, deck) =>
  SUITS.flatMap((suit) => RANKS.map((rank) => `${LETTER[suit]}-${rank}-${deck + 1}`)),
).flat();

export interface Deal {
  readonly starter: string;
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** What was left to draw, first card first. */
  readonly deck: readonly string[];
  /** The match's stream, where the deal left it: the reshuffles go on from here. */
  readonly random: FairRandom;
}

/** The deal of a match with these seeds and seats, drawn as the engine draws it. */
export async function dealOf(seeds: FairnessSeeds, players: readonly string[]): Promise<Deal> {
  const random = await createFairRandom(seeds);
  const deck = await random.shuffle(ALL_CARD_IDS);
  const starterIndex = await random.int(players.length);
  const hands: Record<string, string[]> = {};
  let next = 0;
  for (let k = 0; k < players.length; k++) {
    const count = k === 0 ? STARTER_CARDS : HAND_CARDS;
    hands[players[(starterIndex + k) % players.length]!] = deck.slice(next, next + count);
    next += count;
  }
  return { starter: players[starterIndex]!, hands, deck: deck.slice(next), random };
}

const sameCards = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((id, i) => id === b[i]);
