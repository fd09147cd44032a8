/**
 * The replay of a finished match, for every game: the game's own board shows
 * each step of the stored log as a spectator saw it (or, the match being over, with every hidden card, from a chosen
 * player's chair), with a timeline (first, back, play, forward, last, a slider, a jump to a turn, or to a round in a
 * game that counts rounds; the ← and → keys step too) and the steps beside it in the game's own words, the current
 * step marked. On a phone (upright or sideways) and an upright tablet
 * the timeline is pinned to the window's bottom, so it stays in reach while the board scrolls (styles.css). On a phone
 * held sideways the page brings the board to the window's top once drawn, as a match's page does, the controls above
 * it one row a scroll away: at 844 × 390 the site's header and the controls, 191 px, left the board 143 px of the first
 * screen above the timeline. It opens at the start, so that a shared link does not give the result away before the
 * first move. A replay link can be shared.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { State } from 'boardgame.io';
import { useGame, type GameBoardProps } from './games';
import { navigate } from './route';
import { httpStatus, lobby } from './lobbyApi';
import { buildReplay, fetchReplay, periodOf, ReplayError, stepLabels, type Replay } from './replay';
import { useBoardFirstInView } from './shortScreen';

const PLAY_MS = 800;

/** Moves and events on a replay do nothing: any name is a function that ignores its call. */
const INERT = new Proxy({}, { get: () => () => undefined });

/** A player's name in the replay, or their seat's when they gave none. */
const seatName = (p: { id: number; name?: string }) => p.name ?? `Seat ${p.id + 1}`;

/** One of the timeline's arrows: a step to go to, off where it would go nowhere; `keys`, the key that does it too. */
function StepButton(props: {
  onStep: () => void;
  off: boolean;
  id: string;
  label: string;
  keys?: { key: string; glyph: string };
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={props.onStep}
      disabled={props.off}
      data-testid={props.id}
      aria-label={props.label}
      aria-keyshortcuts={props.keys?.key}
      title={props.keys ? `${props.label} (${props.keys.glyph})` : props.label}
    >
      {props.children}
    </button>
  );
}

/**
 * Whether a key pressed is the page's to take: not in a field or a control that moves with the arrow keys itself
 * (the slider, the jump's list, a board's own keyboard widget), nor with a modifier (the browser's own).
 */
function pageKey(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return false;
  const t = e.target instanceof Element ? e.target : null;
  return !t?.closest(
    'input, select, textarea, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="listbox"], ' +
      '[role="radiogroup"], [role="tablist"], [role="menu"], [role="grid"], [role="tree"]',
  );
}

/** The replay's page when the link names no finished match of this game: as the match page says it. */
function NoSuchReplay(props: { text: string }) {
  const game = useGame();
  return (
    <div className="card narrow" data-testid="match-gone">
      <h2>No such match</h2>
      <p className="error" role="alert">
        {props.text}
      </p>
      <button
        className="primary"
        data-testid="back-to-lobby"
        onClick={() => navigate({ page: 'lobby', game: game.def.id })}
      >
        Back to the lobby
      </button>
    </div>
  );
}

