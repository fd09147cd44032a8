/** 28 Trams of Lisbon as the platform knows it (src/games/registry.ts). */
import type { Ctx } from 'boardgame.io';
import type { GameDef } from '../registry';
import type { BotHooks } from '../../bots/hooks';
import { LisbonTram28 } from './index';
import type { GState } from './types';
import { scoreOf } from './selectors';
import { canTakeBack } from './legal';
import { botMoves } from './bots/candidates';
import { evaluate, scoreMoves } from './bots/heuristics';
import { determinize } from './bots/determinize';
import { applyMove, fastReducer, fromBgio, type BgioState, type Sim } from './bots/driver';

const bots: BotHooks<GState> = {
  moves: botMoves,
  scoreMoves: (G, ctx, playerID, moves) => scoreMoves(G, ctx, playerID, moves),
  evaluate: (G, _ctx, playerID) => evaluate(G, playerID),
  determinize: (view, _ctx, playerID, rng) => determinize(view, playerID, rng),
  actingPlayer: (G, ctx) => (ctx.gameover ? null : G.pending ? G.pending.player : ctx.currentPlayer),
  playout: {
    start: (state) => fromBgio(state, false),
    current: (sim) => sim as { G: GState; ctx: Ctx },
    apply: (sim, playerID, move, args) => applyMove(sim as Sim, playerID, move, args),
  },
  reducer: (state, action) => fastReducer(state as BgioState, action),
  seatStats: (G, _ctx, playerID) => ({ 'conn.': scoreOf(G, playerID).connections }),
};

export const lisbon: GameDef<GState> = {
  id: LisbonTram28.name!,
  alias: 'lisbon',
  title: '28 Trams of Lisbon',
  minPlayers: 2,
  maxPlayers: 4,
  pitch: 'Drive your tram through Lisbon, pick up passengers and drop them at the monuments.',
  credit: 'MEBO Games, 2021',
  rulesDoc: 'src/games/lisbon/RULES.md',
  game: LisbonTram28,
  bots,
  canTakeBack,
  logKeys: ['events'],
};
