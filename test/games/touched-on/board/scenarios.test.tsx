/**
 * The Touched On board in hand-made positions played through real
 * boardgame.io clients (one per seat, Local()): the Appeal prompt reaches the
 * victim only, a dimmed card carries the rules' reason, the end screen shows
 * how a tie was broken, DING is shown, and a new journey opens with the
 * previous journey's result.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import { TouchedOnBoard } from '../../../../src/games/touched-on/board/Board';
import { GameOverView } from '../../../../src/games/touched-on/board/Overlays';
import { BatchSection } from '../../../../src/games/touched-on/board/TurnSections';
import { NO_SELECTION, type Selection } from '../../../../src/games/touched-on/board/selection';
import type { Actions } from '../../../../src/games/touched-on/board/actions';
import { tieBreakText } from '../../../../src/games/touched-on/board/logic';
import { logText } from '../../../../src/games/touched-on/board/logText';
import { checkBatch, checkInspect } from '../../../../src/games/touched-on/legal';
import type { GameOver, PlayerID, TOState } from '../../../../src/games/touched-on/types';
import { act, carriage, emptyTable, flush, gameFrom, give, seats, setLineExp, type SeatClient } from '../helpers';

const NAMES = { '0': 'Ana', '1': 'Ben', '2': 'Cleo', '3': 'Dev' };

function render(G: TOState, ctx: Ctx, playerID: PlayerID | null): string {
  // boardgame.io's move dispatchers: rendering never calls them.
  const moves = new Proxy({}, { get: () => () => undefined });
  const props = { G, ctx, moves, events: {}, playerID, isActive: true, isMultiplayer: false, isConnected: true };
  return renderToStaticMarkup(<TouchedOnBoard {...(props as any)} playerNames={NAMES} />);
}

/** The board as a seat's client sees it. */
function seen(c: SeatClient): string {
  const s = c.getState()!;
  return render(s.G, s.ctx, c.playerID);
}

/** The title (reason) and playability of one hand card in the markup. */
function handCard(html: string, id: string): { playable: string; title: string } | null {
  const m = new RegExp(`data-testid="hand-card-${id}" data-playable="(yes|no)"[^>]*title="([^"]*)"`).exec(html);
  return m ? { playable: m[1], title: m[2] } : null;
}

