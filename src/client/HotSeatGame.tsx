/**
 * A hot-seat game: one boardgame.io client per seat on a shared `Local()`
 * master, so a player who must decide outside their turn moves as
 * themself. Only the acting
 * human's board is shown, behind a pass-the-device screen when the human at
 * the device changes. Bot seats move through their own client, from their
 * own view, after a short pause so the humans can follow.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Game } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { seatStyle, useGame, type GameBoardProps } from './games';
import { PassDevice } from './PassDevice';
import { chooseBotMove, randomMove } from './hotseatBot';
import type { HotSeatConfig } from './HotSeatSetup';
import { HOTSEAT_STORAGE_KEY, loadSeatMemory, saveSeatMemory, type TrailState } from './hotseatStore';
import { Deferred } from './Deferred';
import { TakeBack, TakeBackNotice } from './TakeBack';
import { hrefOf } from './route';
import { SeatDot } from './SeatDot';
import { useBoardFirstInView } from './shortScreen';
import { useEndBarRoom } from './endBar';
import { ConfirmBox } from './Confirm';
import { followNotes } from './hotseatNotes';
import { lastActionRecap } from './hotseatRecap';

/** How long the page says whose turn it is when the device changes hands without the pass screen. */
const HANDED_TO_MS = 4000;
/** Pause before a bot moves, in ms, unless the game was set up with another pace. */
const BOT_DELAY = 700;
/** How long a bot's move may take to show up before it counts as refused. */
const BOT_STUCK_MS = 3000;

type SeatClient = ReturnType<typeof Client>;
/** A seat's view of the game at one moment. */
type SeatState = NonNullable<ReturnType<SeatClient['getState']>>;
/**
 * Whether a seat's view of the game shows nothing that a spectator's does not
 * (both views of the same moment, and the same `G`): then its screen hides
 * nothing, and the device needs no pass screen to reach it.
 */
export function seesOnlyPublic(own: SeatState | null | undefined, spectator: SeatState | null | undefined): boolean {
  if (!own || !spectator || own._stateID !== spectator._stateID) return false;
  return JSON.stringify(own.G) === JSON.stringify(spectator.G);
}

/** At most this many of a seat's states are kept between two of its screens. */
const TRAIL_MAX = 400;

/** Adds a seat's new state to what it has not been shown yet; false if it was there already. */
function remember(trails: Map<string, TrailState[]>, seat: string, state: SeatState): boolean {
  const trail = trails.get(seat) ?? [];
  if (trail.length > 0 && trail[trail.length - 1]._stateID === state._stateID) return false;
  trail.push(state);
  if (trail.length > TRAIL_MAX) trail.splice(0, trail.length - TRAIL_MAX);
  trails.set(seat, trail);
  return true;
}

/** A fresh game object per hot-seat game: it carries the setup options and gets its own local master. */
function hotSeatGame(game: Game, setupData: unknown): Game {
  return { ...game, setup: (context) => game.setup!(context, setupData) as unknown };
}

