/**
 * Names and the bots' levels (src/games/common/names.ts): every level a bot can be given (src/bots/levels.ts) is
 * recognised in a bot's name, taken off it where room is short, and kept from a person's name; people's own names,
 * brackets and all, are left as they are.
 */
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS } from '../../src/bots/levels';
import { LEVELS } from '../../src/bots/mcts';
import { BOT_LEVELS as MENU_LEVELS, botName } from '../../src/client/seats';
import { looksLikeBotName, withoutBotLevel } from '../../src/games/common/names';

describe("a bot's name", () => {
  it('is offered for every level the search has settings for, and no other', () => {
    expect([...BOT_LEVELS].sort()).toEqual(Object.keys(LEVELS).sort());
    expect(MENU_LEVELS).toEqual(BOT_LEVELS);
  });

  it.each(BOT_LEVELS.flatMap((level) => [0, 1, 4].map((seat) => [seat, level] as const)))(
    'seat %i at %s reads as a bot and shows as "Bot n" where room is short',
    (seat, level) => {
      const name = botName(seat, level);
      expect(looksLikeBotName(name)).toBe(true);
      expect(withoutBotLevel(name)).toBe(`Bot ${seat + 1}`);
    },
  );

  it.each(['Ana (HARD)', 'Rui ( easy )', 'bot3', ' Bot 2 '])('a person may not take "%s"', (name) => {
    expect(looksLikeBotName(name)).toBe(true);
  });

  it.each(['Ana', 'Bottas', 'Bot', 'Ana (expert)', 'Rui (2)', '(normal) Ana', 'Robot 2'])(
    '"%s" is a person\'s name, shown whole',
    (name) => {
      expect(looksLikeBotName(name)).toBe(false);
      expect(withoutBotLevel(name)).toBe(name);
    },
  );

  it('keeps a name that is only a level in brackets', () => {
    expect(withoutBotLevel('(hard)')).toBe('(hard)');
  });
});
