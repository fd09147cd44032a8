/**
 * A copy of the state for a move to change (src/games/common/copy-on-call.ts):
 * the bench showed boardgame.io's Immer drafts costing about ten times the
 * rules themselves. Everything a rule changes is new; what the rules never
 * change is shared: the log's entries (only appended), the departure offers,
 * the seat order and a finished game's result. Outside production every
 * state is frozen whole, so a rule writing to a shared part throws in the tests.
 */
import type { GobState, PlayerID, Sheet } from './types';

/** A copy of one sheet: its arrays and rows are new. */
const forkSheet = (s: Sheet): Sheet => ({
  ...s,
  line: s.line.slice(),
  tickets: s.tickets.slice(),
  tourists: s.tourists.map((r) => ({ ...r })),
  flirts: s.flirts.map((r) => ({ ...r })),
  objectives: s.objectives.slice(),
  sites: s.sites.slice(),
});

/** A copy of the state that a move may change in place. */
export function fork(G: GobState): GobState {
  const players: Record<PlayerID, Sheet> = {};
  for (const id in G.players) players[id] = forkSheet(G.players[id]);
  return {
    ...G,
    players,
    deck: G.deck.slice(),
    revealed: G.revealed.slice(),
    choices: { ...G.choices },
    objectives: G.objectives.map((o) => ({ ...o })),
    log: G.log.slice(),
  };
}