/** The running game; at its end, the way on: the same table again, other players, or the lobby. */
export function HotSeatGame(props: {
  config: HotSeatConfig;
  matchID: string;
  onQuit: () => void;
  onPlayAgain: () => void;
  onChangePlayers: () => void;
}) {
  const { config, matchID } = props;
  const entry = useGame();
  const gameId = entry.def.id;
  const { clients, spectator } = useMemo(() => {
    const game = hotSeatGame(entry.def.game, config.setupData);
    // Persisted, so a reload resumes the game (see hotseatStore.ts).
    const multiplayer = Local({ persist: true, storageKey: HOTSEAT_STORAGE_KEY });
    const make = (playerID?: string) =>
      Client({ game, numPlayers: config.numPlayers, multiplayer, matchID, playerID, debug: false });
    return {
      clients: config.seats.map((_, i): SeatClient => make(String(i))),
      // Sees no hand: shown while bots play before any human has taken the device.
      spectator: make(),
    };
  }, [config, matchID, entry]);
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const [shown, setShown] = useState<string | null>(null);
  const [botError, setBotError] = useState('');
  /** "Quit game" asks first, in the page. */
  const [quitting, setQuitting] = useState(false);
  const alive = useRef(true);
  const botFor = useRef('');
  const failures = useRef(0);
  // Per human seat, the states its view went through since its screen last showed one (that one first). A seat's
  // board is mounted afresh when its player takes the device, and is given them (ShellBoardProps.unseen) to tell
  // what changed meanwhile, as a board that stayed up would have: its own screen only, from its own view. With the
  // last human who took the device, they are stored for a reload (hotseatStore.ts), which otherwise would forget
  // them before their seat's next screen.
  const [memory] = useState(() => loadSeatMemory(matchID));
  const trails = useRef(memory.trails);
  const [holder, setHolder] = useState(memory.holder);
  const logKeys = entry.def.logKeys;
  const saving = useRef(false);
  // Once for all the clients' updates of one move.
  const save = useCallback(() => {
    if (saving.current) return;
    saving.current = true;
    window.setTimeout(() => {
      saving.current = false;
      if (alive.current) saveSeatMemory(matchID, memory, logKeys ?? []);
    }, 0);
  }, [matchID, memory, logKeys]);

  useEffect(() => {
    alive.current = true;
    const all = [...clients, spectator];
    const unsubs = all.map((c) =>
      c.subscribe((s) => {
        if (s && c !== spectator && config.seats[Number(c.playerID)]?.kind === 'human')
          if (remember(trails.current, c.playerID!, s)) save();
        bump();
      }),
    );
    all.forEach((c) => c.start());
    return () => {
      alive.current = false;
      unsubs.forEach((u) => u());
      all.forEach((c) => c.stop());
    };
  }, [clients, spectator, config.seats, save]);

  const state = clients[0].getState();
  const acting = state ? entry.acting(state.G, state.ctx) : '0';
  const actingSeat = config.seats[Number(acting)];
  const humans = config.seats
    .map((s, i) => (s.kind === 'human' ? String(i) : null))
    .filter((s): s is string => s !== null);
  const single = humans.length <= 1;
  const over = !!state?.ctx.gameover;
  const endBar = useEndBarRoom<HTMLDivElement>(over);
  // A bot plays, and does not only decide within the turn of the human holding the device (as a bot deciding on an
  // inspection or a push within it does: a decision the game names, in that human's boardgame.io turn): with other
  // humans at the table, that human's hand goes out of sight (the table stays, as a spectator sees it), so the device
  // may be passed on at once; whoever is next, them again included, gets the pass screen. (A game whose round is one
  // boardgame.io turn keeps its first seat current all round: a bot plotting after that seat still plays.)
  const decidesWithin = !!state && state.ctx.currentPlayer === shown && entry.decision(state.G, state.ctx) !== null;
  const botPlays = !!state && !single && !over && actingSeat?.kind === 'bot' && !decidesWithin;
  useEffect(() => {
    if (botPlays) setShown(null);
  }, [botPlays]);
  const handOver = !!state && !single && !over && actingSeat?.kind === 'human' && acting !== shown;
  // The device goes to the acting human without the pass screen when their view shows nothing a spectator's does
  // not (a game whose secrets are all out): there is nothing to hide, from them or from the others.
  const nothingHidden = handOver && seesOnlyPublic(clients[Number(acting)].getState(), spectator.getState());
  const needPass = handOver && !nothingHidden;
  // On a phone held sideways, the board, not the page's header and bar, fills the first screen.
  const boardRef = useRef<HTMLDivElement>(null);
  useBoardFirstInView(boardRef, !!state && !needPass, shown);
  // Whose board is on screen: the only human, else the human holding the device (none yet, or a bot playing: no
  // hand shown); nobody's, as a spectator sees it, when only bots play (Bot 1's board called it "you" and showed its
  // hand as the viewer's). At the end, the last human who took the device, also when a bot made the last move: the final
  // scores and the table behind them are seen from a seat, with its hand, as when a human made it (after a reload
  // that forgot who it was, the first human).
  const viewer: string | null = single
    ? (humans[0] ?? null)
    : over
      ? (shown ?? (holder !== null && humans.includes(holder) ? holder : (humans[0] ?? null)))
      : botPlays
        ? null
        : nothingHidden
          ? acting
          : shown;
  const viewerClient = viewer === null ? null : clients[Number(viewer)];
  const viewerState = viewerClient?.getState();
  // What the viewer's screen shows is what it has been shown.
  const onShown = useCallback(
    (s: SeatState) => {
      if (viewer === null) return;
      trails.current.set(viewer, [s]);
      save();
    },
    [viewer, save],
  );
  const takeDevice = (seat: string) => {
    setShown(seat);
    setHolder(seat);
    memory.holder = seat;
    save();
  };
  // Handed over without the pass screen, the next board looks like the last one ("Your plot"): the page says
  // whose it is now, for a moment, where it is seen whatever the page's scroll.
  const [handedTo, setHandedTo] = useState<{ seat: string; at: number } | null>(null);
  useEffect(() => {
    if (!nothingHidden) return;
    setHandedTo({ seat: acting, at: Date.now() });
    takeDevice(acting);
  });
  useEffect(() => {
    if (!handedTo) return;
    const t = setTimeout(() => setHandedTo(null), HANDED_TO_MS);
    return () => clearTimeout(t);
  }, [handedTo]);
  // The notes (whose turn it now is; a bot playing) stand in the window's bottom-right corner, above what the board
  // pins there (a phone's sheet with its Confirm), and off any control (hotseatNotes.ts): at the window's top the
  // first covered the board's banner, scrolled there, and the round's ticket in it; the second, in the page's flow
  // above the board, pushed the board down by its height at every bot's turn, and back up after it.
  const notesRef = useRef<HTMLDivElement>(null);
  const shownHanded = !!handedTo && handedTo.seat === acting && !over;
  const noted = shownHanded || botPlays;
  useLayoutEffect(() => {
    if (!noted || !notesRef.current) return;
    // Again while they show, whenever something moves: the board lays out and scrolls for its new seat, its pinned
    // sheet or its panel grows as the player taps markers (they would stand over its Confirm), the page scrolls, the
    // window turns.
    return followNotes(() => boardRef.current, notesRef.current);
  }, [noted, handedTo]);
  // While a bot plays the board on screen is a spectator's: the humans' hands are out of sight until the next one
  // takes the device, unless no human's view holds anything a spectator's does not (a game whose secrets are all
  // out), when there is nothing to hide and no pass screen to come.
  const hidesHands =
    botPlays && !humans.every((h) => seesOnlyPublic(clients[Number(h)].getState(), spectator.getState()));

  // Bot seats: choose from the bot's own view and move through its own client.
  useEffect(() => {
    if (!state || over || actingSeat?.kind !== 'bot') return;
    const key = `${state._stateID}:${acting}`;
    if (botFor.current === key) return;
    botFor.current = key;
    const client = clients[Number(acting)];
    const stateID = state._stateID;
    const play = async () => {
      if (!alive.current) return;
      const s = client.getState();
      if (!s || s._stateID !== stateID) return;
      let choice;
      try {
        choice =
          failures.current > 0
            ? randomMove(gameId, s.G, s.ctx, acting)
            : await chooseBotMove(gameId, s.G, s.ctx, acting, actingSeat.level, `${matchID}:${stateID}`);
      } catch (err) {
        console.warn(`bot ${acting} failed to choose; playing a random legal move`, err);
        choice = randomMove(gameId, s.G, s.ctx, acting);
      }
      if (!alive.current) return;
      const fn = choice ? (client.moves as Record<string, (...a: unknown[]) => void>)[choice.move] : undefined;
      if (!choice || !fn) {
        setBotError(`${config.names[acting]} found no legal move.`);
        return;
      }
      fn(...choice.args);
      window.setTimeout(() => {
        const after = client.getState();
        if (!alive.current || !after || after._stateID !== stateID) {
          failures.current = 0;
          return;
        }
        // The move was refused: try again with a random legal move, a few times.
        failures.current += 1;
        if (failures.current > 3) setBotError(`${config.names[acting]} is stuck: its moves are refused.`);
        else {
          botFor.current = '';
          bump();
        }
      }, BOT_STUCK_MS);
    };
    window.setTimeout(() => void play(), config.botDelayMs ?? BOT_DELAY);
  }, [version, state, over, acting, actingSeat, clients, config.names, config.botDelayMs, matchID, gameId]);

  if (!state) return <div className="board-loading">Setting up the table…</div>;

  const decision = entry.decision(state.G, state.ctx);
  const reason = decision ? `${config.names[acting]} ${decision}` : `It is ${config.names[acting]}'s turn.`;
  // What the last human's final action did: the device went on as they made it (hotseatRecap.ts).
  const recap = needPass
    ? lastActionRecap(
        entry,
        holder,
        holder === null ? undefined : trails.current.get(holder),
        state._stateID,
        config.names,
      )
    : null;

  return (
    <div className={`hotseat-game${over ? ' is-over' : ''}`} data-testid="hotseat-game">
      <div className="match-bar">
        <div className="seats-status">
          {config.seats.map((s, i) => (
            <span
              key={i}
              className={`seat-chip${String(i) === acting && !over ? ' acting' : ''}`}
              style={seatStyle(entry, i)}
              data-testid={`hs-seat-${i}`}
              title={config.names[String(i)]}
            >
              <SeatDot game={entry} seat={i} size={12} />
              <span className="chip-name">{config.names[String(i)]}</span>
              {String(i) === acting && !over && s.kind === 'bot' && (
                <>
                  {' '}
                  <span className="chip-note">thinking…</span>
                </>
              )}
            </span>
          ))}
        </div>
        {viewerState && viewerClient && !needPass && (
          <TakeBack
            G={viewerState.G}
            ctx={viewerState.ctx}
            playerID={viewerClient.playerID}
            stateID={viewerState._stateID}
            undo={viewerClient.undo}
            board={boardRef}
          />
        )}
        {!over && (
          <button
            type="button"
            className="ghost danger"
            aria-haspopup="dialog"
            aria-expanded={quitting}
            data-testid="hs-quit"
            onClick={() => setQuitting(true)}
          >
            Quit game
          </button>
        )}
        {!over && quitting && (
          // Asked in the page, as "Leave match" and "Discard it" ask (a browser's own dialog told nothing of the game).
          <ConfirmBox
            title="Quit this game?"
            text="It cannot be resumed."
            keepLabel="Keep playing"
            yesLabel="Quit"
            onKeep={() => {
              setQuitting(false);
              // Back to the button that asked, once the question has gone.
              setTimeout(() => document.querySelector<HTMLElement>('[data-testid="hs-quit"]')?.focus());
            }}
            onYes={props.onQuit}
            testid="hs-quit-confirm"
            keepTestid="hs-quit-keep"
            yesTestid="hs-quit-yes"
            className="confirm-leave"
          />
        )}
      </div>
      {botError && (
        <p className="error" role="alert">
          {botError}
        </p>
      )}
      {noted && (
        <div ref={notesRef} className="hotseat-notes">
          {shownHanded && (
            <p className="hotseat-note" role="status" data-testid="hs-handed-to">
              {config.names[acting]}'s turn
            </p>
          )}
          {botPlays && (
            <p className="hotseat-note bot-turn" role="status" data-testid="hs-bot-turn">
              {config.names[acting]} is playing.
              {hidesHands && ' Hands stay hidden until the next player takes the device.'}
            </p>
          )}
        </div>
      )}
      {needPass ? (
        <PassDevice
          seat={acting}
          name={config.names[acting]}
          reason={reason}
          recap={recap && { ...recap, name: config.names[recap.seat] }}
          onReady={() => takeDevice(acting)}
        />
      ) : (
        <div ref={boardRef} data-testid="hs-board">
          <SeatBoard
            key={viewer ?? 'spectator'}
            client={viewer === null ? spectator : clients[Number(viewer)]}
            matchID={matchID}
            names={config.names}
            trail={viewer === null ? undefined : trails.current.get(viewer)}
            onShown={onShown}
          />
        </div>
      )}
      {over && (
        // Above every game's end screen, as online (styles.css, .game-over-bar).
        <div ref={endBar} className="game-over-bar" role="status" data-testid="hs-end">
          {/* One row at every width, as online (OnlineBoard.tsx): the words read only up to 1,024 px, "Players" and
              "Lobby" named in full up to 700 px. */}
          <span className="end-note">The game is over.</span>
          <button type="button" className="primary" onClick={props.onPlayAgain} data-testid="hs-play-again">
            Play again
          </button>
          <button
            type="button"
            className="ghost"
            onClick={props.onChangePlayers}
            aria-label="Change players"
            data-testid="hs-change-players"
          >
            <span className="end-long">Change players</span>
            <span className="end-short">Players</span>
          </button>
          <a
            className="button ghost"
            href={hrefOf({ page: 'lobby', game: gameId })}
            aria-label="Back to the lobby"
            data-testid="hs-to-lobby"
          >
            <span className="end-long">Back to the lobby</span>
            <span className="end-short">Lobby</span>
          </a>
        </div>
      )}
    </div>
  );
}