export function ReplayPage(props: { matchID: string }) {
  const game = useGame();
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<{ status: number; text: string } | null>(null);
  /** The link names no match of this game (unknown, malformed, or another game's). */
  const [gone, setGone] = useState('');
  /** The step shown, and how many times the board was opened afresh (see `goTo`). */
  const [{ at, opened }, setView] = useState({ at: 0, opened: 0 });
  /**
   * Show step `to`. A jump (anything but one step on or back) opens the board afresh, as a reload would: a board
   * keeps what it has shown (Touched On its last journey's summary, until closed), which is only true of the steps
   * it was shown one by one; jumped to the middle of a later journey, it would put up the summary of one long over.
   */
  const goTo = useCallback(
    (to: number) =>
      setView((v) => (to === v.at ? v : { at: to, opened: v.opened + (Math.abs(to - v.at) > 1 ? 1 : 0) })),
    [],
  );
  const [playing, setPlaying] = useState(false);
  /** Null: as a spectator saw it. A seat: everything shown (every hidden card), from that seat's chair. */
  const [viewAs, setViewAs] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setReplay(null);
    setError(null);
    setGone('');
    // The match's public record first: a match still being played, or none of this game, is told from it, without the
    // refused request for a replay that the browser's console would log as an error on a page showing none.
    lobby
      .getMatch(game.def.id, props.matchID)
      .then(
        (match) => {
          if (match.gameover === undefined)
            throw new ReplayError(409, 'This match is not over yet: its replay opens when it ends.');
        },
        (err: unknown) => {
          const status = httpStatus(err);
          if (status === 404 || status === 400) throw new ReplayError(status, `Match ${props.matchID} not found`);
        },
      )
      .then(() => fetchReplay(props.matchID))
      .then((data) => {
        if (!live) return;
        // Another game's match: its log means nothing to this game's rules.
        if (data.gameName !== game.def.game.name) {
          setGone(`This link names no ${game.def.title} match.`);
          return;
        }
        setReplay(buildReplay(game.def.game, data));
        goTo(0);
      })
      .catch((err: unknown) => {
        if (!live) return;
        const status = err instanceof ReplayError ? err.status : 0;
        if (status === 404 || status === 400) {
          setGone(
            status === 400
              ? 'This link does not name a match.'
              : 'There is no such match to replay (the link may be mistyped, or the match was removed).',
          );
          return;
        }
        setError({ status, text: err instanceof Error ? err.message : String(err) });
      });
    return () => {
      live = false;
    };
  }, [props.matchID, game, goTo]);

  const last = replay ? replay.states.length - 1 : 0;
  // The arrow keys step back and on, as the timeline's ◀ and ▶ do, wherever the focus is but in a control of its own.
  useEffect(() => {
    if (!replay) return;
    const onKey = (e: KeyboardEvent) => {
      const by = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
      if (by === 0 || !pageKey(e)) return;
      e.preventDefault();
      setView((v) => {
        const to = Math.max(0, Math.min(last, v.at + by));
        return to === v.at ? v : { at: to, opened: v.opened };
      });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [replay, last]);
  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => goTo(Math.min(last, at + 1)), PLAY_MS);
    return () => clearTimeout(t);
  }, [playing, at, last, goTo]);

  // The list of steps keeps the current one in sight as the timeline moves (by scrolling itself, not the page).
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const box = list.current;
    const row = box?.querySelector<HTMLElement>('li.current');
    if (!box || !row) return;
    const top = row.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (top < box.scrollTop) box.scrollTop = Math.max(0, top - 8);
    else if (top + row.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = top + row.offsetHeight - box.clientHeight + 8;
  }, [at, replay]);

  const names = useMemo(() => {
    const out: Record<string, string> = {};
    for (const p of replay?.data.players ?? []) if (p.name) out[String(p.id)] = p.name;
    return out;
  }, [replay]);

  // Held sideways, the board comes to the window's top once drawn (shortScreen.ts).
  const boardRef = useRef<HTMLDivElement>(null);
  useBoardFirstInView(boardRef, replay !== null);

  const spectatorView = game.def.game.playerView as
    ((a: { G: unknown; ctx: State['ctx']; playerID: null }) => unknown) | undefined;
  const period = useMemo(() => periodOf(game), [game]);
  // Each step in words, and the period (turn or round) of each state.
  const { labels, periods } = useMemo(
    () => (replay ? stepLabels(game, replay, names) : { labels: [] as string[], periods: [] as number[] }),
    [replay, game, names],
  );

  if (gone) return <NoSuchReplay text={gone} />;
  if (error?.status === 409) {
    // Not an error: the match is being played. Its page is one click away, to watch it (or play, from one's seat).
    return (
      <section className="card narrow" data-testid="replay-error">
        <h2>This match is not over yet</h2>
        <p>Its replay opens when it ends. Meanwhile, you can follow it on its page.</p>
        <div className="row">
          <button
            type="button"
            className="primary"
            onClick={() => navigate({ page: 'match', game: game.def.id, matchID: props.matchID })}
            data-testid="replay-to-match"
          >
            Open the match
          </button>
          <button
            type="button"
            className="ghost"
            onClick={() => navigate({ page: 'lobby', game: game.def.id })}
            data-testid="back-to-lobby"
          >
            Back to the lobby
          </button>
        </div>
      </section>
    );
  }
  if (error) {
    return (
      <section className="card narrow" data-testid="replay-error">
        <h2>{error.status === 409 ? 'This match is not over yet' : 'No replay'}</h2>
        <p className="error" role="alert">
          {error.text}
        </p>
        <button type="button" className="primary" onClick={() => navigate({ page: 'lobby', game: game.def.id })}>
          Back to the lobby
        </button>
      </section>
    );
  }
  if (!replay) return <p className="board-loading">Loading the replay…</p>;

  const state: State<unknown> = replay.states[at];
  const G: unknown =
    viewAs !== null || !spectatorView ? state.G : spectatorView({ G: state.G, ctx: state.ctx, playerID: null });
  const jumps = [...new Set(periods)];
  const boardProps = {
    ...state,
    G,
    log: [],
    moves: INERT,
    events: INERT,
    playerID: viewAs,
    matchID: props.matchID,
    isActive: false,
    isMultiplayer: false,
    isConnected: true,
    matchData: replay.data.players,
    playerNames: names,
    credentials: undefined,
    reset: () => {},
    undo: () => {},
    redo: () => {},
    sendChatMessage: () => {},
    chatMessages: [],
    // Its dialogs leave the timeline free (see ShellBoardProps.replay).
    replay: true,
  } as unknown as GameBoardProps;
  const { Board } = game;

  return (
    <div className="replay-page" data-testid="replay-page">
      <section className="card replay-bar" aria-label="Replay controls">
        <h2>Replay · {replay.data.players.map(seatName).join(', ')}</h2>
        <div className="replay-controls">
          {/* On a phone or an upright tablet the timeline is pinned to the window's bottom (styles.css). */}
          <div className="replay-timeline" data-testid="replay-timeline">
            <div className="replay-buttons">
              <StepButton onStep={() => goTo(0)} off={at === 0} id="replay-first" label="First step">
                |◀
              </StepButton>
              <StepButton
                onStep={() => goTo(Math.max(0, at - 1))}
                off={at === 0}
                id="replay-back"
                label="Step back"
                keys={{ key: 'ArrowLeft', glyph: '←' }}
              >
                ◀
              </StepButton>
              <button
                type="button"
                className="primary"
                onClick={() => {
                  // At the last step, Play plays the match again from its start.
                  if (!playing && at >= last) goTo(0);
                  setPlaying(!playing);
                }}
                data-testid="replay-play"
              >
                {playing ? 'Pause' : 'Play'}
              </button>
              <StepButton
                onStep={() => goTo(Math.min(last, at + 1))}
                off={at === last}
                id="replay-forward"
                label="Step forward"
                keys={{ key: 'ArrowRight', glyph: '→' }}
              >
                ▶
              </StepButton>
              <StepButton onStep={() => goTo(last)} off={at === last} id="replay-last" label="Last step">
                ▶|
              </StepButton>
            </div>
            <input
              type="range"
              min={0}
              max={last}
              value={at}
              onChange={(e) => goTo(Number(e.target.value))}
              aria-label="Step"
              data-testid="replay-slider"
            />
            <span data-testid="replay-step">
              Step {at} of {last}
            </span>
          </div>
          <label className="inline">
            {period.word}{' '}
            <select
              value={periods[at]}
              onChange={(e) => goTo(periods.indexOf(Number(e.target.value)))}
              data-testid="replay-turn"
            >
              {jumps.map((n) => (
                <option key={n} value={n}>
                  {period.option(n)}
                </option>
              ))}
            </select>
          </label>
          <div className="replay-show">
            <label className="inline">
              Seen by{' '}
              <select
                value={viewAs ?? ''}
                onChange={(e) => setViewAs(e.target.value === '' ? null : e.target.value)}
                aria-describedby={viewAs !== null ? 'replay-show-note' : undefined}
                data-testid="replay-show-all"
              >
                <option value="">a spectator</option>
                {/* The player's name alone, the rest said around it: "every hidden card, from <name>'s chair" was cut
                    short at 360 px, and a name of the lobby's 40 characters leaves no room for more. */}
                <optgroup label="a player, every hidden card shown">
                  {replay.data.players.map((p) => (
                    <option key={p.id} value={String(p.id)}>
                      {seatName(p)}
                    </option>
                  ))}
                </optgroup>
              </select>
            </label>
            {viewAs !== null && (
              <span id="replay-show-note" className="replay-show-note" data-testid="replay-show-note">
                from their chair, every hidden card shown
              </span>
            )}
          </div>
        </div>
        {replay.problems.length > 0 && (
          <p className="error" role="alert" data-testid="replay-problems">
            This replay does not match the stored match: {replay.problems[0]}
          </p>
        )}
      </section>
      <div className="replay-main">
        <div ref={boardRef} className="replay-board">
          <Board key={opened} {...boardProps} />
        </div>
        <ol start={0} ref={list} className="card replay-log" data-testid="replay-log" aria-label="Steps">
          <li className={at === 0 ? 'current' : undefined} aria-current={at === 0 ? 'step' : undefined}>
            <button type="button" className="linkish" onClick={() => goTo(0)}>
              Start
            </button>
          </li>
          {replay.steps.map((s, i) => (
            <li
              key={i}
              className={at === i + 1 ? 'current' : undefined}
              aria-current={at === i + 1 ? 'step' : undefined}
              data-testid={`replay-log-${i + 1}`}
            >
              <button type="button" className="linkish" onClick={() => goTo(i + 1)}>
                {labels[i]}
              </button>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
