/** Get on Board in the client: its board and what the generic pages ask of it (src/client/games.ts). */
import React from 'react';
import type { ClientGame, RulesFieldsProps } from '../../../client/games';
import { getOnBoard } from '../def';
import { actingPlayer, actingPlayers } from '../ai';
import { getMap, mapIdFor } from '../maps';
import '../maps/all';
import type { GobState } from '../types';
import { lazyNamed } from '../../../client/Deferred';
import { GetOnBoardPicture } from './Picture';
import { Help } from './Help';
import { PLAYER_COLOURS } from './palette';
import { PlayerMark } from './playerMark';
import { logText } from './sheetProps';
import { COLOURS } from '../data';

/**
 * No rule options: the map follows the player count (R17). The form says which, as its other fields do: a label,
 * then one line (a .field is a grid, so its text sits in one element, not row by row).
 */
function RulesFields(props: RulesFieldsProps<Record<string, never>>) {
  const map = getMap(mapIdFor(props.numPlayers));
  return (
    <div className="field" data-testid={`${props.testid}-map`}>
      <span className="label">Map</span>
      <span className="muted">
        <b>{map.name}</b>, {map.id === 'rome' ? 'for 2–3 players (Paris for 4–5)' : 'for 4–5 players (Rome for 2–3)'}
      </span>
    </div>
  );
}

/** The board, loaded when a match or hot-seat game is first shown. */
const GetOnBoardBoard = lazyNamed(() => import('./Board'), 'GetOnBoardBoard');

export const getOnBoardClient: ClientGame<Record<string, never>> = {
  def: getOnBoard,
  Board: GetOnBoardBoard,
  Help,
  seatColours: COLOURS.map((name, i) => ({ name, css: PLAYER_COLOURS[i] })),
  SeatMark: ({ seat, size }) => <PlayerMark colour={PLAYER_COLOURS[seat]} size={size} />,
  Picture: GetOnBoardPicture,
  rules: {
    initial: {},
    Fields: RulesFields,
    toSetupData: () => undefined,
  },
  acting: (G, ctx) => actingPlayer(G as GobState) ?? ctx.currentPlayer,
  waitsFor: (G, _ctx, playerID) => actingPlayers(G as GobState).includes(playerID),
  decision: (G) => ((G as GobState).round === 0 ? 'must choose a departure.' : null),
  describeSetup: () => 'Rome for 2–3, Paris for 4–5',
  // The departures are the only secret (view.ts): the offers, and which ticket each kept, until all have chosen.
  // From round 1 on a spectator sees what every player sees.
  spectatorUnseen: (G) => ((G as GobState).round === 0 ? "no one's departure tickets until everyone has chosen" : null),
  logLines: (G, names) => (G as GobState).log.map((e) => logText(e, G as GobState, names)),
};
