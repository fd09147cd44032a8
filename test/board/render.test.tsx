/** The Board rendered to static markup from real engine states. */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import { Board } from '../../src/games/lisbon/board/Board';
import { GameOverView } from '../../src/games/lisbon/board/GameOverView';
import { ActionPanel, EMPTY_UI, type Actions } from '../../src/games/lisbon/board/ActionPanel';
import { destinationMap } from '../../src/games/lisbon/board/logic';
import { legalMoves } from '../../src/games/lisbon/legal';
import { network } from '../../src/games/lisbon/network';
import { gameOver } from '../../src/games/lisbon/scoring';
import type { GState, PlayerID } from '../../src/games/lisbon/types';
import { client, placingPassengers, position, pushedTram, seats, viewOf } from './helpers';

function render(G: GState, ctx: Ctx, playerID: PlayerID | null, extra: Record<string, unknown> = {}): string {
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

  return renderToStaticMarkup(<Board {...(props as any)} />);
}

function testIds(html: string, prefix: string): string[] {
  return [...html.matchAll(new RegExp(`data-testid="(${prefix}[^"]*)"`, 'g'))].map((m) => m[1]);
}

/**
 * The action panel's words for seat 0 of a fresh 2-player game holding the free move, in free-move mode, with the
 * destinations `options` gives for its view.
 */
function freeMoveWords(options: (G: GState) => React.ComponentProps<typeof ActionPanel>['moveOptions']): string {
  const G0 = position((g) => (g.players['0'].bonuses = ['freeMove']));
  const free = viewOf(client(2, 'x', G0), '0');
  return wordsOf(
    renderToStaticMarkup(
      <ActionPanel
        G={free.G}
        ctx={free.ctx}
        me="0"
        names={{}}
        ui={{ ...EMPTY_UI, mode: 'free' }}
        setUi={() => undefined}
        act={{} as Actions}
        moveOptions={options(free.G)}
        freeAvailable
      />,
    ),
    'actions',
  );
}

