/** The match page's turn clock (src/client/TurnClock.tsx), rendered to static markup: whence it counts down. */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import { TurnClock } from '../../src/client/TurnClock';

const ctx = {
  turn: 3,
  currentPlayer: '1',
  activePlayers: null,
  numPlayers: 2,
  playOrder: ['0', '1'],
} as unknown as Ctx;
const names = { '0': 'Ana', '1': 'Bruno' };

const shown = (waitStart?: { key: string; at: number }, me?: string) =>
  renderToStaticMarkup(
    <TurnClock periodMs={60_000} ctx={ctx} G={{}} names={names} me={me} away={[]} waitStart={waitStart} />,
  ).replace(/<[^>]+>/g, '');

describe('turn clock countdown', () => {
  it('counts from the start the server stored for the current wait', () => {
    expect(shown({ key: '3|1', at: Date.now() - 45_000 })).toMatch(/^Clock: 0:1[45] for Bruno$/);
  });

  it('counts from when the page saw the wait begin without a start for it, or with a later one', () => {
    expect(shown()).toBe('Clock: 1:00 for Bruno');
    // The previous wait's start.
    expect(shown({ key: '3|0', at: Date.now() - 45_000 })).toBe('Clock: 1:00 for Bruno');
    // A server clock ahead of the page's.
    expect(shown({ key: '3|1', at: Date.now() + 5000 })).toBe('Clock: 1:00 for Bruno');
  });

  it('names the seat the page holds "you", and the others by name', () => {
    expect(shown(undefined, '1')).toBe('Clock: 1:00 for you');
    expect(shown(undefined, '0')).toBe('Clock: 1:00 for Bruno');
  });
});
