/**
 * The whole Get on Board board rendered to static markup, for what its banner and its waiting line say:
 * - at the game's end the banner no longer shows the last round's shape ("3 markers with 2 turns" stood beside
 *   "Game over", as if a plot were still to come), live or in a replay;
 * - a spectator at the departures is told what the table waits for, not only "Waiting…".
 */
import type { Ctx } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { shapeFor } from '../../../../src/games/get-on-board/data';
import { playerView } from '../../../../src/games/get-on-board/view';
import type { GobState } from '../../../../src/games/get-on-board/types';
import { END_STATE } from './fixture';
import { renderBoard } from './render-board';
import { freshState, startedState } from '../helpers';

function render(G: GobState, playerID: string | null, extra: { replay?: boolean; gameover?: boolean } = {}) {
  const ctx = { numPlayers: 3, turn: 1, currentPlayer: '0', playOrder: ['0', '1', '2'], phase: null } as unknown as Ctx;
  if (extra.gameover) ctx.gameover = G.result;
  return renderBoard(G, ctx, playerID, extra.replay);
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const banner = (html: string) => text(/<header[^>]*data-testid="banner"[^>]*>(.*?)<\/header>/.exec(html)![1]);
const waiting = (html: string) => text(/data-testid="waiting"[^>]*>(.*?)<\/p>/.exec(html)![1]).trim();

describe('Get on Board banner at the end', () => {
  const G: GobState = { ...startedState('rome', 3), round: 12, result: END_STATE.result };
  const shape = shapeFor(G.players['0'].variant, G.ticket!).label;

  it.each<[string, { gameover: boolean; replay?: boolean }]>([
    ['a seat, live', { gameover: true }],
    ["a replay from Ana's chair", { gameover: true, replay: true }],
  ])('shows no shape to plot once the game is over (%s)', (_, extra) => {
    const before = render({ ...G, result: undefined } as unknown as GobState, '0', { replay: extra.replay });
    expect(banner(before)).toContain(shape);
    const html = render(G, '0', extra);
    expect(banner(html)).toContain('Game over');
    expect(banner(html)).not.toContain(shape);
  });
});

describe('Get on Board spectator at the departures', () => {
  const G = freshState('rome', 3);

  it('says everyone is choosing before anyone has', () => {
    expect(waiting(render(playerView(G, null), null))).toBe('Everyone is choosing a departure.');
  });

  it("tells a seat that has chosen who is still choosing, in the game's waiting words", () => {
    const ticket = G.offers['1'][0];
    const some = { ...G, choices: { ...G.choices, '1': ticket } };
    const html = render(playerView(some, '1'), '1');
    const chosen = text(/data-testid="departure-chosen"[^>]*>(.*?)<\/p>/.exec(html)![1]).trim();
    expect(chosen).toBe(`You keep ticket ${ticket}: departure ${ticket}. Waiting for Ana, Carla to choose…`);
  });

  it('names who is still choosing once some have chosen', () => {
    const some = { ...G, choices: { ...G.choices, '1': G.offers['1'][0] } };
    expect(waiting(render(playerView(some, null), null))).toBe('Waiting for Ana, Carla to choose a departure…');
    // A replay seen as a spectator names them too, but nobody waits in a replay.
    expect(waiting(render(playerView(some, null), null, { replay: true }))).toBe('Ana, Carla to choose a departure.');
  });
});
