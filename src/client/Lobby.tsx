/** A game's lobby: the player's name, a new match, open matches, own matches, hot-seat, how to play. */
import { useEffect, useRef, useState } from 'react';
import { loadName, saveName } from './lobbyApi';
import { CreateMatch } from './CreateMatch';
import { MyMatches, OpenMatches } from './OpenMatches';
import { RecentMatches } from './RecentMatches';
import { hrefOf } from './route';
import { useGame } from './games';
import { nameProblem, NAME_FIRST } from './SetupFields';
import { BOT_LIKE_NAME, looksLikeBotName } from '../games/common/names';

/** The lobby page. */
export function Lobby({ showRules = false }: { showRules?: boolean }) {
  const game = useGame();
  const [name, setName] = useState(loadName);
  const nameRef = useRef<HTMLInputElement>(null);
  const nameBox = useRef<HTMLDivElement>(null);
  // Create or Join without a name (or with one refused): the reason is said under the name field, where the player is
  // taken (not by the button they pressed, far below on a phone). Typing a name clears it.
  const [nameError, setNameError] = useState('');
  const [asked, setAsked] = useState(0);
  const focusName = (problem?: string) => {
    setNameError(problem || nameProblem(name) || NAME_FIRST);
    setAsked((n) => n + 1);
  };
  useEffect(() => {
    if (!asked) return;
    nameRef.current?.focus({ preventScroll: true });
    // The field and the reason under it both in the window.
    nameBox.current?.scrollIntoView({ block: 'nearest' });
  }, [asked]);
  const howTo = useRef<HTMLElement>(null);
  // The games page's "How to play" link (#/g/<game>/rules): the rules open, in view.
  useEffect(() => {
    if (!showRules || !howTo.current) return;
    const details = howTo.current.querySelector('details');
    if (details) details.open = true;
    howTo.current.scrollIntoView({ block: 'start' });
  }, [showRules]);
  return (
    <div className="lobby" data-testid="lobby">
      <section className="card intro">
        <div className="field name-field" ref={nameBox}>
          <label className="label" htmlFor="player-name">
            Your name
          </label>
          <input
            ref={nameRef}
            id="player-name"
            data-testid="player-name"
            value={name}
            maxLength={24}
            autoComplete="nickname"
            placeholder="e.g. Ana"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'player-name-error' : undefined}
            onChange={(e) => {
              const typed = e.target.value;
              setName(typed);
              // A bot's kind of name is refused as it is typed; any other name clears the error.
              setNameError((was) =>
                looksLikeBotName(typed) ? BOT_LIKE_NAME : typed.trim() || was === BOT_LIKE_NAME ? '' : was,
              );
            }}
            onBlur={() => name.trim() && saveName(name.trim())}
          />
          {nameError && (
            <p className="error" role="alert" id="player-name-error" data-testid="name-error">
              {nameError}
            </p>
          )}
        </div>
        <div className="hotseat-link">
          <span className="muted">Everyone at one screen?</span>
          <a className="button" href={hrefOf({ page: 'hotseat', game: game.def.id })} data-testid="hotseat-link">
            Play hot-seat
          </a>
        </div>
      </section>
      <div className="lobby-grid">
        <CreateMatch name={name} onNeedName={focusName} />
        <div className="lobby-col">
          <section className="card how-to-play" data-testid="how-to-play" ref={howTo}>
            {/* Opened by the "How to play" link, closed again on the lobby itself (a new Help, not the same one left open). */}
            <game.Help key={showRules ? 'rules' : 'lobby'} />
          </section>
          <MyMatches />
          <OpenMatches name={name} onNeedName={focusName} />
          <RecentMatches />
        </div>
      </div>
    </div>
  );
}
