/** Touched On as the platform knows it (src/games/registry.ts). */
import type { GameDef } from '../registry';
import { TouchedOn } from './index';
import type { TOState } from './types';
import { touchedOnBots } from './bots';
import { canTakeBack } from './legal';

export const touchedOn: GameDef<TOState> = {
  id: TouchedOn.name!,
  alias: 'touched-on',
  title: 'Touched On',
  minPlayers: 2,
  maxPlayers: 4,
  pitch: "Melbourne's trams: shed your cards as fare evaders, and catch the others with undercover inspectors.",
  credit: 'Dylan Thorn & Oscar Jackson, 2017',
  rulesDoc: 'src/games/touched-on/RULES.md',
  game: TouchedOn,
  bots: touchedOnBots,
  canTakeBack,
  logKeys: ['log'],
  decisionTargetMs: 1000,
};
