/**
 * Whose name an online match page shows for each seat (`namesOf`, src/client/seats.ts): the lobby's seats,
 * re-read at every change the server announces, and the socket's, which boardgame.io sends only when a player
 * connects or drops, can disagree for a moment.
 */
import { describe, expect, it } from 'vitest';
import { namesOf } from '../../src/client/seats';

describe('online match page: whose name a seat shows', () => {
  it("the socket's, before the page has read the lobby", () => {
    expect(
      namesOf({
        matchData: [
          { id: 0, name: 'Ana' },
          { id: 1, name: 'Bruno' },
        ],
      }),
    ).toEqual({ 0: 'Ana', 1: 'Bruno' });
  });

  it("the lobby's, for a player who just sat down and whom the socket has not named yet", () => {
    const names = namesOf({
      matchData: [{ id: 0, name: 'Ana' }, { id: 1 }],
      lobbyPlayers: [
        { id: 0, name: 'Ana' },
        { id: 1, name: 'Bruno' },
      ],
    });
    expect(names).toEqual({ 0: 'Ana', 1: 'Bruno' });
  });

  it("the lobby's, when the seat changed hands and the socket still names the player who left it", () => {
    const names = namesOf({
      matchData: [
        { id: 0, name: 'Ana' },
        { id: 1, name: 'Bruno' },
      ],
      lobbyPlayers: [
        { id: 0, name: 'Ana' },
        { id: 1, name: 'Carla' },
      ],
    });
    expect(names).toEqual({ 0: 'Ana', 1: 'Carla' });
  });

  it("the socket's, for a seat the lobby lists empty (its player left a game under way)", () => {
    const names = namesOf({
      matchData: [
        { id: 0, name: 'Ana' },
        { id: 1, name: 'Bruno' },
      ],
      lobbyPlayers: [{ id: 0, name: 'Ana' }, { id: 1 }],
    });
    expect(names).toEqual({ 0: 'Ana', 1: 'Bruno' });
  });
});
