/** The hot-seat page: setup (or resume the unfinished game), then the game. */
import { useEffect, useState } from 'react';
import { HotSeatSetup } from './HotSeatSetup';
import { Deferred, lazyNamed } from './Deferred';
import {
  clearHotSeat,
  hotSeatFinished,
  loadHotSeat,
  newHotSeat,
  setShownHotSeat,
  shownHotSeat,
  type SavedHotSeat,
} from './hotseatStore';
import type { HotSeatConfig } from './HotSeatSetup';
import { clientGame, useGame } from './games';
import { hrefOf } from './route';
import { ConfirmBox } from './Confirm';

/** The running game, with the boardgame.io client, is loaded when a game starts. */
const HotSeatGame = lazyNamed(() => import('./HotSeatGame'), 'HotSeatGame');

/** Setup until started, then the game. */
export function HotSeat() {
  const current = useGame();
  const [saved, setSaved] = useState(loadHotSeat);
  // A reload of a game on screen comes back to it (it showed the setup, with the game one "Resume" away).
  const [game, setGame] = useState<SavedHotSeat | null>(() =>
    saved && saved.matchID === shownHotSeat() && clientGame(saved.gameId ?? '') === current ? saved : null,
  );
  useEffect(() => {
    setShownHotSeat(game?.matchID ?? null);
    // Leaving the page (not reloading it: no effect is cleaned up then) leaves the game: a later visit offers the card.
    return () => setShownHotSeat(null);
  }, [game]);
  /** A new game asked for while another is unfinished: it waits for the player to confirm. */
  const [replacing, setReplacing] = useState<HotSeatConfig | null>(null);
  /** The settings the form starts from ("Change players" at a game's end, or "Quit game": that game's). */
  const [prefill, setPrefill] = useState<HotSeatConfig | null>(null);
  /** "Discard it" asked about an unfinished game: it waits for the player to confirm. */
  const [discarding, setDiscarding] = useState(false);
  const savedGame = saved ? clientGame(saved.gameId ?? '') : null;
  const start = (config: HotSeatConfig) => {
    setReplacing(null);
    const next = newHotSeat(current.def.id, config);
    setSaved(next);
    setGame(next);
  };
  if (game) {
    return (
      <Deferred what="the game">
        <HotSeatGame
          key={game.matchID}
          config={game.config}
          matchID={game.matchID}
          // The game is gone, its table is not: the setup comes back filled in with it, as after "Change players".
          onQuit={() => {
            setPrefill(game.config);
            clearHotSeat();
            setSaved(null);
            setGame(null);
            window.scrollTo(0, 0);
          }}
          // The same table again, as a new game (new seed) that replaces the finished one.
          onPlayAgain={() => start(game.config)}
          onChangePlayers={() => {
            setPrefill(game.config);
            setSaved(loadHotSeat());
            setGame(null);
            // The form starts at the page's top (it opened where the board had been scrolled, its header cut off).
            window.scrollTo(0, 0);
          }}
        />
      </Deferred>
    );
  }
  const finished = saved ? hotSeatFinished(saved) : false;
  const discard = () => {
    clearHotSeat();
    setSaved(null);
    setDiscarding(false);
  };
  return (
    <>
      {saved && (
        <section className="card narrow resume" data-testid="hs-resume-card">
          <h2 data-testid="hs-resume-title">
            {finished ? 'Finished game' : 'Unfinished game'}
            {savedGame !== current ? ` of ${savedGame!.def.title}` : ''}
          </h2>
          <p className="muted">
            {Object.values(saved.config.names).join(', ')} · started {new Date(saved.startedAt).toLocaleString()}
            {savedGame !== current && !finished && ' · starting a new game here replaces it'}
          </p>
          <div className="row">
            {savedGame === current ? (
              <button className="primary" onClick={() => setGame(saved)} data-testid="hs-resume">
                {finished ? 'See the end' : 'Resume'}
              </button>
            ) : (
              <a className="button primary" href={hrefOf({ page: 'hotseat', game: savedGame!.def.id })}>
                Go to it
              </a>
            )}
            <button
              className="ghost danger"
              aria-haspopup={finished ? undefined : 'dialog'}
              onClick={() => (finished ? discard() : setDiscarding(true))}
              data-testid="hs-discard"
            >
              Discard it
            </button>
          </div>
          {discarding && (
            // An unfinished game, one tap beside "Resume", cannot be had back: ask first, as "Quit game" does.
            <ConfirmBox
              title="Discard the unfinished game?"
              text={`${Object.values(saved.config.names).join(', ')}: it cannot be resumed.`}
              keepLabel="Keep it"
              yesLabel="Discard the game"
              onKeep={() => {
                setDiscarding(false);
                // Back to the button that asked, once the question has gone.
                setTimeout(() => document.querySelector<HTMLElement>('[data-testid="hs-discard"]')?.focus());
              }}
              onYes={discard}
              testid="hs-discard-confirm"
              keepTestid="hs-discard-keep"
              yesTestid="hs-discard-yes"
            />
          )}
        </section>
      )}
      <HotSeatSetup
        initial={prefill}
        onStart={(config) => (saved && !finished ? setReplacing(config) : start(config))}
      />
      {replacing && saved && (
        <section className="card narrow" role="alertdialog" aria-labelledby="hs-replace-title" data-testid="hs-replace">
          <h2 id="hs-replace-title">Start a new game?</h2>
          <p>
            The unfinished game{savedGame !== current ? ` of ${savedGame!.def.title}` : ''} (
            {Object.values(saved.config.names).join(', ')}) will be lost: only one hot-seat game is kept.
          </p>
          <div className="row">
            <button className="primary" autoFocus onClick={() => start(replacing)} data-testid="hs-replace-confirm">
              Start the new game
            </button>
            <button className="ghost" onClick={() => setReplacing(null)} data-testid="hs-replace-cancel">
              Keep the unfinished game
            </button>
          </div>
        </section>
      )}
    </>
  );
}
