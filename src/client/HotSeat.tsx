/** The hot-seat page: setup (or resume the unfinished game), then the game. */
import { useState } from 'react';
import { HotSeatSetup } from './HotSeatSetup';
import { HotSeatGame } from './HotSeatGame';
import { clearHotSeat, loadHotSeat, newHotSeat, type SavedHotSeat } from './hotseatStore';

/** Setup until started, then the game. */
export function HotSeat() {
  const [game, setGame] = useState<SavedHotSeat | null>(null);
  const [saved, setSaved] = useState(loadHotSeat);
  if (game) {
    return (
      <HotSeatGame
        key={game.matchID}
        config={game.config}
        matchID={game.matchID}
        onQuit={() => {
          clearHotSeat();
          setSaved(null);
          setGame(null);
        }}
      />
    );
  }
  return (
    <>
      {saved && (
        <section className="card narrow resume" data-testid="hs-resume-card">
          <h2>Unfinished game</h2>
          <p className="muted">
            {Object.values(saved.config.names).join(', ')} · started {new Date(saved.startedAt).toLocaleString()}
          </p>
          <div className="row">
            <button className="primary" onClick={() => setGame(saved)} data-testid="hs-resume">
              Resume
            </button>
            <button
              className="ghost danger"
              onClick={() => {
                clearHotSeat();
                setSaved(null);
              }}
            >
              Discard it
            </button>
          </div>
        </section>
      )}
      <HotSeatSetup onStart={(config) => setGame(newHotSeat(config))} />
    </>
  );
}