/** The words of a part of the board (from its `data-testid` to the end of its section), tags and entities gone. */
function wordsOf(html: string, testId: string): string {
  const from = html.indexOf(`data-testid="${testId}"`);
  expect(from, testId).toBeGreaterThan(-1);
  const part = html.slice(from, html.indexOf('</section>', from));
  return part
    .replace(/^[^>]*>/, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('Board markup', () => {
  it('names the bonus of a bonus stop even when it cannot be paid for', () => {
    const G0 = position((g) => {
      const stop = Object.values(network(g.side).node).find((n) => n.kind === 'bonus' && n.color)!;
      g.players['0'].position = stop.id;
      g.players['0'].hand = { red: 0, yellow: 0, green: 0, blue: 0 };
    });
    const c = client(2, 'x', G0);
    const { G, ctx } = viewOf(c, '0');
    const html = render(G, ctx, '0');
    const blocked = html.slice(html.indexOf('data-testid="bonus-blocked"'));
    expect(blocked).toMatch(
      /^[^>]*>The <b>[^<]+<\/b> bonus here costs 3 (red|yellow|green|blue) tickets\. You cannot pay 3 /,
    );
  });

  it("names a bot in the banner's score chips and the player panels without its level, which the title keeps", () => {
    const c = client();
    const { G, ctx } = viewOf(c, '0');
    const html = render(G, ctx, '0', { playerNames: { '0': 'Ana', '1': 'Bot 2 (normal)' } });
    const chip = /data-testid="banner-score-1"[^>]*>.*?<span class="pname">([^<]*)<\/span>/.exec(html);
    expect(chip?.[1]).toBe('Bot 2');
    expect(html).toMatch(/title="Bot 2 \(normal\): 0 VP, \d+ tickets" data-testid="banner-score-1"/);
    expect(html).toMatch(/<span class="pname">Ana<\/span>/);
    // In the player panels too: the level visually hidden (for screen readers), the whole name in the title.
    expect(html).toMatch(
      /<b class="player-name" title="Bot 2 \(normal\)">Bot 2<span class="visually-hidden"> \(normal\)<\/span><\/b>/,
    );
    expect(html).toMatch(/<b class="player-name" title="Ana">Ana<\/b>/);
  });

  it('says "1 ticket", not "1 tickets", in the player panel, the banner chip and the hand', () => {
    const one = { red: 1, yellow: 0, green: 0, blue: 0 };
    const G0 = position((G) => {
      for (const id of ['0', '1']) {
        G.players[id].hand = { ...one };
        G.players[id].handSize = 1;
      }
    });
    const { G, ctx } = viewOf(client(2, 'x', G0), '0');
    const html = render(G, ctx, '0', { playerNames: { '0': 'Ana', '1': 'Bruno' } });
    expect(html).toMatch(/title="Bruno: 0 VP, 1 ticket" data-testid="banner-score-1"/);
    expect(html).toContain('<span class="visually-hidden"> ticket</span>');
    expect(html).not.toContain('<span class="visually-hidden"> tickets</span>');
    expect(html).toContain('title="1 red ticket"');
    expect(html).toContain('title="0 blue tickets"');
  });

  it('draws every node of the side and highlights exactly the legal destinations', () => {
    const c = client();
    const { G, ctx } = viewOf(c, '0');
    const html = render(G, ctx, '0');
    const nodes = network(G.side).side.nodes.map((n) => `node-${n.id}`);
    expect(testIds(html, 'node-').sort()).toEqual(nodes.sort());
    const dests = legalMoves(G, ctx.currentPlayer, '0').map((o) => `dest-${o.to}`);
    expect(testIds(html, 'dest-').sort()).toEqual(dests.sort());
    expect(html).toContain('data-testid="turn-banner"');
    expect(html).toContain('Your turn');
    expect(html).toContain('data-testid="end-turn"');
    expect(html).toContain('data-testid="hand"');
    expect(html).toContain('data-testid="log"');
  });

  it('offers the player not on turn nothing but a waiting message, and no hidden hand', () => {
    const c = client();
    const { G, ctx } = viewOf(c, '1');
    const html = render(G, ctx, '1', { playerNames: { '0': 'Ana' } });
    expect(testIds(html, 'dest-')).toEqual([]);
    expect(html).not.toContain('data-testid="end-turn"');
    expect(html).toContain('Waiting for Ana to play');
    // Black sees their own tickets; Pink's panel shows only a count.
    const mine = viewOf(c, '1').G.players['1'].hand!;
    expect(html).toContain(`Your tickets (${mine.red + mine.yellow + mine.green + mine.blue})`);
    expect(G.players['0'].hand).toBeNull();
  });

  it('shows the pick-up choices at a stop, with the bell', () => {
    const G0 = position((g) => {
      g.players['0'].position = 'lapa';
      g.stops.lapa = { red: 1, yellow: 1, green: 0, blue: 0 };
      g.players['0'].hand = { red: 2, yellow: 2, green: 0, blue: 0 };
      g.players['0'].handSize = 4;
      g.players['0'].bonuses = ['draw3'];
    });
    const { G, ctx } = viewOf(client(2, 'x', G0), '0');
    const html = render(G, ctx, '0');
    expect(html).toContain('data-testid="pickup-none"');
    expect(html).toContain('data-testid="pickup-bell"');
    expect(html).toContain('data-testid="pickup-three"');
    expect(html).toContain('Draw-3 ready');
  });

  it('offers the claimable card at either end of the row', () => {
    const G0 = position((g) => {
      g.players['0'].position = 'estrela';
      g.players['0'].seats = { red: 1, yellow: 0, green: 0, blue: 1 };
      g.players['0'].row = ['chiado-1'];
      g.display[2] = 'estrela-1';
    });
    const { G, ctx } = viewOf(client(2, 'x', G0), '0');
    const html = render(G, ctx, '0');
    expect(testIds(html, 'dropoff-').sort()).toEqual(['dropoff-estrela-1-left', 'dropoff-estrela-1-right']);
  });

  it('asks the right player to place passengers, and tells the other who is choosing', async () => {
    const b = await placingPassengers();
    expect(b.G.pending?.kind).toBe('placePassengers');
    const html = render(b.G, b.ctx, '1');
    expect(
      testIds(html, 'place-')
        .filter((id) => !id.startsWith('place-btn'))
        .sort(),
    ).toEqual(['place-graca', 'place-rato']);
    expect(html).toContain('data-testid="decision"');
    expect(render(b.pink.G, b.pink.ctx, '0')).toContain(
      'Waiting for Black to place new passengers on an empty tram stop',
    );
  });

  it('offers the push branches to the pushed tram’s owner', async () => {
    const b = await pushedTram();
    const html = render(b.G, b.ctx, '1');
    expect(testIds(html, 'branch-').sort()).toEqual(['branch-0', 'branch-1', 'branch-path-0', 'branch-path-1']);
    expect(html).toContain('is pushing your tram');
  });

  it('offers the draw-3 choice with one button per colour drawn', async () => {
    const G0 = position((g) => {
      g.players['0'].position = 'lapa';
      g.players['0'].bonuses = ['draw3'];
      g.players['0'].hand = { red: 6, yellow: 6, green: 6, blue: 6 };
      g.players['0'].handSize = 24;
    });
    const [pink] = seats(2, G0);
    pink.moves.pickUp({ bell: 'three' });
    await new Promise((r) => setTimeout(r, 20));
    const p = viewOf(pink, '0');
    expect(p.G.pending?.kind).toBe('bellChoice');
    const drawn = p.G.pending!.kind === 'bellChoice' ? p.G.pending!.drawn : [];
    const html = render(p.G, p.ctx, '0');
    expect(testIds(html, 'keep-').sort()).toEqual([...new Set(drawn)].map((c) => `keep-${c}`).sort());
  });

  it('tells the player to choose a place, never to click it: the words hold for a finger, a mouse and the keyboard', async () => {
    // A move: the hint under "Move your tram".
    const { G, ctx } = viewOf(client(), '0');
    const move = wordsOf(render(G, ctx, '0'), 'actions');
    expect(move).toContain('Choose a highlighted place on the map.');
    // The free move (the board offers it as a mode of the move).
    const freeWords = freeMoveWords((G) => destinationMap(legalMoves(G, '0', '0', { free: true })));
    expect(freeWords).toContain('Choose a ★ place on the map: one move, no ticket, no action.');
    // New passengers to place, after a Monument card was claimed.
    const b = await placingPassengers();
    const place = wordsOf(render(b.G, b.ctx, '1'), 'decision');
    expect(place).toContain('Choose a highlighted stop on the map, or one here:');
    // A pushed tram's branch.
    const p = await pushedTram();
    const branch = wordsOf(render(p.G, p.ctx, '1'), 'decision');
    expect(branch).toContain('Choose where it goes, here or by its path on the map:');
    for (const words of [move, freeWords, place, branch]) expect(words).not.toMatch(/\b(click|tap)/i);
  });

  it('says how to play as the rules apply: a push goes beyond the destination, a link is a completed ticket, the third tie-breaker', () => {
    const { G, ctx } = viewOf(client(), '0');
    const html = render(G, ctx, '0');
    const from = html.indexOf('data-testid="help"');
    const help = html
      .slice(from, html.indexOf('</details>', from))
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ');
    // A tram passed over is pushed beyond the mover's destination, not to the next stopping place from where it stood.
    expect(help).toContain('is pushed on to the first stopping place beyond your destination');
    expect(help).not.toContain('pushed on to the next stopping place');
    expect(help).toContain('You and each pushed player draw 1 ticket (each at most once per turn)');
    // One VP per completed ticket (two halves), not per matching half.
    expect(help).not.toMatch(/halves between neighbouring cards score 1 VP each/);
    expect(help).toContain('Each ticket completed between neighbouring cards');
    expect(help).toContain('you pick up nothing and keep your tickets, but the action is spent');
    expect(help).toContain('on an empty tram stop of their choice, if there is one');
    expect(help).toContain('then the player latest in turn order (farthest from the first player)');
  });

  it('tells the others that a one-passenger bell waits only for the payment, not for a passenger to keep', async () => {
    const G0 = position((g) => {
      g.players['0'].position = 'baixa';
      g.stops.baixa = { red: 1, yellow: 0, green: 0, blue: 0 };
      g.players['0'].hand = { red: 1, yellow: 3, green: 0, blue: 3 };
      g.players['0'].handSize = 7;
      // Only red left to draw: the group becomes 2 red, paid 1 red + 3 yellow or 1 red + 3 blue, so the ringer is asked.
      g.bag = { red: 5, yellow: 0, green: 0, blue: 0 };
      g.passengerDiscard = { red: 0, yellow: 0, green: 0, blue: 0 };
    });
    const [pink, black] = seats(2, G0);
    pink.moves.pickUp({ bell: 'one' });
    await new Promise((r) => setTimeout(r, 20));
    const b = viewOf(black, '1');
    expect(b.G.pending).toMatchObject({ kind: 'bellChoice', drawn: ['red'] });
    const waiting = wordsOf(render(b.G, b.ctx, '1'), 'actions');
    expect(waiting).toContain('Waiting for Pink to choose how to pay for the group');
    expect(waiting).not.toContain('which passenger to keep');
  });

  it('says who draws a push ticket: the mover and each pushed player, unless they already drew one this turn', () => {
    const G0 = position((g) => {
      g.players['0'].position = 'baixa';
      g.players['1'].position = 'castelo';
    });
    const { G, ctx } = viewOf(client(2, 'x', G0), '0');
    const moveOptions = destinationMap(legalMoves(G, '0', '0'));
    expect(moveOptions.castelo[0].pushes).toBe(true);
    const words = wordsOf(
      renderToStaticMarkup(
        <ActionPanel
          G={G}
          ctx={ctx}
          me="0"
          names={{}}
          ui={{ ...EMPTY_UI, selected: 'castelo' }}
          setUi={() => undefined}
          act={{} as Actions}
          moveOptions={moveOptions}
          freeAvailable={false}
        />,
      ),
      'push-warning',
    );
    expect(words).toContain(
      'You and each pushed player draw 1 ticket, unless they already drew one for a push this turn.',
    );
    expect(words).not.toContain('Everyone involved');
  });

  it('does not blame the tickets when the free move reaches no place', () => {
    const words = freeMoveWords(() => ({}));
    expect(words).toContain('The free move can reach no place from here.');
    expect(words).not.toContain('with your tickets');
  });

  it('shows the final round banner and the end screen with tie-breaks', () => {
    const G0 = position((g) => {
      g.endTriggered = true;
      g.players['0'].row = ['chiado-1', 'castelo-1'];
      g.players['1'].row = ['carmo-1', 'castelo-2'];
    });
    const c = client(2, 'x', G0);
    const { G, ctx } = viewOf(c, '0');
    expect(render(G, ctx, '0')).toContain('data-testid="final-round"');
    const over = gameOver(G, ctx.playOrder);
    const html = renderToStaticMarkup(<GameOverView G={G} over={over} names={{}} />);
    expect(html).toContain('data-testid="gameover"');
    // Pink: 3 + 2 VP + 1 link = 6; Black: 3 + 2 VP + 0 links = 5.
    expect(over.winner).toBe('0');
    expect(html).toContain('Pink wins with the most points.');
    expect(testIds(html, 'final-')).toEqual(['final-0', 'final-1']);
    // The total comes right after the name (a phone shows it without scrolling), and how it adds up is said.
    const pink = html.slice(html.indexOf('data-testid="final-0"'));
    expect(pink).toMatch(/^[^>]*><td>1<\/td><td>.*?Pink<\/td><td><b>6<\/b><\/td><td>5<\/td><td>1<\/td>/);
    expect(html).toContain('data-testid="score-how"');
    expect(html).toContain(
      'Ties go to the most links, then the most passengers still on the tram, then the player latest in turn order (farthest from the first player).',
    );
  });

  it('opens the end screen on the board once the last round is over', () => {
    const G0 = position((g) => {
      g.endTriggered = true;
      g.players['1'].row = ['chiado-1'];
    });
    const c = client(2, 'x', G0);
    c.moves.endTurn();
    c.moves.endTurn();
    const { G, ctx } = viewOf(c, '0');
    expect(ctx.gameover).toBeDefined();
    const html = render(G, ctx, '0');
    expect(html).toContain('data-testid="gameover"');
    expect(html).toContain('Black wins with the most points.');
    expect(html).toContain('Game over');
    expect(html).not.toContain('data-testid="end-turn"');
    expect(testIds(html, 'dest-')).toEqual([]);
  });
});
