/**
 * The Touched On board rendered to static markup from real engine states:
 * seeded random games through boardgame.io's reducer, a Local() match for the
 * Appeal prompt, and a Client game that ends in a tie.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Ctx, State } from 'boardgame.io';
import { InitializeGame } from 'boardgame.io/internal';
import { TouchedOnBoard } from '../../../../src/games/touched-on/board/Board';
import { TouchedOn } from '../../../../src/games/touched-on';
import { playerView } from '../../../../src/games/touched-on/view';
import { enumerate } from '../../../../src/games/touched-on/ai';
import { isEvader, isPower, parseCard } from '../../../../src/games/touched-on/data';
import type { CardId, GameOver, PlayerID, TOState } from '../../../../src/games/touched-on/types';
import { sortHand } from '../../../../src/games/touched-on/board/logic';
import { CardFace } from '../../../../src/games/touched-on/board/CardFace';
import { cardLook, expLook } from '../../../../src/games/touched-on/board/look';
import { Piles } from '../../../../src/games/touched-on/board/Piles';
import { CardSection } from '../../../../src/games/touched-on/board/TurnSections';
import type { PanelProps } from '../../../../src/games/touched-on/board/selection';
import { playRandomly } from '../simulate';
import { act, carriage, emptyTable, gameFrom, give, seats, setPlay } from '../helpers';

function render(G: TOState, ctx: Ctx, playerID: PlayerID | null, extra: Record<string, unknown> = {}): string {
  // boardgame.io's move dispatchers: rendering never calls them.
  const moves = new Proxy({}, { get: () => () => undefined });
  const props = {
    G,
    ctx,
    moves,
    events: {},
    playerID,
    isActive: true,
    isMultiplayer: false,
    isConnected: true,
    matchData: undefined,
    log: [],
    ...extra,
  };
  return renderToStaticMarkup(<TouchedOnBoard {...(props as any)} />);
}

function testIds(html: string, prefix: string): string[] {
  return [...html.matchAll(new RegExp(`data-testid="(${prefix}[^"]*)"`, 'g'))].map((m) => m[1]);
}

/** The hand cards the board raises (data-playable="yes"). */
function raisedIn(html: string): string[] {
  return [...html.matchAll(/data-testid="hand-card-([^"]+)" data-playable="yes"/g)].map((m) => m[1]).sort();
}

/**
 * The hand cards some enumerated move (ai.enumerate) plays: a batch's Evaders
 * and Priority Seat, an Inspector (Undercovers are alike), each Power, a card
 * put out. Independent of the board's own code.
 */
function usedByEnumerate(view: TOState, ctx: Ctx, me: PlayerID): string[] {
  const hand = view.players[me].hand ?? [];
  const out = new Set<CardId>();
  for (const m of enumerate(view, ctx, me)) {
    const a = (m.args[0] ?? {}) as { card?: string; line?: string; count?: number; prioritySeat?: boolean };
    const add = (pred: (c: CardId) => boolean) => hand.filter(pred).forEach((c) => out.add(c));
    switch (m.move) {
      case 'inspect':
        if (parseCard(a.card)?.kind === 'undercover') add((c) => parseCard(c)?.kind === 'undercover');
        else add((c) => c === a.card);
        break;
      case 'playEvaders':
        if ((a.count ?? 0) > 0) add((c) => isEvader(c, a.line as never));
        if (a.prioritySeat) add((c) => isPower(c, 'prioritySeat'));
        break;
      case 'feetOnSeat':
      case 'tramTracker':
      case 'peakHour':
      case 'freeTramZone':
        add((c) => isPower(c, m.move as never));
        break;
      case 'shedAppeal':
        add((c) => isPower(c, 'appeal'));
        break;
      case 'putOut':
        add((c) => c === a.card);
        break;
    }
  }
  return [...out].sort();
}

