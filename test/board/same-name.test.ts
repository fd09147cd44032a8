/**
 * One name per player (src/games/common/same-name.ts): which names read as the same, and which hot-seat seats the
 * setup form refuses for it (src/client/SetupFields.tsx `sameNameSeats`), by the names the game would show.
 */
import { describe, expect, it } from 'vitest';
import { sameName } from '../../src/games/common/same-name';
import { sameNameSeats } from '../../src/client/SetupFields';
import type { SeatChoice } from '../../src/client/seats';

describe('sameName', () => {
  it.each([
    ['Ana', 'ana', true],
    ['Ana', ' Ána ', true],
    ['Zoë', 'ZOE', true],
    ['Ana  Lu', 'ana lu', true],
    ['Ana', 'Anna', false],
    ['Ana', 'Ana Lu', false],
    ['', '', false],
    ['  ', ' ', false],
  ])('"%s" and "%s": %s', (a, b, same) => {
    expect(sameName(a, b)).toBe(same);
  });
});

const human = (name: string): SeatChoice => ({ kind: 'human', level: 'normal', name });
const bot: SeatChoice = { kind: 'bot', level: 'hard', name: '' };

describe('sameNameSeats (hot-seat)', () => {
  it.each<[string, SeatChoice[], { seat: number; as: number }[]]>([
    ['four names of their own', [human('Ana'), human('Bruno'), human('Carla'), human('Duarte')], []],
    [
      'a second and a third Ana, the later seats',
      [human('Ana'), human('ána'), human('Bruno'), human(' ANA ')],
      [
        { seat: 1, as: 0 },
        { seat: 3, as: 0 },
      ],
    ],
    ['seats left empty, which the game calls Player 1, Player 2', [human(''), human(' '), human('Ana')], []],
    ['a name typed as an empty seat is called', [human('player 2'), human(''), human('Bruno')], [{ seat: 0, as: 1 }]],
    ['a bot beside people', [human('Ana'), bot, human('Bruno')], []],
    ["a name typed as a bot's (refused as bot-like too)", [human('Bot 2 (hard)'), bot], [{ seat: 0, as: 1 }]],
  ])('%s', (_, seats, same) => {
    expect(sameNameSeats(seats)).toEqual(same);
  });
});
