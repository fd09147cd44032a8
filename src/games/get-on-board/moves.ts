/**
 * The two moves: the secret departure choice and the whole plot of a turn
 * (R3). Each checks its arguments first and returns INVALID_MOVE with the
 * state untouched; only then does it change the state (a copy, fork.ts).
 */
import { INVALID_MOVE } from 'boardgame.io/core';
import { analysePlot, isSeat, type PlotArgs } from './legal';
import { placeMarker } from './effects';
import { afterPlot, revealDepartures, who } from './flow';
import { ownSheet, pushLog } from './fork';
import type { GobState, PlayerID } from './types';

/** What the moves read of boardgame.io's move context. */
export interface MoveContext {
  G: GobState;
  playerID: PlayerID;
  /** The state before the move, frozen (boardgame.io's, from the base-state plugin), when `G` is a copy of it. */
  base?: GobState;
}

/** Null when `args` is a departure this player may choose now, else the reason. */
export function checkDeparture(G: GobState, playerID: PlayerID, args: unknown): string | null {
  if (G.round !== 0) return 'Departures have been chosen.';
  if (!isSeat(G, playerID)) return 'There is no such player.';
  if (G.choices[playerID] !== null) return 'This player has already chosen.';
  if (typeof args !== 'object' || args === null || Object.keys(args).join() !== 'ticket') return 'Choose { ticket }.';
  const { ticket } = args as { ticket: unknown };
  if (typeof ticket !== 'number' || !G.offers[playerID].includes(ticket)) return 'That ticket was not dealt to you.';
  return null;
}

/** Keep one of your two departure tickets, in secret; when all have chosen, the pawns go down and round 1 starts. */
export function chooseDeparture({ G, playerID }: MoveContext, args?: unknown): GobState | typeof INVALID_MOVE | void {
  if (checkDeparture(G, playerID, args)) return INVALID_MOVE;
  // Replaced, not changed: the state before the move shares the choices.
  G.choices = { ...G.choices, [playerID]: (args as { ticket: number }).ticket };
  pushLog(G, { round: 0, player: playerID, text: `${who(G, playerID)} has chosen a departure.` });
  if (G.order.every((p) => G.choices[p] !== null)) revealDepartures(G);
}

/**
 * Place a plot's markers, then the Metro extra marker, applying each marker's
 * effects in order (R2), and cross `turnCost` Turn spaces (R4). No log, no
 * turn change: the `plot` move and the bots' look-ahead share it. Returns
 * true when a marker eliminates the player (R7: nothing follows it).
 */
export function placePlot(G: GobState, playerID: PlayerID, args: PlotArgs, turnCost: number): boolean {
  const sheet = ownSheet(G, playerID);
  // The Turn spaces the plot's joints use (R4): counted before placing, up to an eliminating marker.
  sheet.turnUsed += turnCost;
  for (const to of args.path) if (placeMarker(G, playerID, to)) return true;
  if (args.extra === undefined) return false;
  sheet.metroCrossed++;
  sheet.extraUsed = true;
  return placeMarker(G, playerID, args.extra);
}

/** Place this round's markers (and the Metro extra marker), applying each marker's effects in order (R2). */
export function plot({ G, playerID, base }: MoveContext, args?: unknown): GobState | typeof INVALID_MOVE | void {
  // Checked on the state boardgame.io holds, whose listed plots legal.ts remembers (G is still the same).
  const check = analysePlot(base ?? G, playerID, args, true);
  if (check.error) return INVALID_MOVE;
  const { path, extra } = args as PlotArgs;
  const line = G.players[playerID].line;
  const from = line[line.length - 1];
  const eliminated = placePlot(G, playerID, { path, extra }, check.turnCost);
  // The extra marker was placed when a Metro circle was crossed for it (on the sheet's new copy).
  const extraPlaced = extra !== undefined && G.players[playerID].extraUsed;
  let text = `${who(G, playerID)} plots ${[from, ...path].join(' → ')}`;
  if (extraPlaced) text += `, then crosses a Metro circle for an extra marker to ${extra}`;
  const points = [from, ...path, ...(extraPlaced ? [extra] : [])];
  pushLog(G, { round: G.round, player: playerID, text: `${text}.`, plot: points });
  if (eliminated) pushLog(G, { round: G.round, player: playerID, text: `${who(G, playerID)} is eliminated.` });
  afterPlot(G, playerID);
}