const CARD_ID = /(?<![A-Za-z0-9#])(E(?:19|96|86|109)-[1-9]|A(?:19|96|86|109)|U-[1-4]|P-[a-zA-Z]+-[12])(?![A-Za-z0-9])/g;

/** Card ids in the markup that `viewer` may not see (another hand, the draw pile). */
function hiddenCardsShown(full: TOState, html: string, viewer: PlayerID | null): string[] {
  const visible = new Set<CardId>([
    ...full.discard,
    ...full.usedPowers,
    ...full.peakHours.map((p) => p.card),
    ...full.lineOrder.flatMap((l) => [
      ...full.lines[l].carriages.flatMap((c) => c.cards.map((pc) => pc.card)),
      ...(full.lines[l].freeTramZone ? [full.lines[l].freeTramZone] : []),
    ]),
    ...(viewer !== null ? (full.players[viewer].hand ?? []) : []),
    ...(full.trackerReveal && full.trackerReveal.chooser === viewer ? full.trackerReveal.cards : []),
  ]);
  return [...new Set([...html.matchAll(CARD_ID)].map((m) => m[1]))].filter((c) => !visible.has(c));
}

describe('Touched On banner', () => {
  it("names a bot whose turn it is without its level, which its title and a screen reader's words keep", () => {
    const G = emptyTable(2, '1');
    give(G, '0', ['E96']);
    give(G, '1', ['E96']);
    const [a] = seats(gameFrom(G), 2);
    const s = a.getState()!;
    const html = render(s.G, s.ctx, '0', { playerNames: { '0': 'Ana', '1': 'Bot 2 (normal)' } });
    expect(html).toContain(
      '<span class="who-name" title="Bot 2 (normal)">Bot 2<span class="visually-hidden"> (normal)</span></span>',
    );
  });
});

describe('Touched On miniature cards', () => {
  const words = (html: string) => [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  const label = (html: string) => /aria-label="([^"]*)"/.exec(html)![1];
  it.each([
    ['E96-1', ['96', 'Evader'], ['96']],
    ['A96', ['96', 'Inspector'], ['96']],
    ['U-1', ['ANY', 'Undercover'], []],
    ['P-feetOnSeat-1', ['Feet', 'On', 'Seat'], []],
    ['back', ['Touched', 'On'], []],
    ['exp-back', ['Exp'], []],
    ['X3-1', ['Exp', '3'], ['3']],
  ])('%s: a miniature prints only its route number or value, and keeps its whole name', (id, full, mini) => {
    const look = id === 'exp-back' || id.startsWith('X') ? expLook(id === 'exp-back' ? null : id) : cardLook(id);
    const big = renderToStaticMarkup(<CardFace look={look} />);
    const small = renderToStaticMarkup(<CardFace look={look} mini />);
    expect(words(big)).toEqual(full);
    expect(words(small)).toEqual(mini);
    expect(label(small)).toBe(label(big));
  });

  it("prints the used Powers' names under their pile, a name used twice counted once", () => {
    const G = emptyTable(3);
    G.usedPowers = ['P-appeal-1', 'P-tramTracker-1', 'P-appeal-2'];
    const html = renderToStaticMarkup(<Piles G={G} />);
    expect(html).toContain('>Appeal ×2, Tram Tracker</span>');
    expect([...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1])).toEqual(
      expect.arrayContaining(['Appeal', 'Tram Tracker']),
    );
  });
});

/** The section of the chosen card `card`, seat 0 on turn, in static markup. */
function cardSection(G: TOState, card: CardId, names: Record<PlayerID, string>): string {
  const none = () => undefined;
  return renderToStaticMarkup(
    <CardSection
      {...({
        G,
        ctx: { currentPlayer: '0' },
        me: '0',
        names,
        sel: { card },
        setSel: none,
        act: new Proxy({}, { get: () => none }),
        putOuts: [],
      } as unknown as PanelProps & { me: PlayerID })}
    />,
  );
}

describe('Touched On Tram Tracker choice', () => {
  it("counts each opponent's cards after a dot, one in the singular", () => {
    const G = emptyTable(3, '0');
    const [tracker] = give(G, '0', ['tramTracker', 'E96']);
    give(G, '1', ['E86']);
    give(G, '2', ['E86', 'E19']);
    const html = cardSection(G, tracker, { '0': 'Ana', '1': 'Ben', '2': 'Cy' });
    expect(html).toMatch(/data-testid="tracker-target-1">Ben · 1 card</);
    expect(html).toMatch(/data-testid="tracker-target-2">Cy · 2 cards</);
  });

  it("names a bot with its level and its cards, without brackets in brackets (it read 'Bot 2 (normal) (9 cards)')", () => {
    const G = emptyTable(3, '0');
    const [tracker] = give(G, '0', ['tramTracker', 'E96']);
    give(G, '1', ['E86', 'E86', 'E19', 'E19', 'E96', 'E96', 'E86', 'E19', 'U']);
    give(G, '2', ['E86']);
    const html = cardSection(G, tracker, { '0': 'Ana', '1': 'Bot 2 (normal)', '2': 'Bot 3 (hard)' });
    expect(html).toMatch(/data-testid="tracker-target-1">Bot 2 \(normal\) · 9 cards</);
    expect(html).toMatch(/data-testid="tracker-target-2">Bot 3 \(hard\) · 1 card</);
    expect(html).not.toMatch(/\) \(/);
  });
});