/** HTML-escaped text, as renderToStaticMarkup writes it. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

describe('Touched On board scenarios', () => {
  it('offers accepting first when an Appeal would fail (an Authorised Inspector), Appeal still possible', async () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['E96', 'E96', 'appeal', 'E86']);
    const [a] = give(G, '1', ['A96', 'E19']);
    give(G, '2', ['E86', 'E86']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 2 })).toBe(true);
    // Holding a Power, Ana ends her turn herself.
    expect(await act(cl[0], 'endTurn')).toBe(true);
    expect(cl[1].getState()!.ctx.currentPlayer).toBe('1');
    expect(await act(cl[1], 'inspect', { card: a })).toBe(true);
    const victim = seen(cl[0]);
    expect(victim).toContain('An Appeal against an Authorised Inspector fails, but it gets rid of the card.');
    // Appeal is offered, but not as the way on: it was the highlighted button beside words saying it fails.
    expect(victim).toMatch(/<button type="button" data-testid="appeal">Appeal<\/button>/);
    expect(victim).toMatch(/<button type="button" class="primary" data-testid="accept">/);
  });

  it('sends the Appeal prompt to the victim only; the others wait', async () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['E96', 'E96', 'E86']);
    const [u] = give(G, '1', ['U', 'E19']);
    give(G, '2', ['E86', 'E86']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 2 })).toBe(true);
    // Ana has no legal play left (one batch per turn): her turn ended by itself.
    expect(cl[1].getState()!.ctx.currentPlayer).toBe('1');
    // Ben may inspect: his Undercover is raised.
    expect(handCard(seen(cl[1]), u)?.playable).toBe('yes');
    expect(await act(cl[1], 'inspect', { card: u })).toBe(true);

    const victim = seen(cl[0]);
    expect(victim).toContain('data-testid="appeal-prompt"');
    expect(victim).toContain('data-testid="appeal"');
    expect(victim).toContain('data-testid="accept"');
    expect(victim).toContain('you take the carriage&#x27;s 2 Evaders');
    expect(victim).toContain('You hold no Appeal.');
    // Without an Appeal in hand the victim's Appeal button is off and accepting is the way on.
    expect(victim).toMatch(/<button type="button" disabled="" data-testid="appeal">/);
    expect(victim).toMatch(/<button type="button" class="primary" data-testid="accept">/);
    for (const other of [cl[1], cl[2]]) {
      const html = seen(other);
      expect(html).not.toContain('data-testid="appeal-prompt"');
      expect(html).not.toContain('data-testid="appeal"');
      expect(html).not.toContain('data-testid="accept"');
      expect(html).toContain('Waiting for Ana to decide whether to Appeal');
    }

    expect(await act(cl[0], 'acceptInspection')).toBe(true);
    const after = seen(cl[1]);
    expect(after).not.toContain('data-testid="waiting"');
    // Ana took both Evaders back: Ben sees her count, not her cards.
    expect(after).toContain('data-testid="hand-size-0">3 cards<');
    expect(after).not.toMatch(/hand-card-E96/);
    expect(after).toContain('Ana accepts the fine.');
    // The inspected carriage is still the current one, and Ana still added to it last, but it is empty now:
    // nothing there to inspect, so it is not marked exposed.
    const current =
      /<div class="carriage current( exposed)?" data-testid="carriage-\d+"[^>]*><span class="carriage-label">Current<span class="label-more"> carriage<\/span> \(empty\)/.exec(
        after,
      );
    expect(current).not.toBeNull();
    expect(current![1]).toBeUndefined();
  });

  it('asks the target of Feet On Seat to take their Evaders back, not to accept a fine, and logs it so', async () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['E96', 'E96', 'E86']);
    give(G, '1', ['feetOnSeat', 'E19']);
    give(G, '2', ['E86', 'E86']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 2 })).toBe(true);
    expect(await act(cl[1], 'feetOnSeat', { target: '0' })).toBe(true);
    const victim = seen(cl[0]);
    expect(victim).toContain('Feet off the seat!');
    expect(victim).toMatch(/data-testid="accept">Take them back<\/button>/);
    expect(victim).not.toContain('fine');
    expect(await act(cl[0], 'acceptInspection')).toBe(true);
    const log = seen(cl[2]);
    expect(log).toContain('Ana does not Appeal.');
    expect(log).not.toContain('accepts the fine');
  });

  it('dims a card the rules refuse and gives their reason (RULINGS §13 example 3)', async () => {
    const G = emptyTable(4, '2');
    carriage(G, '109', [['0', 'E109']]);
    G.currentLine = '109';
    G.lastTurn = { player: '1', addedTo: null };
    const [u, e96] = give(G, '2', ['U', 'E96']);
    const cl = seats(gameFrom(G), 4);
    await flush();
    const s = cl[2].getState()!;
    const html = seen(cl[2]);
    const inspectWhy = checkInspect(s.G, s.ctx, '2', { card: u });
    const batchWhy = checkBatch(s.G, s.ctx, '2', { line: '96', count: 1 });
    expect(typeof inspectWhy).toBe('string');
    expect(typeof batchWhy).toBe('string');
    expect(handCard(html, u)).toEqual({ playable: 'no', title: esc(inspectWhy as string) });
    expect(handCard(html, e96)).toEqual({ playable: 'no', title: esc(batchWhy as string) });
    // Nothing playable: the draw button, and no end turn.
    expect(html).toContain('data-testid="draw"');
    expect(html).not.toContain('data-testid="end-turn"');
    expect(html).not.toContain('data-testid="play-batch"');
    // The Line 109 carriage shows who played its card; 109 is the current line.
    expect(html).toMatch(/data-testid="placed-E109-\d"[^>]*title="Ana"/);
    expect(html).toContain('data-testid="count-109">1/9 · current<');
  });

  it('shows the end screen with each player’s Exp and how the tie was broken', async () => {
    const G = emptyTable(2, '0');
    carriage(
      G,
      '86',
      Array.from({ length: 8 }, () => ['1', 'E86'] as [string, string]),
    );
    G.currentLine = '86';
    G.lastTurn = { player: '1', addedTo: null };
    setLineExp(G, '96', null);
    setLineExp(G, '86', 'X1-6');
    // Ana 2+2+2+1+1+1 = 9 (+1 to come), Ben 3+3+2+1+1 = 10.
    const ana = ['X2-1', 'X2-2', 'X2-4', 'X1-1', 'X1-2', 'X1-3'];
    const ben = ['X3-1', 'X3-2', 'X2-3', 'X1-4', 'X1-5'];
    G.expPile = G.expPile.filter((e) => !ana.includes(e) && !ben.includes(e));
    expect(G.expPile).toEqual([]);
    G.expPileCount = 0;
    Object.assign(G.players['0'], { exp: ana, expCount: ana.length, lastExpAt: 1 });
    Object.assign(G.players['1'], { exp: ben, expCount: ben.length, lastExpAt: 2 });
    G.expTakings = 2;
    give(G, '0', ['E86', 'E96']);
    give(G, '1', ['E96']);
    const cl = seats(gameFrom(G), 2);
    const before = seen(cl[0]);
    expect(before).toContain('data-testid="line-exp-86"');
    expect(before).toMatch(/data-testid="line-exp-86">.*Exp hidden/);
    expect(before).toMatch(/data-testid="exp-1"[^>]*>5 Exp cards</);
    // Ana plays the 9th Evader of 86: she unlocks the last Exp and the game ends, 10 to 10.
    expect(await act(cl[0], 'playEvaders', { line: '86', count: 1 })).toBe(true);
    const s = cl[1].getState()!;
    const over = s.ctx.gameover as GameOver;
    expect(over.winner).toBe('0');
    expect(over.tieBreak).toEqual({ tied: ['0', '1'], by: 'removal', rounds: 1 });
    const html = seen(cl[1]);
    expect(html).toContain('data-testid="gameover"');
    expect(html).toContain('Ana wins!');
    expect(html).toContain(
      'Ana and Ben tied on 10 Exp. Each removed their highest Exp card and counted again: Ana 8, Ben 7. Ana wins.',
    );
    // Every player's Exp cards, face up, with the removed highest card marked.
    const row = (p: string) => new RegExp(`data-testid="final-${p}".*?</tr>`).exec(html)![0];
    expect(row('0').match(/aria-label="Exp \d"/g)).toHaveLength(7);
    expect(row('1').match(/aria-label="Exp \d"/g)).toHaveLength(5);
    expect(row('0').match(/class="cf removed"/g)).toHaveLength(1);
    expect(row('1')).toMatch(/class="cf removed"[^>]*aria-label="Exp 3"/);
    expect(html).toContain('Ana fills line 86 and takes its Exp!');
    expect(html).not.toContain('data-testid="end-turn"');
  });

  it('tags each card on a Line with who added it, a bot without its level (the tooltip has the whole name)', async () => {
    const G = emptyTable(2, '0');
    const [e96] = give(G, '0', ['E96', 'E86']);
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    const s = cl[1].getState()!;
    const moves = new Proxy({}, { get: () => () => undefined });
    const props = { G: s.G, ctx: s.ctx, moves, events: {}, playerID: '1', isActive: true, isMultiplayer: false };
    const html = renderToStaticMarkup(
      <TouchedOnBoard {...(props as any)} playerNames={{ '0': 'Bot 1 (normal)', '1': 'Ben' }} />,
    );
    expect(html).toMatch(new RegExp(`data-testid="placed-${e96}" title="Bot 1 \\(normal\\)"`));
    expect(html).toContain('<span class="by-name">Bot 1</span>');
  });

  it('names three or more tied players as a list, and logs a Free Tram Zone with its Line and a shed Appeal as such', () => {
    const over: GameOver = {
      winner: '2',
      scores: {
        '0': { total: 4, cards: 2, exp: ['X3-1', 'X1-1'] },
        '1': { total: 4, cards: 2, exp: ['X2-1', 'X2-2'] },
        '2': { total: 4, cards: 2, exp: ['X2-3', 'X2-4'] },
      },
      tieBreak: { tied: ['0', '1', '2'], by: 'mostRecent', rounds: 2 },
    };
    expect(tieBreakText(over, NAMES)).toMatch(/^Ana, Ben and Cleo tied on 4 Exp/);
    const twoRounds: GameOver = {
      winner: '1',
      scores: {
        '0': { total: 6, cards: 3, exp: ['X3-1', 'X2-1', 'X1-1'] },
        '1': { total: 6, cards: 4, exp: ['X3-2', 'X1-2', 'X1-3', 'X1-4'] },
      },
      tieBreak: { tied: ['0', '1'], by: 'removal', rounds: 2 },
    };
    expect(tieBreakText(twoRounds, NAMES)).toBe(
      'Ana and Ben tied on 6 Exp. Each removed their highest Exp cards one at a time and counted again (after 1 card: Ana 3, Ben 3; after 2 cards: Ana 1, Ben 2): Ben wins.',
    );
    expect(logText({ type: 'power', player: '0', power: 'Free Tram Zone', line: '96' }, NAMES)).toBe(
      'Ana plays Free Tram Zone on line 96.',
    );
    expect(logText({ type: 'power', player: '0', power: 'Appeal' }, NAMES)).toBe(
      'Ana plays an Appeal with no effect, to get rid of it.',
    );
  });

  it('names the most recent Exp taker when the tie outlasts the cards', () => {
    const over: GameOver = {
      winner: '1',
      scores: {
        '0': { total: 3, cards: 2, exp: ['X2-1', 'X1-1'] },
        '1': { total: 3, cards: 2, exp: ['X1-2', 'X2-2'] },
      },
      tieBreak: { tied: ['0', '1'], by: 'mostRecent', rounds: 2 },
    };
    const html = renderToStaticMarkup(<GameOverView over={over} order={['0', '1']} names={NAMES} />);
    expect(html).toContain('Ben wins!');
    expect(html).toContain('Ben took an Exp card most recently and wins.');
    expect(html).toContain(
      'Ana and Ben tied on 3 Exp, and were still tied when their cards ran out (after 1 card: Ana 1, Ben 1; after 2 cards: Ana 0, Ben 0): Ben took an Exp card most recently and wins.',
    );
  });

  it('shows DING loudly, then the journey’s result when the next journey is dealt', async () => {
    const G = emptyTable(2, '0');
    give(G, '0', ['E96']);
    give(G, '1', ['E86', 'E86']);
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    const ding = seen(cl[1]);
    expect(ding).toContain('data-testid="ding-0"');
    expect(ding).toMatch(/data-testid="ding-0"[^>]*>DING!</);
    expect(ding).toContain('data-testid="banner-ding-0">DING! Ana<');
    expect(seen(cl[0])).toContain('data-testid="banner-ding-0">DING! You<');
    expect(ding).toContain('data-testid="hand-size-0">0 cards<');
    // Ben cannot touch Ana (no Inspector): he plays on, and Ana's finish is confirmed at the end of his turn.
    expect(await act(cl[1], 'playEvaders', { line: '86', count: 1 })).toBe(true);
    const s = cl[0].getState()!;
    expect(s.G.journey).toBe(2);
    const html = seen(cl[0]);
    expect(html).toContain('data-testid="journey-summary"');
    expect(html).toContain('data-testid="summary-0"');
    expect(html).toContain('Ana</b> finished 1st and took 2 Exp cards.');
    expect(html).toContain('Ana finishes 1st and takes 2 Exp cards.');
    expect(html).not.toContain('data-testid="ding-0"');
  });

  it('shows the chooser of a last-card Tram Tracker the target’s hand and a Take nothing button; the others wait', async () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['tramTracker']);
    const [e19, u] = give(G, '1', ['E19', 'U']);
    give(G, '2', ['E86']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'tramTracker', { target: '1' })).toBe(true);

    const ana = seen(cl[0]);
    expect(ana).toContain('data-testid="tracker-prompt"');
    expect(ana).toContain(esc("Tram Tracker: Ben's hand"));
    // Ben's whole hand, shown, none of it to take; one button goes on, with its reason.
    expect(ana).toContain(`data-testid="seen-${e19}"`);
    expect(ana).toContain(`data-testid="seen-${u}"`);
    expect(ana).not.toContain('data-testid="take-');
    expect(ana).not.toContain('data-testid="tracker-swap"');
    expect(ana).toMatch(
      /<button type="button" class="primary"[^>]*data-testid="tracker-nothing">Take nothing<\/button>/,
    );
    expect(ana).toContain('You have no other card to give, so you take nothing.');
    expect(ana).toMatch(/aria-describedby="([^"]+)"[^>]*data-testid="tracker-nothing"/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(ana)![1];
    expect(ana).toContain(`id="${describedBy}"`);

    expect(seen(cl[1])).toContain('Waiting for Ana to look at your hand…');
    expect(seen(cl[2])).toContain(esc("Waiting for Ana to look at Ben's hand…"));
    for (const other of [seen(cl[1]), seen(cl[2])]) {
      expect(other).not.toContain('data-testid="tracker-prompt"');
      expect(other).not.toContain('data-testid="seen-');
    }
    expect(seen(cl[2])).not.toContain(e19);

    expect(await act(cl[0], 'trackerSwap', { take: null, give: null })).toBe(true);
    const after = seen(cl[2]);
    expect(after).toContain(esc("Ana looks at Ben's hand and takes nothing: they have no other card to give."));
    expect(after).toContain('data-testid="banner-ding-0">DING! Ana<');
  });
  it('asks the player on turn to choose a raised card, in words for a finger, a mouse and the keyboard', async () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['E96', 'E86']);
    give(G, '1', ['E19']);
    give(G, '2', ['E86']);
    const [ana] = seats(gameFrom(G), 3);
    await flush();
    const html = seen(ana);
    const panel = html.slice(html.indexOf('data-testid="actions"'));
    expect(panel).toContain('Choose a raised card in your hand to play it.');
    expect(panel.replace(/<[^>]*>/g, ' ')).not.toMatch(/\b(click|tap)/i);
  });
  it('offers no Play button for an empty batch, and says what may go in it', async () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['E96', 'prioritySeat', 'E86']);
    give(G, '1', ['E19']);
    give(G, '2', ['E86']);
    const [ana] = seats(gameFrom(G), 3);
    await flush();
    const s = ana.getState()!;
    const panel = (sel: Partial<Selection>) =>
      renderToStaticMarkup(
        <BatchSection
          G={s.G}
          ctx={s.ctx}
          me="0"
          names={NAMES}
          sel={{ ...NO_SELECTION, ...sel }}
          setSel={() => undefined}
          act={{} as Actions}
          putOuts={[]}
        />,
      );
    const empty = panel({ line: '96', count: 0 });
    expect(empty).not.toContain('data-testid="play-batch"');
    expect(empty).toContain(
      'No card chosen yet: choose Evaders of line 96 in your hand or use +, or add your Priority Seat.',
    );
    expect(empty).toContain('data-testid="batch-cancel"');
    // A card in it: Play, and no hint.
    for (const sel of [
      { line: '96', count: 1 },
      { line: '96', count: 0, seat: true },
    ] as const) {
      const html = panel(sel);
      expect(html).toMatch(/data-testid="play-batch">Play 1 card on line 96</);
      expect(html).not.toContain('data-testid="batch-empty"');
    }
  });
});
