/**
 * "Take back" for every game that allows it (GameDef.canTakeBack): the
 * player's last action of this turn, when it revealed nothing and asked
 * nothing of anyone (each game's RULES.md says which). Also on Ctrl+Z / ⌘Z
 * outside text fields. The button is there for the whole of the player's own
 * turn and is disabled when there is nothing to take back, so it does not
 * jump in and out of the layout. While an action can be taken back and the
 * button is scrolled out of the window (a phone held sideways brings the board
 * to the top, under the page's bar), a copy of it floats for 8 seconds after
 * each such action, so that a finger has no need to scroll up for it (the copy
 * is hidden from screen readers, which keep the button itself). It stands at
 * the end of the board's banner (the element of the board with the class
 * BOARD_BANNER, src/games/common/board-props.ts), which sticks at the window's
 * top once the page is scrolled to the board and makes room for it
 * (styles.css), so that it covers none of the banner's words and nothing
 * under it: at the window's top-right corner it covered Touched On's
 * "Journey 1 · turn 1", Lisbon's "1 of 2 actions left" and "Turn 1", and at
 * 360 px a Line's card under Touched On's banner. Where a board has no
 * banner, it stands at that corner. On a phone held upright, where the
 * banner's first line (BOARD_BANNER_LEAD) wraps beside it, it stands at that
 * line's end instead, and only that line keeps the room (placeIn).
 * Everyone at the table is told when a player takes an action back
 * (TakeBackNotice), since its line leaves the game's log.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Ctx, LogEntry } from 'boardgame.io';
import { BOARD_BANNER, BOARD_BANNER_LEAD } from '../games/common/board-props';
import { useGame } from './games';
import { useLayoutEffectInBrowser } from './boardHooks';

export interface TakeBackProps {
  G: unknown;
  ctx: Ctx;
  playerID: string | null | undefined;
  /** The state's ID: a click waits for the next state before it may be clicked again. */
  stateID: number;
  undo: () => void;
  /** The element the page mounts the game's board in: the floating copy stands in the board's banner, found there. */
  board: RefObject<HTMLElement | null>;
}

/** Whether the key event is the take-back shortcut, outside a text field. */
function isShortcut(e: KeyboardEvent): boolean {
  if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return false;
  const t = e.target as HTMLElement | null;
  return !(t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)));
}

/**
 * Sends the take-back. boardgame.io's client first runs the UNDO through its own reducer, on a state the server
 * sent without its undo history (`_undo`, which the master never sends to a client, online or hot-seat): that run
 * always refuses and logs "ERROR: No moves to undo", then the action goes to the master, which takes the action
 * back for real and sends everyone the result. The dispatch is synchronous, so that one expected line is dropped
 * while it runs; any other error still reaches the console.
 */
export function sendUndo(undo: () => void): void {
  const log = console.error;
  console.error = (...args: unknown[]) => {
    if (args.length === 2 && args[0] === 'ERROR:' && args[1] === 'No moves to undo') return;
    log(...args);
  };
  try {
    undo();
  } finally {
    console.error = log;
  }
}

/** How long the floating copy of the button shows after an action that can be taken back. */
const FLOAT_MS = 8000;

/**
 * Where the floating copy stands: the board's banner (the element of the board with the class BOARD_BANNER, sticky at
 * the window's top), online or in hot-seat; null when there is none, or it is not positioned (the copy then stands at
 * the window's corner).
 */
function boardBanner(board: HTMLElement | null): HTMLElement | null {
  const banner = board?.querySelector<HTMLElement>(`.${BOARD_BANNER}`) ?? null;
  return banner && getComputedStyle(banner).position !== 'static' ? banner : null;
}

/** The floating copy's height (styles.css): a banner's lead as tall as this has room for it beside it alone. */
const FLOAT_PX = 44;
/** Where the copy is the arrow alone, and a banner's lead may hold it (styles.css). */
const UPRIGHT_PHONE = '(max-width: 600px)';

/**
 * Where in the banner the copy stands, with its room: the banner's lead (BOARD_BANNER_LEAD) when it has a box and,
 * laid out with the room at its end (as it is while the room is the banner's or its own: the same width either way),
 * its lines are as tall as the copy (it wrapped beside it); the banner otherwise. Only the lead then keeps the room,
 * and the lines under it take the banner's whole width: at 360 px a Lisbon banner holding "2 of 3 actions left", its
 * status wrapped onto 2 lines beside the room, took a 4th line when its scores and "Turn 1" lost the room's width too.
 */
function placeIn(banner: HTMLElement): HTMLElement {
  const lead = banner.querySelector<HTMLElement>(`:scope > .${BOARD_BANNER_LEAD}`);
  if (!lead || !matchMedia(UPRIGHT_PHONE).matches || lead.getClientRects().length === 0) return banner;
  let top = Infinity;
  let bottom = -Infinity;
  for (const item of lead.children) {
    if (item.matches('.take-back-float, .take-back-room')) continue;
    const r = item.getBoundingClientRect();
    if (r.height === 0) continue;
    top = Math.min(top, r.top);
    bottom = Math.max(bottom, r.bottom);
  }
  return bottom - top >= FLOAT_PX ? lead : banner;
}