describe('Touched On Feet On Seat choice', () => {
  it("counts each opponent's Evaders in the current carriage after a dot, a bot's level kept in its name", () => {
    const G = emptyTable(3, '0');
    const [fos] = give(G, '0', ['feetOnSeat', 'E96']);
    give(G, '1', ['E86']);
    give(G, '2', ['E86']);
    const id = carriage(G, '96', [
      ['1', 'E96'],
      ['1', 'E96'],
      ['2', 'E96'],
    ]);
    setPlay(G, '96', '2', id);
    const html = cardSection(G, fos, { '0': 'Ana', '1': 'Bot 2 (normal)', '2': 'Cy' });
    expect(html).toMatch(/data-testid="fos-target-1">Bot 2 \(normal\) · 2 Evaders</);
    expect(html).toMatch(/data-testid="fos-target-2">Cy · 1 Evader</);
    expect(html).not.toMatch(/\) \(/);
  });
});

describe('Touched On board markup over seeded random games', () => {
  it.each([2, 3, 4])(
    'with %i players: raised cards are exactly the enumerated plays, no hidden card shows, prompts go to the right seat',
    (numPlayers) => {
      let renders = 0;
      let appealPrompts = 0;
      let trackerPrompts = 0;
      let raisedSeen = 0;
      let dimmedSeen = 0;
      for (let seed = 1; seed <= 2; seed++) {
        const end = playRandomly(numPlayers, 'board', numPlayers * 100 + seed, (s) => {
          const full = s.G;
          for (const p of [...Object.keys(full.players), null]) {
            const view = playerView(full, p);
            const html = render(view, s.ctx, p);
            renders++;
            expect(hiddenCardsShown(full, html, p), `seat ${p}`).toEqual([]);
            for (const q of Object.keys(full.players)) {
              if (q === p) continue;
              expect(html).toContain(
                `data-testid="hand-size-${q}">${full.players[q].handSize} card${full.players[q].handSize === 1 ? '' : 's'}<`,
              );
            }
            // Every public log entry is in the log, in words.
            expect(testIds(html, 'log-')).toHaveLength(full.log.length);
            expect(html).not.toContain('undefined');
            if (p === null) {
              expect(testIds(html, 'hand-card-')).toEqual([]);
              continue;
            }
            const mine = testIds(html, 'hand-card-').map((id) => id.slice('hand-card-'.length));
            expect(mine.sort()).toEqual([...(full.players[p].hand ?? [])].sort());
            const raised = raisedIn(html);
            expect(raised, `seat ${p} at turn ${full.turn.number}`).toEqual(usedByEnumerate(view, s.ctx, p));
            raisedSeen += raised.length;
            dimmedSeen += mine.length - raised.length;
            const pending = full.pending;
            if (pending?.kind === 'appeal') {
              if (pending.player === p) {
                appealPrompts++;
                expect(html).toContain('data-testid="appeal-prompt"');
                expect(html).toContain('data-testid="appeal"');
                expect(html).toContain('data-testid="accept"');
              } else {
                expect(html).not.toContain('data-testid="appeal"');
                expect(html).not.toContain('data-testid="accept"');
                expect(html).toContain('data-testid="waiting"');
              }
            }
            if (pending?.kind === 'tracker') {
              const takes = testIds(html, 'take-');
              const seenCards = testIds(html, 'seen-');
              const revealed = sortHand(full.trackerReveal!.cards);
              if (pending.player === p && full.players[p].handSize === 0) {
                // The Tram Tracker was the last card: the whole hand shown, nothing to take, one button on.
                trackerPrompts++;
                expect(seenCards).toEqual(revealed.map((c) => `seen-${c}`));
                expect(takes).toEqual([]);
                expect(html).toContain('data-testid="tracker-nothing"');
              } else if (pending.player === p) {
                trackerPrompts++;
                // The whole revealed hand, in the hand's own order (by Line).
                expect(takes).toEqual(revealed.map((c) => `take-${c}`));
                expect(html).not.toContain('data-testid="tracker-nothing"');
              } else {
                expect(takes).toEqual([]);
                expect(seenCards).toEqual([]);
              }
            }
            const canEnd = enumerate(view, s.ctx, p).some((m) => m.move === 'endTurn');
            expect(html.includes('data-testid="end-turn"'), `end turn for ${p}`).toBe(canEnd);
            const canDraw = enumerate(view, s.ctx, p).some((m) => m.move === 'draw');
            expect(html.includes('data-testid="draw"'), `draw for ${p}`).toBe(canDraw);
          }
        });
        expect(end.ctx.gameover).toBeDefined();
        const html = render(playerView(end.G, '0'), end.ctx, '0');
        expect(html).toContain('data-testid="gameover"');
        const over = end.ctx.gameover as GameOver;
        expect(html.includes('data-testid="tiebreak"')).toBe(!!over.tieBreak);
        expect(testIds(html, 'final-').sort()).toEqual(Object.keys(end.G.players).map((p) => `final-${p}`));
      }
      // The walk really reached both kinds of card and the out-of-turn prompts.
      expect(renders).toBeGreaterThan(100);
      expect(raisedSeen).toBeGreaterThan(0);
      expect(dimmedSeen).toBeGreaterThan(0);
      expect(appealPrompts + trackerPrompts).toBeGreaterThan(0);
    },
    120_000,
  );

  it('the hidden-card check itself finds another hand when the unfiltered state is rendered', () => {
    const state = InitializeGame({ game: { ...TouchedOn, seed: 'detector' }, numPlayers: 3 }) as State<TOState>;
    const html = render(state.G, state.ctx, '0');
    const leaked = hiddenCardsShown(state.G, html, '0');
    // Rendering the full state shows nothing of the others' hands either: the board draws only the viewer's hand.
    expect(leaked).toEqual([]);
    // But the same markup, checked as seat 1, shows seat 0's hand: the check sees it.
    expect(hiddenCardsShown(state.G, html, '1').sort()).toEqual([...state.G.players['0'].hand!].sort());
  });
  it("hot-seat: a seat's board shows the last journey's summary when its screen last showed an earlier journey", () => {
    // A seeded random 3-player game, its states kept: seat 0's last screen in journey 1, then journey 2 some moves in.
    const states: State<TOState>[] = [];
    playRandomly(3, 'summary-unseen', 1, (s) => void states.push(s));
    const inJourney1 = states.filter((s) => s.G.journey === 1 && !s.ctx.gameover);
    const dealt = states.findIndex((s) => s.G.journey === 2);
    expect(inJourney1.length).toBeGreaterThan(0);
    expect(dealt).toBeGreaterThan(0);
    // Three moves into journey 2 (a bot's, while others held the device): no longer "just dealt".
    const now = states[dealt + 3];
    expect(now.G.journey).toBe(2);
    const view = (s: State<TOState>) => ({ G: playerView(s.G, '0'), ctx: s.ctx, _stateID: s._stateID });
    const last1 = view(inJourney1[inJourney1.length - 1]);
    const seen2 = view(states[dealt + 1]);
    const html = (unseen?: unknown[]) => render(view(now).G, now.ctx, '0', unseen ? { unseen } : {});
    // Its screen last showed journey 1: who finished it is shown once, as a board that stayed up would have.
    expect(testIds(html([last1, seen2]), 'journey-summary')).toContain('journey-summary');
    // Its screen already showed journey 2, or the board is opened afresh (a reload): not again.
    expect(testIds(html([seen2]), 'journey-summary')).not.toContain('journey-summary');
    expect(testIds(html(), 'journey-summary')).not.toContain('journey-summary');
  });
  it('says whom a Peak Hour binds in the banner: the viewer, on their turn and off it, not its owner', async () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['peakHour', 'E19']);
    give(G, '1', ['E19', 'E96']);
    give(G, '2', ['E19', 'E96']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'peakHour')).toBe(true);
    expect(await act(cl[0], 'endTurn')).toBe(true);
    const badge = (seat: string) => {
      const s = cl[Number(seat)].getState()!;
      return /data-testid="banner-peak">([^<]*)</.exec(render(s.G, s.ctx, seat))?.[1] ?? null;
    };
    // Player 1's turn: bound; player 2 too, off turn; player 0 played it and is not.
    expect(cl[1].getState()!.ctx.currentPlayer).toBe('1');
    expect(badge('1')).toBe('Peak Hour: you may add 1 card');
    expect(badge('2')).toBe('Peak Hour: you may add 1 card a turn');
    expect(badge('0')).toBeNull();
  });
});
