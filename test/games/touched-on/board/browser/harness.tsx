/**
 * A page for the browser test: one boardgame.io React client per seat over
 * Local(), all mounted, one shown (`window.__toSeat(seat)` switches), playing
 * the real Touched On game from the position in `window.__TO_PREPARED`.
 */
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Client } from 'boardgame.io/react';
import { Local } from 'boardgame.io/multiplayer';
import type { Game } from 'boardgame.io';
import { TouchedOn } from '../../../../../src/games/touched-on';
import { TouchedOnBoard } from '../../../../../src/games/touched-on/board/Board';
import type { TOState } from '../../../../../src/games/touched-on/types';

declare global {
  interface Window {
    __TO_PREPARED: TOState;
    __toSeat: (seat: string) => void;
    /** Height of a block above the boards, standing for a match page's controls (none when unset). */
    __TO_ABOVE?: number;
  }
}

const prepared = window.__TO_PREPARED;
const game: Game<TOState> = { ...TouchedOn, setup: () => structuredClone(prepared) } as Game<TOState>;
const Seat = Client({
  game,
  board: TouchedOnBoard,
  numPlayers: prepared.numPlayers,
  multiplayer: Local(),
  debug: false,
});
const NAMES = { '0': 'Ana', '1': 'Ben', '2': 'Cleo', '3': 'Dev' };

function App() {
  const [shown, setShown] = useState('0');
  window.__toSeat = setShown;
  return (
    <>
      {window.__TO_ABOVE ? <div data-testid="above" style={{ height: window.__TO_ABOVE }} /> : null}
      {Object.keys(prepared.players).map((id) => (
        <div
          key={id}
          id={`seat-${id}`}
          style={id === shown ? {} : { position: 'absolute', left: -99999, top: 0, width: 1000, visibility: 'hidden' }}
        >
          <Seat playerID={id} playerNames={NAMES} />
        </div>
      ))}
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