/** The window's width, kept up to date while `on` (a phone turned sideways lays the banner out anew). */
function useWindowWidth(on: boolean): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 0 : window.innerWidth));
  useEffect(() => {
    if (!on) return;
    const onResize = () => setWidth(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [on]);
  return width;
}

/** Whether the element is in the window now, kept up to date (true until it is measured, or when it is gone). */
function useInView(): [(el: HTMLElement | null) => void, boolean] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [inView, setInView] = useState(true);
  useEffect(() => {
    if (!el || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const io = new IntersectionObserver((entries) => setInView(entries[entries.length - 1].isIntersecting));
    io.observe(el);
    return () => io.disconnect();
  }, [el]);
  return [setEl, inView];
}

/** The take-back button, for the seat `playerID` on its own turn (nothing otherwise). */
export function TakeBack(props: TakeBackProps) {
  const { def } = useGame();
  const { G, ctx, playerID, stateID, undo, board } = props;
  // The state the last click was made on: the button waits for the answer.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const check = def.canTakeBack;
  const mine = playerID != null && ctx.gameover === undefined && ctx.currentPlayer === playerID;
  const can = !!check && mine && check(G, ctx, playerID) && sentAt !== stateID;
  const latest = useRef({ can, send: () => {} });
  const [ref, inView] = useInView();
  // The copy shows for a while after each action that can be taken back, as a phone's "Undo" does, then goes.
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    if (!can) return setFresh(false);
    setFresh(true);
    const t = setTimeout(() => setFresh(false), FLOAT_MS);
    return () => clearTimeout(t);
  }, [can, stateID]);
  const floating = can && fresh && !inView;
  // Once the copy has shown, the banner keeps its room for it while something can be taken back and the bar is out
  // of view, after the copy has gone too: the board under the banner does not move 8 seconds after an action (with
  // the room, a 360 px Lisbon banner holding "2 of 3 actions left" took 4 rows instead of 2).
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (floating) setKept(true);
    else if (!can || inView) setKept(false);
  }, [floating, can, inView]);
  const room = floating || (kept && can && !inView);
  // The banner it stands in, found again after each action (a board drawn anew has a new one), and within it, once the
  // room is laid out at the banner's end, its lead where that has room for it alone (placeIn).
  const [host, setHost] = useState<HTMLElement | null>(null);
  const width = useWindowWidth(room);
  useLayoutEffectInBrowser(() => {
    const banner = room ? boardBanner(board.current) : null;
    if (!banner) return setHost(null);
    const inBanner = host?.isConnected && (host === banner || host.parentElement === banner);
    setHost(inBanner ? placeIn(banner) : banner);
  }, [room, stateID, board, host, width]);
  latest.current = {
    can,
    send: () => {
      setSentAt(stateID);
      sendUndo(undo);
    },
  };
  useEffect(() => {
    if (!check) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e) || !latest.current.can) return;
      e.preventDefault();
      latest.current.send();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [check]);
  if (!check || !mine) return null;
  const float = floating && (
    <button
      type="button"
      className="take-back-float"
      // Not focused by a click: it goes once the action is taken back, and focus would fall to the page's body.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => latest.current.send()}
      aria-hidden="true"
      tabIndex={-1}
      title="Take back"
      data-testid="take-back-float"
    >
      ↶<span className="take-back-float-label"> Take back</span>
    </button>
  );
  const banner = room && host?.isConnected ? host : null;
  return (
    <>
      {banner
        ? createPortal(float || <span className="take-back-room" hidden data-testid="take-back-room" />, banner)
        : float}
      <TakeBackButton can={can} send={() => latest.current.send()} buttonRef={ref} />
    </>
  );
}

/** The take-back button in the page's bar. */
function TakeBackButton(props: { can: boolean; send: () => void; buttonRef: (el: HTMLElement | null) => void }) {
  const { can } = props;
  return (
    <button
      ref={props.buttonRef}
      type="button"
      className="ghost small take-back"
      disabled={!can}
      onClick={props.send}
      aria-keyshortcuts="Control+Z"
      title={
        can
          ? 'Take back your last action (Ctrl+Z)'
          : 'Only an action of this turn that revealed nothing and asked nothing of anyone can be taken back'
      }
      data-testid="take-back"
    >
      ↶ Take back
    </button>
  );
}

/** "Ana took back an action", shown to everyone until the game moves on. */
export function TakeBackNotice(props: {
  log: readonly LogEntry[];
  stateID: number;
  names: Record<string, string>;
  /** The seat of this page, told "You took back…". */
  playerID?: string | null;
}) {
  const last = props.log[props.log.length - 1];
  // The UNDO entry is logged under the state it was made on; the state after it is one further.
  if (!last || last.action.type !== 'UNDO' || last._stateID !== props.stateID - 1) return null;
  const who = last.action.payload.playerID;
  const name = (who != null && props.names[who]) || `Player ${Number(who) + 1}`;
  return (
    <p className="notice take-back-notice" role="status" data-testid="take-back-notice">
      {who === props.playerID ? 'You took back your last action.' : `${name} took back their last action.`}
    </p>
  );
}
