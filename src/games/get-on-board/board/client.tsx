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
import { COLOURS } from '../data';

/** No rule options: the map follows the player count (R17). The form says which. */
function RulesFields(props: RulesFieldsProps<Record<string, never>>) {
  const map = getMap(mapIdFor(props.numPlayers));
  return (
    <p className="field muted" data-testid={`${props.testid}-map`}>
      Map: <b>{map.name}</b> ({map.id === 'rome' ? 'Rome is for 2–3 players' : 'Paris is for 4–5 players'}).
    </p>
  );
}

/** The board, loaded when a match or hot-seat game is first shown. */
const GetOnBoardBoard = lazyNamed(() => import('./Board'), 'GetOnBoardBoard');

export const getOnBoardClient: ClientGame<Record<string, never>> = {
  def: getOnBoard,
  Board: GetOnBoardBoard,
  Help,
  seatColours: COLOURS.map((name, i) => ({ name, css: PLAYER_COLOURS[i] })),
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
};