/**
 * The board as one seat sees it, with the props boardgame.io's React client would pass, and the states of the
 * seat's `trail` it has not been shown (`unseen`, read as it mounts).
 */
function SeatBoard(props: {
  client: SeatClient;
  matchID: string;
  names: Record<string, string>;
  trail?: TrailState[];
  onShown: (state: SeatState) => void;
}) {
  const { Board } = useGame();
  const { client, onShown } = props;
  const state = client.getState();
  const [unseen] = useState(() => props.trail?.filter((s) => !!state && s._stateID < state._stateID) ?? []);
  const stateID = state?._stateID;
  useEffect(() => {
    const now = client.getState();
    if (now) onShown(now);
  }, [client, stateID, onShown]);
  if (!state) return null;
  const boardProps = {
    ...state,
    isMultiplayer: true,
    moves: client.moves,
    events: client.events,
    matchID: props.matchID,
    playerID: client.playerID,
    credentials: null,
    reset: client.reset,
    undo: client.undo,
    redo: client.redo,
    log: client.log,
    matchData: client.matchData,
    sendChatMessage: client.sendChatMessage,
    chatMessages: client.chatMessages,
    playerNames: props.names,
    unseen: unseen.length > 0 ? unseen : undefined,
  } as unknown as GameBoardProps;
  return (
    <>
      <TakeBackNotice log={client.log ?? []} stateID={state._stateID} names={props.names} playerID={client.playerID} />
      <Deferred what="the board">
        <Board {...boardProps} />
      </Deferred>
    </>
  );
}
